import Foundation
import Screenlets
import Screens
import Synchronization
import TermUI
import TermUITesting
import TermletsTestSupport
import Testing

/// Liferay Objects in the browser (issue 14): a 7.4 site's object definitions beside its record
/// sets (which say their values cannot be read there), an object opening the entry list, an
/// entry asking for the form of that object in that site.
@Suite("Browser screen: Objects")
@MainActor
struct BrowserObjectsTests {
    nonisolated static let contents = SiteContents(
        recordSets: [RecordSetSummary(recordSetId: 40002, structureId: 30002, name: "Issues", recordCount: 0, valuesReadable: false)],
        objects: [
            ObjectSetSummary(definitionId: 70001, name: "Ticket", title: "Tickets", isSiteScoped: true, entryCount: 10_000),
            ObjectSetSummary(definitionId: 70002, name: "Customer", title: "Customers", isSiteScoped: false, entryCount: nil),
        ],
        imageFolders: [], bookmarkFolders: [])

    /// The form requests the browser made (the form itself is refused: the test only reads them).
    final class Requests: Sendable {
        private let stored = Mutex<[FormRequest]>([])
        func append(_ request: FormRequest) { stored.withLock { $0.append(request) } }
        var all: [FormRequest] { stored.withLock { $0 } }
    }

    struct NoForm: Error {}

    /// The browser's services for a 7.4 site: ``contents`` and object lists over `records`; each
    /// list's search (nil: every entry) is kept in `searches` when given.
    nonisolated static func objectServices(_ records: FakeRecords, searches: Searches? = nil) -> BrowserServices {
        var services = BrowserScreenTests.services(records)
        services.contents = { _ in Self.contents }
        services.objectList = { _, object in
            ListScreenSpec.objectEntries(
                title: object.title, definitionId: object.definitionId, fields: ListFixtures.evenFields,
                layout: PageLayout(firstPageSize: 50, pageSize: 25)
            ) { _, search, _ in
                searches?.append(search)
                return FakeRecordLoader(records: records)
            }
        }
        return services
    }

    /// A 7.4 site open in a browser whose form requests are recorded (and refused: no form opens).
    static func openSiteRecordingFormRequests() async throws -> (Runtime<PortalBrowser>, Requests) {
        let requests = Requests()
        var services = objectServices(FakeRecords(count: 100))
        services.openForm = { request in
            requests.append(request)
            throw NoForm()
        }
        return (try await openSite(services), requests)
    }

    /// A browser on `services`, started, with the first site's contents open.
    static func openSite(_ services: BrowserServices) async throws -> Runtime<PortalBrowser> {
        let browser = PortalBrowser(services: services, size: Size(width: 100, height: 24), status: ListFixtures.status)
        let runtime = Runtime(program: browser, backend: HeadlessBackend(size: Size(width: 100, height: 24)))
        runtime.start()
        try await ListFixtures.wait("sites", runtime) { BrowserScreenTests.topMenu($0)?.isLoading == false }
        try await BrowserScreenTests.openFirstSite(runtime)
        return runtime
    }

    @Test func objectsAreListedAndAnEntryAsksForTheObjectsForm() async throws {
        let (runtime, requests) = try await Self.openSiteRecordingFormRequests()
        let site = GridText.text(ListFixtures.frame(runtime, size: Size(width: 100, height: 24)))
        #expect(site.contains("no Screens plugin: values not readable · 40002"))
        #expect(site.contains("Objects"))
        #expect(site.contains("10000 entries · site · 70001"))
        #expect(site.contains("? entries · company · 70002"))

        runtime.handle(.key(.down))
        let menu = try #require(BrowserScreenTests.topMenu(runtime.model))
        #expect(menu.items[menu.cursor] == .objectSet(Self.contents.objects[0]))
        runtime.handle(.key(.enter))
        try await BrowserScreenTests.waitForRecordList(runtime)
        let list = GridText.text(ListFixtures.frame(runtime, size: Size(width: 100, height: 24)))
        #expect(list.contains("Demo site › Tickets"))

        runtime.handle(.key(.enter))
        _ = try await waitFor("the form request", timeout: 60) { @Sendable in requests.all.isEmpty ? nil : true }
        let request = try #require(requests.all.first)
        #expect(request.objectDefinitionId == 70001)
        #expect(request.recordSetId == 70001)
        #expect(request.groupId == 20143)
        #expect(request.recordId != nil)

        runtime.finish()
    }

