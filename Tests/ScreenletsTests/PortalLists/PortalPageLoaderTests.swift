import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Screenlets
import Testing
import TermletsTestSupport
import Synchronization

/// `PortalPageLoader` against an in-process emulator: one batch per page, the load policies
/// online and offline, provenance.
@Suite("Portal page loader", .serialized)
struct PortalPageLoaderTests {
    private func loader(_ fixture: PortalFixture, _ policy: LoadPolicy) -> PortalPageLoader<DDLListSource> {
        PortalPageLoader(
            source: DDLListSource(recordSetId: PortalFixture.issues, locale: "en_US", calls: fixture.calls),
            policy: policy, database: fixture.database, session: fixture.session)
    }

    private let pageZero = PageRequest(page: 0, layout: PageLayout())

    @Test("page 0 sends the rows and the count in one /invoke", arguments: [PortalVersion.v62, .v7])
    func pageZeroInOneBatch(version: PortalVersion) async throws {
        try await PortalFixture.with(version) { fixture in
            fixture.emulator.clearJournal()
            let page = try await loader(fixture, .remoteOnly).loadPage(pageZero)
            #expect(page.rows.count == 50)
            #expect(page.rowCount == 10_000)
            #expect(page.provenance == .portal)
            let invokes = fixture.invokes
            #expect(invokes.count == 1)
            #expect(invokes.first?.count == 2)
            #expect(invokes.first?.first?.hasSuffix("/get-ddl-records") == true)
            #expect(invokes.first?.last?.hasSuffix("/get-ddl-records-count") == true)

            fixture.emulator.clearJournal()
            let later = try await loader(fixture, .remoteOnly).loadPage(PageRequest(page: 2, layout: PageLayout()))
            #expect(later.rows.count == 25)
            #expect(later.rowCount == nil)
            #expect(fixture.invokes.map(\.count) == [1], "a later page sends the rows call alone")
        }
    }

    @Test("remote-only: the portal, nothing cached; offline it fails")
    func remoteOnly() async throws {
        try await PortalFixture.with { fixture in
            let loader = loader(fixture, .remoteOnly)
            _ = try await loader.loadPage(pageZero)
            #expect(try await EntryStore(database: fixture.database).get(loader.address(of: pageZero)) == nil)
            await fixture.setOffline(true)
            await #expect(throws: PortalError.self) { try await loader.loadPage(pageZero) }
        }
    }

    @Test("remote-first: the portal and stored; offline the cache, stale, with storedAt")
    func remoteFirst() async throws {
        try await PortalFixture.with { fixture in
            let loader = loader(fixture, .remoteFirst)
            let online = try await loader.loadPage(pageZero)
            #expect(online.provenance == .portal)
            await fixture.setOffline(true)
            let offline = try await loader.loadPage(pageZero)
            #expect(offline.provenance.source == .cache)
            #expect(offline.provenance.stale)
            #expect(offline.provenance.storedAt != nil)
            #expect(offline.rowCount == 10_000)
            #expect(offline.rows.map(\.recordId) == online.rows.map(\.recordId))
            // A page never loaded has nothing to fall back to: the network error.
            await #expect(throws: PortalError.self) { try await loader.loadPage(PageRequest(page: 3, layout: PageLayout())) }
        }
    }

    @Test("cache-first: the portal once, then the cache without a request (offline too); a refresh goes to the portal")
    func cacheFirst() async throws {
        try await PortalFixture.with { fixture in
            let loader = loader(fixture, .cacheFirst)
            #expect(try await loader.loadPage(pageZero).provenance.source == .portal)
            fixture.emulator.clearJournal()
            let cached = try await loader.loadPage(pageZero)
            #expect(cached.provenance.source == .cache)
            #expect(!cached.provenance.stale)
            #expect(fixture.invokes.isEmpty)
            let refresh = PageRequest(page: 0, layout: PageLayout(), isRefresh: true)
            #expect(try await loader.loadPage(refresh).provenance.source == .portal)
            await fixture.setOffline(true)
            #expect(try await loader.loadPage(pageZero).provenance.source == .cache)
        }
    }

    @Test("cache-only: an error until cached, then the cache, never the portal")
    func cacheOnly() async throws {
        try await PortalFixture.with { fixture in
            await #expect(throws: OfflineStoreError.self) { try await loader(fixture, .cacheOnly).loadPage(pageZero) }
            _ = try await loader(fixture, .remoteFirst).loadPage(pageZero)
            fixture.emulator.clearJournal()
            let page = try await loader(fixture, .cacheOnly).loadPage(pageZero)
            #expect(page.provenance.source == .cache)
            #expect(page.rowCount == 10_000)
            #expect(fixture.invokes.isEmpty)
        }
    }

    @Test("cache-then-remote: the cached page early, then the portal's; offline the cache again, stale")
    func cacheThenRemote() async throws {
        try await PortalFixture.with { fixture in
            let loader = loader(fixture, .cacheThenRemote)
            let early = Box()
            let first = try await loader.loadPage(pageZero) { _ in early.add("cache") }
            #expect(early.items.isEmpty, "nothing cached yet: no early answer")
            #expect(first.provenance == .portal)
            let second = try await loader.loadPage(pageZero) { page in early.add(page.provenance.source.rawValue) }
            #expect(early.items == ["cache"])
            #expect(second.provenance == .portal)
            await fixture.setOffline(true)
            let offline = try await loader.loadPage(pageZero) { page in early.add(page.provenance.source.rawValue) }
            #expect(early.items == ["cache", "cache"])
            #expect(offline.provenance.source == .cache)
            #expect(offline.provenance.stale)
        }
    }
}

/// A thread-safe list of strings for callbacks.
final class Box: Sendable {
    private let stored = Mutex<[String]>([])
    func add(_ item: String) { stored.withLock { $0.append(item) } }
    var items: [String] { stored.withLock { $0 } }
}
