import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets
import Screens
import TermUI
import TermletsTestSupport

/// An in-memory record set for the list screen: `count` records, pages that answer at once,
/// hang until cancelled (`held`), wait until released (``gate(_:)``), fail (`failing`) or come
/// from the cache (`stale`).
actor FakeRecords {
    let count: Int
    var held: Set<Int> = []
    var failing: Set<Int> = []
    /// What a failing page throws.
    var failure = PortalError(kind: .network, message: "the portal cannot be reached")
    var stale = false
    /// Appended to every title (line breaks, tabs…).
    var titleSuffix = ""
    var marks: [Int64: QueueState] = [:]
    /// How long each page takes.
    var latency: Duration = .zero
    /// Pages after the requested one that come with its answer (a read-ahead), for pages past 0.
    var following = 0
    private(set) var requests: [PageRequest] = []
    /// Pages whose answers wait until ``release(page:)``.
    private var gated: Set<Int> = []
    private var gateWaiters: [Int: [CheckedContinuation<Void, Never>]] = [:]

    init(count: Int) { self.count = count }

    /// From now on, the answers of `pages` wait until each is released.
    func gate(_ pages: Set<Int>) { gated = pages }

    /// Lets the answer of `page` (waiting or to come) go on.
    func release(page: Int) {
        gated.remove(page)
        for waiter in gateWaiters.removeValue(forKey: page) ?? [] { waiter.resume() }
    }

    func configure(held: Set<Int>? = nil, failing: Set<Int>? = nil, stale: Bool? = nil, marks: [Int64: QueueState]? = nil,
                   latency: Duration? = nil, titleSuffix: String? = nil, failure: PortalError? = nil, following: Int? = nil) {
        if let following { self.following = following }
        if let failure { self.failure = failure }
        if let titleSuffix { self.titleSuffix = titleSuffix }
        if let latency { self.latency = latency }
        if let held { self.held = held }
        if let failing { self.failing = failing }
        if let stale { self.stale = stale }
        if let marks { self.marks = marks }
    }

    func requestCount() -> Int { requests.count }

    func answer(_ request: PageRequest) async throws -> PageResponse<DDLListRow> {
        requests.append(request)
        if gated.contains(request.page) {
            await withCheckedContinuation { gateWaiters[request.page, default: []].append($0) }
        }
        if latency > .zero { try await Task.sleep(for: latency) }
        if held.contains(request.page) {
            try await Task.sleep(for: .seconds(3600))
        }
        if failing.contains(request.page) {
            throw failure
        }
        let size = request.end - request.start
        let after = request.page == 0 || following == 0 ? [] : (1...following).map { offset in
            rows(request.start + offset * size..<min(request.end + offset * size, count))
        }
        let provenance = stale
            ? RowProvenance(source: .cache, storedAt: Date(timeIntervalSince1970: 1_790_000_000), stale: true) : .portal
        return PageResponse(rows: rows(request.start..<min(request.end, count)), rowCount: request.computeRowCount ? count : nil,
                            provenance: provenance, followingPages: after)
    }

    private func rows(_ range: Range<Int>) -> [DDLListRow] {
        range.map { index -> DDLListRow in
            let id = Int64(100_001 + index)
            let record = RecordData(json: [
                "modelValues": ["title": .string("Issue \(index + 1) — 課題" + titleSuffix), "priority": .string(["low", "high", "medium"][index % 3]),
                                "dueDate": .string("2026-12-\(String(format: "%02d", index % 28 + 1))")],
                "modelAttributes": ["recordId": .int(id), "userId": .int(index % 2 == 0 ? 20139 : 20140)],
            ])!
            return DDLListRow(record: record, labelFields: ["title", "priority", "dueDate"], pending: marks[id])
        }
    }
}

struct FakeRecordLoader: PageLoader {
    let records: FakeRecords
    func loadPage(_ request: PageRequest) async throws -> PageResponse<DDLListRow> {
        try await records.answer(request)
    }
}

enum ListFixtures {
    static let status = ConnectionStatus(server: "localhost:8080", user: "test@liferay.com", online: true, pendingWrites: 0)

    static let evenFields = [
        RecordListField(name: "title", title: "Title"), RecordListField(name: "priority", title: "Priority"),
        RecordListField(name: "dueDate", title: "Due date"),
    ]

    static func spec(_ records: FakeRecords, fields: [RecordListField] = evenFields) -> ListScreenSpec<DDLListRow> {
        ListScreenSpec.records(
            title: "Issues",
            fields: fields,
            configuration: DDLListConfiguration(recordSetId: 40002, labelFields: ["title", "priority", "dueDate"]),
            currentUserId: 20139,
            makeLoader: { _ in FakeRecordLoader(records: records) })
    }

    @MainActor
    static func runtime(_ records: FakeRecords, size: Size = Size(width: 80, height: 24), status: ConnectionStatus = ListFixtures.status)
        -> (Runtime<ListScreen<DDLListRow>>, HeadlessBackend)
    {
        let backend = HeadlessBackend(size: size)
        let screen = ListScreen(spec: spec(records), size: size, status: status, breadcrumbs: ["Demo site", "Issues"])
        let runtime = Runtime(program: screen, backend: backend)
        runtime.start()
        return (runtime, backend)
    }

    /// Waits until the runtime's model satisfies `condition`.
    @MainActor
    static func wait<P: Program>(_ what: String, _ runtime: Runtime<P>, _ condition: @escaping (P.Model) -> Bool) async throws {
        _ = try await waitFor(what, timeout: 60) { @MainActor in condition(runtime.model) ? true : nil }
    }

    /// Waits until the loader was asked for at least `count` pages.
    nonisolated static func waitForRequests(_ records: FakeRecords, atLeast count: Int) async throws {
        _ = try await waitFor("\(count) page requests", timeout: 60) { await records.requestCount() >= count ? true : nil }
    }

    /// Waits until the loader was asked for `page`.
    nonisolated static func waitForRequest(_ records: FakeRecords, page: Int) async throws {
        _ = try await waitFor("a request for page \(page)", timeout: 60) { await records.requests.contains { $0.page == page } ? true : nil }
    }

    /// The frame the program draws now.
    @MainActor
    static func frame<P: Program>(_ runtime: Runtime<P>, size: Size = Size(width: 80, height: 24)) -> Grid {
        runtime.program.view(runtime.model, size: size)
    }
}