    final class Deleted: Sendable {
        private let stored = Mutex<[[Int64]]>([])
        func append(_ definitionId: Int64, _ entryId: Int64) { stored.withLock { $0.append([definitionId, entryId]) } }
        var all: [[Int64]] { stored.withLock { $0 } }
    }

    @Test func dTwiceDeletesTheEntryAndTheListRefreshes() async throws {
        let records = FakeRecords(count: 100)
        let deleted = Deleted()
        var services = Self.objectServices(records)
        services.deleteEntry = { definitionId, entryId, _ in
            deleted.append(definitionId, entryId)
            return false
        }
        let runtime = try await Self.openSite(services)
        runtime.handle(.key(.down))
        runtime.handle(.key(.enter))
        try await BrowserScreenTests.waitForRecordList(runtime)
        runtime.handle(.key(.down))
        let id = try #require(Self.topList(runtime.model)?.engine.row(at: 1).row?.recordId)
        runtime.handle(.key(.character("d")))
        #expect(Self.topList(runtime.model)?.message == "press d again to delete entry \(id)")
        #expect(deleted.all.isEmpty, "one d deletes nothing")
        runtime.handle(.key(.down))
        runtime.handle(.key(.character("d")))
        #expect(deleted.all.isEmpty, "a move forgets the first d")
        runtime.handle(.key(.up))
        runtime.handle(.key(.character("d")))
        runtime.handle(.key(.character("d")))
        _ = try await waitFor("the delete", timeout: 60) { @Sendable in deleted.all.isEmpty ? nil : true }
        #expect(deleted.all == [[70001, id]])
        try await ListFixtures.wait("the message", runtime) { Self.topList($0)?.message == "deleted entry \(id)" }
        runtime.finish()
    }

    final class Searches: Sendable {
        private let stored = Mutex<[String?]>([])
        func append(_ search: String?) { stored.withLock { $0.append(search) } }
        var all: [String?] { stored.withLock { $0 } }
    }

    @Test func slashSearchesOnThePortalAndEscListsEveryEntryAgain() async throws {
        let records = FakeRecords(count: 100)
        let searches = Searches()
        let runtime = try await Self.openSite(Self.objectServices(records, searches: searches))
        runtime.handle(.key(.down))
        runtime.handle(.key(.enter))
        try await BrowserScreenTests.waitForRecordList(runtime)
        #expect(searches.all.last == .some(nil))
        runtime.handle(.key(.character("/")))
        for character in "crash" { runtime.handle(.key(.character(character))) }
        runtime.handle(.key(.enter))
        #expect(searches.all.last == "crash")
        #expect(Self.topList(runtime.model)?.query.search == "crash")
        #expect(Self.topList(runtime.model)?.message == "entries matching “crash” (searched on the portal)")
        try await BrowserScreenTests.waitForRecordList(runtime)
        runtime.handle(.key(.escape))
        #expect(searches.all.last == .some(nil), "Esc clears the search: every entry again")
        #expect(Self.topList(runtime.model)?.query.search == nil)
        #expect(runtime.model.stack.count == 3, "the first Esc clears the search, it does not leave the list")
        runtime.finish()
    }

    static func topList(_ model: PortalBrowser.Model) -> ListScreen<DDLListRow>.Model? {
        if let list = model.top(ListScreen<DDLListRow>.self) { return list.model }
        return nil
    }

    @Test func aNewEntryAsksForTheObjectsForm() async throws {
        let (runtime, requests) = try await Self.openSiteRecordingFormRequests()
        runtime.handle(.key(.down))
        runtime.handle(.key(.enter))
        try await BrowserScreenTests.waitForRecordList(runtime)
        runtime.handle(.key(.character("n")))
        _ = try await waitFor("the new entry's form request", timeout: 60) { @Sendable in requests.all.isEmpty ? nil : true }
        #expect(requests.all.last?.recordId == nil)
        #expect(requests.all.last?.objectDefinitionId == 70001)
        runtime.finish()
    }

    @Test func aSevenXSiteShowsNoObjectsHeading() async throws {
        let runtime = BrowserScreenTests.runtime(FakeRecords(count: 10))
        try await ListFixtures.wait("sites", runtime) { BrowserScreenTests.topMenu($0)?.isLoading == false }
        try await BrowserScreenTests.openFirstSite(runtime)
        let items = BrowserScreenTests.topMenu(runtime.model)?.items ?? []
        #expect(!items.contains(.heading("Objects")))
        #expect(!items.isEmpty)
        runtime.finish()
    }
}
