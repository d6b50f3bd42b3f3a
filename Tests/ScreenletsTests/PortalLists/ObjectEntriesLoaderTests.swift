import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Screenlets
import Testing
import TermletsTestSupport

/// The Objects side of the list seam: row ranges as `page`/`pageSize` requests, and
/// ``ObjectEntriesLoader`` on the 7.4 emulator's 10,000 tickets (count, sort, cache, offline).
@Suite("Object entries loader")
struct ObjectEntriesLoaderTests {
    @Test("a fluent layout's pages are one page/pageSize request each")
    func windowsOfTheDefaultLayout() {
        let layout = PageLayout(firstPageSize: 50, pageSize: 25)
        for page in 0..<400 {
            let rows = layout.rows(ofPage: page)
            let window = ObjectPageWindow(start: rows.lowerBound, end: rows.upperBound)
            #expect(window.pages.count == 1)
            let query = window.pages[0]
            #expect((query.page - 1) * query.pageSize + window.dropFirst == rows.lowerBound)
            #expect(window.count == rows.count)
        }
        #expect(ObjectPageWindow(start: 0, end: 50).pages == [ObjectEntryQuery(page: 1, pageSize: 50)])
        #expect(ObjectPageWindow(start: 50, end: 75).pages == [ObjectEntryQuery(page: 3, pageSize: 25)])
        #expect(ObjectPageWindow(start: 9_975, end: 10_000).pages == [ObjectEntryQuery(page: 400, pageSize: 25)])
    }

    @Test("a range no single page holds: the smallest page size holding it, else pages of 500")
    func unalignedWindows() {
        let window = ObjectPageWindow(start: 10, end: 30)
        #expect(window.pages == [ObjectEntryQuery(page: 1, pageSize: 30)])
        #expect(window.rows(of: [Array(0..<30)]) == Array(10..<30))
        let wide = ObjectPageWindow(start: 700, end: 1_300)
        #expect(wide.pages.map(\.page) == [2, 3], "pages of 500: rows 500..<1500")
        #expect(wide.pages.allSatisfy { $0.pageSize == 500 })
        #expect(wide.rows(of: [Array(500..<1_000), Array(1_000..<1_500)]) == Array(700..<1_300))
    }

    @Test("tickets page by page with the total, sorted on the server, and from the cache offline")
    func ticketsThroughTheLoader() async throws {
        try await PortalFixture.with(release: .liferay74) { fixture in
            let (emulator, session, database) = (fixture.emulator, fixture.session, fixture.database)
            let definition = try await session.objectDefinition("Ticket")
            let layout = PageLayout(firstPageSize: 50, pageSize: 25)
            func loader(sort: String? = nil) -> ObjectEntriesLoader {
                ObjectEntriesLoader(
                    definition: definition, groupId: 20143, sort: sort, layout: layout, labelFields: ["title", "resolved"],
                    database: database, session: session)
            }
            emulator.clearJournal()
            let first = try await loader().loadPage(PageRequest(page: 0, layout: layout))
            #expect(first.rowCount == 10_000)
            #expect(first.rows.count == 50)
            #expect(first.rows.first?.recordId == 200_001)
            #expect(first.rows.first?.labels.first?.hasPrefix("Ticket 1:") == true)
            #expect(first.rows.allSatisfy { ["Yes", "No"].contains($0.labels[1]) }, "booleans as the user reads them")
            let third = try await loader().loadPage(PageRequest(page: 2, layout: layout))
            #expect(third.rows.map(\.recordId) == (200_076...200_100).map { Optional($0) })
            #expect(third.rowCount == nil, "only page 0 asks for the count")
            let paths = emulator.journal.map(\.path).filter { $0.hasPrefix("/o/c/tickets") }
            #expect(paths == ["/o/c/tickets/scopes/20143?page=1&pageSize=50", "/o/c/tickets/scopes/20143?page=4&pageSize=25"])

            let newest = try await loader(sort: "dateCreated:desc").loadPage(PageRequest(page: 0, layout: layout))
            #expect(emulator.journal.last?.path.contains("sort=dateCreated%3Adesc") == true)
            #expect(newest.rows.first?.recordId != 200_001, "the server sorted")
            #expect(loader(sort: "dateCreated:desc").cacheKey != loader().cacheKey)

            func searching(_ text: String) -> ObjectEntriesLoader {
                ObjectEntriesLoader(
                    definition: definition, groupId: 20143, sort: nil, search: text, layout: layout, labelFields: ["title"],
                    database: database, session: session)
            }
            let found = try await searching("Ticket 777").loadPage(PageRequest(page: 0, layout: layout))
            #expect(emulator.journal.last?.path.contains("search=Ticket%20777") == true)
            #expect((found.rowCount ?? 0) >= 1 && (found.rowCount ?? 0) < 10_000, "the portal's count of matches")
            #expect(found.rows.contains { $0.recordId == 200_777 })
            #expect(searching("Ticket 777").cacheKey != loader().cacheKey)

            await emulator.setFaults(FaultSettings(offline: true))
            let cached = try await loader().loadPage(PageRequest(page: 2, layout: layout))
            #expect(cached.provenance.source == .cache)
            #expect(cached.rows.map(\.recordId) == third.rows.map(\.recordId))
        }
    }
}
