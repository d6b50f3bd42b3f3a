import DDM
import Screenlets
import Testing

// MARK: - A custom list on a call type of its own (links in a bookmarks-like service), written
// only against the public API (no @testable import). The real example is `BookmarksExample`.

/// The portal client's call type stands in here: a JSON web-service path and its parameters.
struct ServiceCall: Sendable, Hashable {
    let path: String
    let parameters: [String: JSONValue]
}

struct Link: ListModel, Equatable {
    let name: String
    let url: String

    init?(json: JSONValue) {
        guard let name = json["name"]?.stringValue, let url = json["url"]?.stringValue else { return nil }
        self.name = name
        self.url = url
    }
}

struct LinkList: ListPageSource, ListRowRenderer {
    typealias Row = Link
    struct MissingFolder: Error {}
    let groupId: Int64
    let folderId: Int64

    var cacheKey: ListCacheKey {
        ListCacheKey(collection: "LinkList", parameters: ["groupId": "\(groupId)", "folderId": "\(folderId)"])
    }

    func rowsRequest(start: Int, end: Int) -> ServiceCall {
        ServiceCall(path: "/bookmarks.bookmarksentry/get-entries", parameters: [
            "groupId": .int(groupId), "folderId": .int(folderId), "start": .int(Int64(start)), "end": .int(Int64(end)),
        ])
    }

    func countRequest() -> ServiceCall? {
        ServiceCall(path: "/bookmarks.bookmarksentry/get-entries-count",
                    parameters: ["groupId": .int(groupId), "folderId": .int(folderId)])
    }

    func validate() throws {
        if folderId <= 0 { throw MissingFolder() }
    }

    var columns: [ListColumn<Link>] {
        [ListColumn("Name") { $0.name }, ListColumn("URL") { $0.url }]
    }
}

// MARK: - A batch endpoint standing in for the portal's /api/jsonws/invoke

actor LinksEndpoint {
    var entries: [JSONValue]
    private(set) var batches: [[ServiceCall]] = []

    init(count: Int) {
        entries = (0..<count).map { ["name": .string("Site \($0)"), "url": .string("https://example.com/\($0)")] }
    }

    func corrupt(entry index: Int) { entries[index] = ["title": "no name"] }

    func invoke(_ calls: [ServiceCall]) -> [JSONValue] {
        batches.append(calls)
        return calls.map { call in
            switch call.path {
            case "/bookmarks.bookmarksentry/get-entries":
                let start = call.parameters["start"]?.intValue ?? 0
                let end = min(call.parameters["end"]?.intValue ?? 0, entries.count)
                return .array(start < end ? Array(entries[start..<end]) : [])
            case "/bookmarks.bookmarksentry/get-entries-count":
                return .int(Int64(entries.count))
            default:
                return .null
            }
        }
    }
}

@Suite("Custom lists: a recipe on a call type of its own")
struct CustomListTests {
    @Test func aLinksListPagesThroughTheEntriesWithTheCountInPage0sBatch() async throws {
        let endpoint = LinksEndpoint(count: 60)
        let list = PaginatedList(source: LinkList(groupId: 20143, folderId: 7)) { await endpoint.invoke($0) }
        await list.send(.viewport(ListWindow(firstRow: 40, visibleCount: 20, cursor: 59)))
        await list.send(.load)
        try await waitUntil("both pages arrive") { await list.row(at: 59).row != nil }

        #expect(await list.engine.rowCount == 60)
        #expect(await list.row(at: 59).row == Link(json: ["name": "Site 59", "url": "https://example.com/59"]))
        let batches = await endpoint.batches
        #expect(batches.first?.map(\.path) == ["/bookmarks.bookmarksentry/get-entries",
                                               "/bookmarks.bookmarksentry/get-entries-count"])
        #expect(batches.first?.first?.parameters["end"] == 50)
        #expect(batches.dropFirst().allSatisfy { $0.count == 1 }, "later pages send only the rows call")
        await list.close()
    }

    @Test func theRendererGivesOneTextPerColumn() throws {
        let source = LinkList(groupId: 1, folderId: 2)
        let link = try #require(Link(json: ["name": "Liferay", "url": "https://liferay.com"]))
        #expect(source.columns.map(\.title) == ["Name", "URL"])
        #expect(source.texts(for: link) == ["Liferay", "https://liferay.com"])
    }

    @Test func anInvalidSourceFailsThePageWithItsOwnError() async throws {
        let loader = BatchPageLoader(source: LinkList(groupId: 1, folderId: 0)) { _ in [] }
        await #expect(throws: LinkList.MissingFolder.self) {
            try await loader.loadPage(PageRequest(page: 0, layout: PageLayout()))
        }
    }

    @Test func aMalformedRowFailsThePageInsteadOfShiftingTheRows() async throws {
        let endpoint = LinksEndpoint(count: 60)
        await endpoint.corrupt(entry: 55)
        let loader = BatchPageLoader(source: LinkList(groupId: 1, folderId: 7)) { await endpoint.invoke($0) }
        await #expect(throws: ListLoadError.malformedRow(index: 55)) {
            try await loader.loadPage(PageRequest(page: 1, layout: PageLayout()))
        }
        let page0 = try await loader.loadPage(PageRequest(page: 0, layout: PageLayout()))
        #expect(page0.rows.count == 50)
        #expect(page0.rowCount == 60)
        #expect(page0.provenance == .portal)
    }

    @Test func aSourceWithoutACountMakesAStream() async throws {
        struct Uncounted: ListPageSource {
            var cacheKey: ListCacheKey { ListCacheKey(collection: "Numbers") }
            func rowsRequest(start: Int, end: Int) -> Range<Int> { start..<end }
            func row(from json: JSONValue) -> Int? { json.intValue }
        }
        let loader = BatchPageLoader(source: Uncounted()) { calls in
            #expect(calls.count == 1, "no count call to batch")
            return [.array(calls[0].prefix(30).map { .int(Int64($0)) })]
        }
        let page = try await loader.loadPage(PageRequest(page: 0, layout: PageLayout()))
        #expect(page.rowCount == nil)
        #expect(page.rows == Array(0..<30))
    }

    @Test func cacheKeysNameEveryParameterAndTheRowRange() {
        let key = LinkList(groupId: 20143, folderId: 7).cacheKey
        #expect(key.description == "LinkList(folderId=7,groupId=20143)")
        #expect(key.rowsKey(for: PageRequest(page: 1, layout: PageLayout())) == "LinkList(folderId=7,groupId=20143)/rows/50-75")
        #expect(key.countKey == "LinkList(folderId=7,groupId=20143)/count")
        #expect(LinkList(groupId: 20143, folderId: 8).cacheKey != key)
        // Reserved characters in values cannot make two different keys look the same.
        let tricky = ListCacheKey(collection: "L", parameters: ["a": "1,b=2"])
        let plain = ListCacheKey(collection: "L", parameters: ["a": "1", "b": "2"])
        #expect(tricky.description != plain.description)
        #expect(tricky.description == "L(a=1%2Cb%3D2)")
        #expect(ListCacheKey(collection: "L/x", parameters: ["é(%)": "a/b", "plain": "日本"]).description
            == "L%2Fx(plain=日本,é%28%25%29=a%2Fb)")
    }
}
