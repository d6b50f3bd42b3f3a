import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets
import GRDB
import Testing

/// `PageReadAhead` behind `PortalPageLoader` against an in-process emulator (issue 17): pages
/// read in sequence come four to a rows call, cached together when they arrive; each page is still
/// returned when it is asked for.
@Suite("Page read-ahead", .serialized)
struct PageReadAheadTests {
    /// A new loader per load, as the list screen builds them, sharing `readAhead`.
    private func load(_ page: Int, _ fixture: PortalFixture, _ readAhead: PageReadAhead?, refresh: Bool = false) async throws
        -> PageResponse<RecordData>
    {
        let loader = PortalPageLoader(
            source: DDLListSource(recordSetId: PortalFixture.issues, locale: "en_US", calls: fixture.calls),
            policy: .remoteFirst, cache: CachePolicyLoader(database: fixture.database), readAhead: readAhead) { calls in
                try await fixture.session.invoke(calls)
            }
        return try await loader.loadPage(PageRequest(page: page, layout: PageLayout(), isRefresh: refresh))
    }

    /// ``load(_:_:_:refresh:)`` with the batch sender that keeps the portal's text.
    private func loadSourced(_ page: Int, _ fixture: PortalFixture, _ readAhead: PageReadAhead?) async throws
        -> PageResponse<RecordData>
    {
        let loader = PortalPageLoader(
            source: DDLListSource(recordSetId: PortalFixture.issues, locale: "en_US", calls: fixture.calls),
            policy: .remoteFirst, cache: CachePolicyLoader(database: fixture.database), readAhead: readAhead,
            invokeSourced: { calls in try await fixture.session.invokeSourced(calls) })
        return try await loader.loadPage(PageRequest(page: page, layout: PageLayout()))
    }

    /// The cached entry of `page` and its text as stored.
    private func cached(_ page: Int, _ fixture: PortalFixture) async throws -> (value: JSONValue?, text: String?) {
        let source = DDLListSource(recordSetId: PortalFixture.issues, locale: "en_US", calls: fixture.calls)
        let loader = PortalPageLoader(source: source, cache: CachePolicyLoader(database: fixture.database), invoke: { _ in [] })
        let address = loader.address(of: PageRequest(page: page, layout: PageLayout()))
        let value = try await EntryStore(database: fixture.database).get(address)?.value
        let text = try await fixture.database.read { db in
            try String.fetchOne(db, sql: "SELECT value FROM entry WHERE collection = ? AND key = ?", arguments: [address.collection, address.key])
        }
        return (value, text)
    }

    @Test func pagesAreCachedAsThePortalsTextAndReadBackAsWhenSerialised() async throws {
        try await PortalFixture.with { fixture in
            let readAhead = PageReadAhead()
            var sourced: [Int: (rows: [RecordData], value: JSONValue?)] = [:]
            for page in 0...6 {
                let rows = try await loadSourced(page, fixture, readAhead).rows
                let entry = try await cached(page, fixture)
                // Written as the portal's rows inside `{"rows": …}`, not serialised (keys sorted).
                #expect(entry.text?.hasPrefix(#"{"rows":["#) == true, "page \(page)")
                sourced[page] = (rows, entry.value)
            }
            for page in 0...6 {
                let rows = try await load(page, fixture, nil).rows  // serialised into the cache
                let entry = try await cached(page, fixture)
                #expect(entry.text?.hasPrefix(#"{"rowCount":"#) == true, "page \(page)")
                #expect(sourced[page]?.value == entry.value, "page \(page) reads back as when serialised")
                #expect(sourced[page]?.rows == rows)
            }
        }
    }

    /// When `page` was cached, or nil.
    private func storedAt(_ page: Int, _ fixture: PortalFixture) async throws -> Date? {
        let source = DDLListSource(recordSetId: PortalFixture.issues, locale: "en_US", calls: fixture.calls)
        let loader = PortalPageLoader(source: source, cache: CachePolicyLoader(database: fixture.database), invoke: { _ in [] })
        return try await EntryStore(database: fixture.database).get(loader.address(of: PageRequest(page: page, layout: PageLayout())))?.storedAt
    }

    @Test func pagesReadInSequenceComeFourToARowsCallAndAreCachedTogether() async throws {
        try await PortalFixture.with { fixture in
            let readAhead = PageReadAhead()
            var ids: [Int: [Int64?]] = [:]
            fixture.emulator.clearJournal()
            for page in 1...6 { ids[page] = try await load(page, fixture, readAhead).rows.map(\.recordId) }
            // Page 1 alone (page 0 was not read before it), 2–5 in one call, 6–9 in one call.
            #expect(try fixture.recordPageStarts() == [50, 75, 175])
            var stored: [Int: Date] = [:]
            for page in 1...9 { stored[page] = try await storedAt(page, fixture) }
            // Each call's pages are stored together, in one transaction (one timestamp), when they
            // arrive: 7–9 were fetched ahead and never read, and are cached all the same.
            #expect(stored[1] != nil)
            #expect(Set((2...5).map { stored[$0] }).count == 1 && stored[2] != nil, "\(stored)")
            #expect(Set((6...9).map { stored[$0] }).count == 1 && stored[6] != nil, "\(stored)")
            for page in 1...6 {
                #expect(ids[page]?.count == 25)
                #expect(try await load(page, fixture, nil).rows.map(\.recordId) == ids[page], "page \(page)")
            }
        }
    }

