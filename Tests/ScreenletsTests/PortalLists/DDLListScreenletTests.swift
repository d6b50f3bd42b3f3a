import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Screenlets
import Testing
import TermletsTestSupport

@Suite("DDL list screenlet", .serialized)
struct DDLListScreenletTests {
    @Test("label fields are required, trimmed, empty ones dropped")
    func labelFields() async throws {
        let configuration = DDLListConfiguration(recordSetId: 40002, labelFields: [" Title ", "", "  ", "Priority"])
        #expect(configuration.labelFields == ["Title", "Priority"])
        #expect(throws: PortalError.self) {
            try DDLListScreenlet(
                configuration: DDLListConfiguration(recordSetId: 40002, labelFields: [" "]), calls: ServiceCalls(version: .v7),
                database: nil, invoke: { _ in [] })
        }
    }

    @Test("scrolling the 10,000 records to the end fetches each page at most once")
    func scrollToTheEnd() async throws {
        try await PortalFixture.with { fixture in
            let list = try fixture.issuesList(policy: .remoteFirst)
            let recorder = EventRecorder(list.events)
            await list.load()
            try await recorder.wait(for: "page 0") { $0.contains { if case .pageLoaded(0, _, 10_000, _) = $0 { true } else { false } } }
            var row = 0
            while row < 10_000 {
                let visible = min(28, 10_000 - row)
                await list.list.send(.viewport(ListWindow(firstRow: row, visibleCount: visible, cursor: row)))
                let last = row + visible - 1
                _ = try await waitFor("rows \(row)–\(last)", timeout: 60) { () -> Bool? in
                    guard case .loaded = await list.row(at: row), case .loaded = await list.row(at: last) else { return nil }
                    return true
                }
                row += 50
            }
            let last = await list.row(at: 9_999).row
            #expect(last?.recordId != nil)
            #expect(await list.row(at: 10_000).row == nil)
            let starts = try fixture.recordPageStarts()
            let distinct = Set(starts).count
            let pages = 1 + (10_000 - 50) / 25
            #expect(distinct == starts.count, "some pages were fetched twice")
            #expect(distinct == pages, "every page was fetched")
            await list.close()
        }
    }

    @Test("refresh keeps the rows until page 0 arrives")
    func refreshKeepsRows() async throws {
        try await PortalFixture.with { fixture in
            let list = try fixture.issuesList()
            let recorder = EventRecorder(list.events)
            await list.load()
            try await recorder.wait(for: "page 0") { events in
                events.contains { if case .pageLoaded(0, _, _, _) = $0 { true } else { false } }
            }
            let before = await list.row(at: 0).row?.recordId
            #expect(before != nil)
            await fixture.emulator.setFaults(FaultSettings(latencyMs: 300))
            await list.refresh()
            #expect(await list.list.engine.isRefreshing)
            #expect(await list.row(at: 0).row?.recordId == before, "the old row stays during the refresh")
            _ = try await waitFor("the refresh to end", timeout: 60) { await list.list.engine.isRefreshing ? nil : true }
            #expect(await list.row(at: 0).row?.recordId == before)
            #expect(try fixture.recordPageStarts().filter { $0 == 0 }.count == 2, "page 0 was loaded again")
            await list.close()
        }
    }

    @Test("search filters the loaded rows, ignoring case")
    func search() async throws {
        try await PortalFixture.with { fixture in
            let list = try fixture.issuesList(labelFields: ["Title", "Severity"])
            let recorder = EventRecorder(list.events)
            await list.load()
            try await recorder.wait(for: "page 0") { events in
                events.contains { if case .pageLoaded(0, _, _, _) = $0 { true } else { false } }
            }
            let errors = recorder.events.compactMap { if case .listError(_, let error) = $0 { "\(error)" } else { nil } }
            #expect(errors.isEmpty)
            // Prefetched pages may land between two searches: compare on page 0's rows, which stay.
            let all = await list.search("").filter { $0.index < 50 }
            #expect(all.map(\.index) == Array(0..<50))
            let hits = await list.search("ISSUE 1").filter { $0.index < 50 }
            #expect(!hits.isEmpty)
            #expect(hits.count < all.count)
            #expect(hits.allSatisfy { $0.row.labels[0].lowercased().contains("issue 1") })
            let expected = all.filter { $0.row.labels.contains { $0.lowercased().contains("issue 1") } }
            #expect(hits.map(\.index) == expected.map(\.index))
            #expect(await list.search("no such text anywhere").isEmpty)
            await list.close()
        }
    }

    @Test("user filter: only the viewer's records, counted by the portal")
    func userFilter() async throws {
        try await PortalFixture.with { fixture in
            let list = try fixture.issuesList(userId: 20140)
            let response = try await list.loadPage(0, withCount: true)
            #expect(response.rowCount == 2_500)
            #expect(response.rows.allSatisfy { $0.record.attributes["userId"]?.int64Value.map { $0 == 20140 } ?? true })
            await list.close()
        }
    }

    @Test("rows with queued edits are marked dirty, conflicts marked as such")
    func pendingMarks() async throws {
        try await PortalFixture.with { fixture in
            let list = try fixture.issuesList()
            let first = try await list.loadPage(0, withCount: true)
            let dirtyId = try #require(first.rows[1].recordId)
            let conflictId = try #require(first.rows[2].recordId)
            let queue = PendingQueue(database: fixture.database)
            try queue.enqueue(.updateRecord(recordId: dirtyId, recordSetId: 40002, values: ["Title": "edited"], baseModifiedDate: nil))
            let conflicting = try queue.enqueue(
                .updateRecord(recordId: conflictId, recordSetId: 40002, values: ["Title": "mine"], baseModifiedDate: nil))
            try queue.markConflict(conflicting.queueId, portalValue: ["Title": "theirs"])
            let marked = try await list.loadPage(0, withCount: true)
            #expect(marked.rows[0].pending == nil)
            #expect(marked.rows[1].isDirty)
            #expect(!marked.rows[1].isInConflict)
            #expect(marked.rows[2].isInConflict)
            await list.close()
        }
    }

    @Test("events: pageLoaded with provenance, listError, recordSelected; as JSON lines")
    func events() async throws {
        try await PortalFixture.with { fixture in
            let list = try fixture.issuesList(policy: .cacheOnly)
            let recorder = EventRecorder(list.events)
            await list.load()
            try await recorder.wait(for: "listError") { $0.contains { if case .listError = $0 { true } else { false } } }
            await list.close()

            let online = try fixture.issuesList(policy: .remoteFirst)
            let onlineEvents = EventRecorder(online.events)
            await online.load()
            try await onlineEvents.wait(for: "page 0") { !$0.isEmpty }
            await online.select(row: 3)
            try await onlineEvents.wait(for: "recordSelected") { $0.contains { if case .recordSelected(3, _) = $0 { true } else { false } } }
            let line = try #require(onlineEvents.events.first).jsonLine
            #expect(line.hasSuffix("\n"))
            #expect(line.dropLast().contains("\n") == false)
            let json = try JSONValue.parse(bytes: Array(line.utf8))
            #expect(json["event"] == "pageLoaded")
            #expect(json["source"] == "portal")
            #expect(json["storedAt"] == .null)
            #expect(json["rowCount"] == 10_000)
            #expect(json["rows"]?.arrayValue?.count == 50)
            await online.close()
        }
    }
}
