import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Screenlets
import Testing
import TermletsTestSupport

/// The browser's site contents on a stock 7.4 portal (issue 14): object definitions beside the
/// record sets, which say their values cannot be read; no Bookmarks service is no folders; the
/// menu comes back from the cache offline with its objects.
@Suite("Site contents with Objects")
struct SiteContentsObjectsTests {
    @Test func aStock74SiteListsItsObjectsAndUnreadableRecordSets() async throws {
        try await PortalFixture.with(release: .liferay74) { fixture in
            let (emulator, session, database) = (fixture.emulator, fixture.session, fixture.database)
            let loader = SiteContentsLoader(
                session: session, locale: .enUS, cache: CachePolicyLoader(database: database), policy: .remoteFirst,
                capabilities: { await session.probeCapabilities(groupId: 20143, probeDeadline: .seconds(60)) })
            let contents = try await loader.contents(ofSite: 20143)
            #expect(!contents.recordSets.isEmpty)
            #expect(contents.recordSets.allSatisfy { !$0.valuesReadable })
            #expect(contents.bookmarkFolders.isEmpty, "7.4 has no Bookmarks service")
            let tickets = try #require(contents.objects.first { $0.name == "Ticket" })
            #expect(tickets == ObjectSetSummary(definitionId: 70001, name: "Ticket", title: "Tickets", isSiteScoped: true, entryCount: 10_000))
            #expect(contents.objects.contains { $0.name == "Customer" && !$0.isSiteScoped && $0.entryCount == 24 })

            await emulator.setFaults(FaultSettings(offline: true))
            let offline = try await loader.contents(ofSite: 20143)
            #expect(offline.cachedAt != nil)
            #expect(offline.objects == contents.objects)
            #expect(offline.recordSets == contents.recordSets)
        }
    }
}