    /// Reading on, a list asks for none of the pages a call brought after its page: only the
    /// last two calls' pages are kept for a request (each holds its call's whole answer); an
    /// older one is fetched again when asked for.
    @Test func onlyTheLastCallsPagesAreKeptForTheirRequests() async throws {
        try await PortalFixture.with { fixture in
            let readAhead = PageReadAhead()
            _ = try await load(1, fixture, readAhead)
            for page in stride(from: 2, through: 18, by: 4) {
                #expect(try await load(page, fixture, readAhead).followingPages.count == 3, "page \(page)")
                #expect(await readAhead.pagesHeld <= 6, "after page \(page)")
            }
            #expect(await readAhead.pagesHeld == 6, "pages 15–17 and 19–21")
            fixture.emulator.clearJournal()
            #expect(try await load(15, fixture, readAhead).rows.count == 25)
            #expect(try fixture.recordPageStarts().isEmpty, "page 15 came with page 14's call: served from memory")
            #expect(try await load(3, fixture, readAhead).rows.count == 25)
            let starts = try fixture.recordPageStarts()
            #expect(starts == [100], "page 3's call is forgotten: fetched again (\(starts))")
        }
    }

    /// A list keeps the pages a read brought after its page and asks for none of them: the page
    /// after them is read in sequence all the same.
    @Test func aPageReadAheadBringsThePagesAfterItAndThePageAfterThoseIsReadInSequence() async throws {
        try await PortalFixture.with { fixture in
            let readAhead = PageReadAhead()
            let first = try await load(1, fixture, readAhead)
            #expect(first.followingPages.isEmpty, "page 1 alone: nothing came with it")
            fixture.emulator.clearJournal()
            let second = try await load(2, fixture, readAhead)
            #expect(second.followingPages.count == 3, "pages 3–5 came with page 2")
            for (offset, rows) in second.followingPages.enumerated() {
                let alone = try await load(3 + offset, fixture, nil).rows
                #expect(rows.map(\.recordId) == alone.map(\.recordId), "page \(3 + offset)")
                #expect(rows == alone)
            }
            fixture.emulator.clearJournal()
            let sixth = try await load(6, fixture, readAhead)
            #expect(try fixture.recordPageStarts() == [175], "6–9 in one call, though 3–5 were never asked for")
            #expect(sixth.followingPages.count == 3)
            #expect(try await load(7, fixture, readAhead).followingPages.isEmpty, "a page served from memory brings none")
            #expect(try fixture.recordPageStarts() == [175], "page 7 came with page 6's call")
        }
    }

    /// Given room to grow, each call that carries a sequential read on fetches twice as many
    /// pages as the one before, up to the most; a jump starts again from one page, then `pages`.
    @Test func aSequentialReadGetsLargerCallsUpToTheMostAndAJumpStartsAgain() async throws {
        try await PortalFixture.with { fixture in
            let readAhead = PageReadAhead(pages: 2, growingTo: 8)
            fixture.emulator.clearJournal()
            for page in 1...17 {
                let rows = try await load(page, fixture, readAhead).rows
                #expect(rows.count == 25, "page \(page)")
            }
            // Page 1 alone; then 2–3 (two pages), 4–7 (four), 8–15 (eight), 16–23 (eight: the most).
            #expect(try fixture.recordPageStarts() == [50, 75, 125, 225, 425])
            fixture.emulator.clearJournal()
            _ = try await load(60, fixture, readAhead)  // a jump: that page alone
            _ = try await load(61, fixture, readAhead)  // in sequence again: two pages
            _ = try await load(63, fixture, readAhead)  // then four
            #expect(try fixture.recordPageStarts() == [1_525, 1_550, 1_600])
            #expect(try await load(65, fixture, readAhead).rows.count == 25, "page 65 came with 63's call")
        }
    }

    @Test func aJumpARefreshOrReadingBackwardsFetchesOnePageAndRowsFetchedBeforeARefreshAreNotServed() async throws {
        try await PortalFixture.with { fixture in
            let readAhead = PageReadAhead()
            _ = try await load(1, fixture, readAhead)
            _ = try await load(2, fixture, readAhead)  // 2–5 in one call
            fixture.emulator.clearJournal()
            _ = try await load(40, fixture, readAhead)  // a jump: that page alone
            _ = try await load(3, fixture, readAhead, refresh: true)  // a refresh: the portal, that page alone
            _ = try await load(4, fixture, readAhead)  // fetched ahead before the refresh: not served
            _ = try await load(30, fixture, readAhead)
            _ = try await load(29, fixture, readAhead)  // backwards (PgUp): one page a call
            _ = try await load(28, fixture, readAhead)
            #expect(try fixture.recordPageStarts() == [1_025, 100, 125, 775, 750, 725])
        }
    }

    @Test func aFailedReadAheadFailsItsPagesAndTheNextReadFetchesOnePage() async throws {
        try await PortalFixture.with { fixture in
            let readAhead = PageReadAhead()
            _ = try await load(1, fixture, readAhead)
            await fixture.setOffline(true)
            await #expect(throws: PortalError.self) { try await load(2, fixture, readAhead) }
            await fixture.setOffline(false)
            fixture.emulator.clearJournal()
            let page = try await load(3, fixture, readAhead)
            #expect(page.rows.count == 25)
            #expect(try fixture.recordPageStarts() == [100], "after a failure, one page")
            _ = try await load(4, fixture, readAhead)
            #expect(try fixture.recordPageStarts() == [100, 125], "then four again from the next page in sequence")
        }
    }
}
