import BookmarksExample
import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Screenlets
import Testing
import TermletsTestSupport

@Suite("Bookmarks example (custom list recipe)", .serialized)
struct BookmarksExampleTests {
    @Test("version-aware paths: /bookmarks. on 7.x, none on 6.2; the site column drops the scheme")
    func pathsAndSiteColumn() {
        #expect(BookmarksSource(groupId: 1, folderId: 2, version: .v7).rowsRequest(start: 0, end: 25).path
                == "/bookmarks.bookmarksentry/get-entries")
        #expect(BookmarksSource(groupId: 1, folderId: 2, version: .v62).countRequest()?.path == "/bookmarksentry/get-entries-count")
        #expect(PortalClient.ServiceCall.servicePath(service: "user", method: "get-user-by-id", version: .v7) == "/user/get-user-by-id")
        #expect(BookmarkRenderer.site(of: "https://example.com/runbook/") == "example.com/runbook")
        #expect(BookmarkRenderer.site(of: "example.com") == "example.com")
    }

    @Test("lists the folder's 30 bookmarks with the count, in one batch; offline from the cache", arguments: [PortalVersion.v62, .v7])
    func bookmarks(version: PortalVersion) async throws {
        try await PortalFixture.with(version) { fixture in
            let source = BookmarksSource(groupId: PortalFixture.site, folderId: PortalFixture.bookmarkFolder, version: fixture.calls.version)
            let list = BookmarksList(bookmarks: source, session: fixture.session, cache: fixture.database)
            let recorder = EventRecorder(list.events)
            fixture.emulator.clearJournal()
            await list.send(.load)
            try await recorder.wait(for: "page 0") { !$0.isEmpty }
            let events = recorder.events.compactMap(BookmarkEvent.init)
            guard case .pageLoaded(0, let bookmarks, let count, .portal)? = events.first else {
                Issue.record("expected page 0 from the portal, got \(events)")
                return
            }
            #expect(count == 30)
            #expect(bookmarks.count == 30)
            #expect(Set(bookmarks.map(\.entryId)) == Set(61_001...61_030))
            #expect(fixture.invokes.count == 1)
            #expect(fixture.invokes.first?.count == 2)
            let texts = BookmarkRenderer().texts(for: bookmarks[0])
            #expect(texts == [bookmarks[0].name, BookmarkRenderer.site(of: bookmarks[0].url), bookmarks[0].url])
            await list.close()

            await fixture.setOffline(true)
            let offline = BookmarksList(bookmarks: source, session: fixture.session, cache: fixture.database)
            let offlineEvents = EventRecorder(offline.events)
            await offline.send(.load)
            try await offlineEvents.wait(for: "page 0 from the cache") { !$0.isEmpty }
            guard case .pageLoaded(_, let cached, _, .cache)? = offlineEvents.events.compactMap(BookmarkEvent.init).first else {
                Issue.record("expected the cached page, got \(offlineEvents.events.count) events")
                return
            }
            #expect(cached.count == 30)
            await offline.close()
        }
    }
}
