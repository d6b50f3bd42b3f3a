import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Sync
import Testing
import TermletsTestSupport

/// A gallery upload queued while the gallery used headless-delivery is synced the same way:
/// a multipart POST to the folder's documents, never `dlapp/add-file-entry` (issue 14, item 3).
@Suite("sync: gallery uploads queued on headless-delivery")
struct HeadlessUploadSyncTests {
    @Test func aQueuedHeadlessUploadIsSentThroughHeadlessDeliveryOnce() async throws {
        let folder = try TemporaryDirectory(prefix: "termlets-sync-headless")
        let emulator = try await PortalEmulator.start(EmulatorOptions(port: Int(try SparePort.belowEphemeralRange()), dataDirectory: folder.path("portal"), release: .liferay74))
        let database = try CacheDatabase(cacheDirectory: folder.path("cache"), server: emulator.baseURL.absoluteString, userId: "test@liferay.com")
        let session = try PortalSession(
            context: ServerContext(serverURL: emulator.baseURL, groupId: 20143, version: .v7),
            credentials: Credentials(username: "test@liferay.com", password: "test"),
            options: PortalSession.Options(timeout: .seconds(30), requestDeadline: .seconds(120)))
        do {
            try await Self.syncOnce(emulator: emulator, session: session, database: database, folder: folder)
        } catch {
            try? await session.shutdown()
            await emulator.stop()
            throw error
        }
        try? await session.shutdown()
        await emulator.stop()
    }

    static func syncOnce(emulator: PortalEmulator, session: PortalSession, database: CacheDatabase, folder: TemporaryDirectory) async throws {
        _ = try await session.login()
        let file = folder.path("queued.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + [UInt8](repeating: 7, count: 4_000)).write(to: file)
        let queue = PendingQueue(database: database)
        let item = try queue.enqueue(.upload(collection: "ImageGallery", file: file, metadata: [
            PayloadKey.repositoryId: 20143, PayloadKey.folderId: 50001, PayloadKey.groupId: 20143,
            PayloadKey.title: "Synced over headless", PayloadKey.mimeType: "image/png", "description": "",
            HeadlessDocuments.transportKey: .string(HeadlessDocuments.transportName),
        ]))
        emulator.clearJournal()
        let summary = try await SyncEngine(queue: queue, session: session, configuration: SyncConfiguration(groupId: 20143)).run()
        #expect(summary.synced == 1 && summary.pending == 0)
        let posts = emulator.journal.filter { $0.method == "POST" }
        #expect(posts.map(\.path) == ["/o/headless-delivery/v1.0/document-folders/50001/documents"])
        #expect(!emulator.journal.flatMap(\.services).contains("/dlapp/add-file-entry"))
        let body = String(decoding: try #require(posts.first).body.prefix(1000), as: UTF8.self)
        #expect(body.contains("\"externalReferenceCode\":\"\(item.uuid)\""), "the write's uuid goes as the ERC")
        let titled = try await session.headlessGetJSON(
            "/o/headless-delivery/v1.0/document-folders/50001/documents?filter=title%20eq%20%27Synced%20over%20headless%27")
        #expect(titled["totalCount"] == 1)
        #expect(try queue.items(collection: "ImageGallery").isEmpty)

        // An answer lost after the portal made the document (truncated): the retry finds it by
        // its title, file name and size, and adopts it rather than making a second one.
        let again = try queue.enqueue(.upload(collection: "ImageGallery", file: file, metadata: [
            PayloadKey.repositoryId: 20143, PayloadKey.folderId: 50001, PayloadKey.groupId: 20143,
            PayloadKey.title: "Answer lost", PayloadKey.mimeType: "image/png", "description": "",
            HeadlessDocuments.transportKey: .string(HeadlessDocuments.transportName),
        ]))
        await emulator.setFaults(FaultSettings(truncateRate: 1, pathPrefix: "/o/headless-delivery/v1.0/document-folders/50001/documents"))
        let lost = try? await SyncEngine(queue: queue, session: session, configuration: SyncConfiguration(groupId: 20143)).run()
        #expect(lost?.synced ?? 0 == 0)
        #expect(emulator.journal.contains { $0.method == "POST" && $0.fault == "truncate" && $0.status == 200 }, "the portal made it")
        await emulator.setFaults(.none)
        emulator.clearJournal()
        let retried = try await SyncEngine(queue: queue, session: session, configuration: SyncConfiguration(groupId: 20143)).run()
        #expect(retried.synced == 1 && retried.pending == 0)
        #expect(!emulator.journal.contains { $0.method == "POST" }, "adopted, not uploaded again")
        let lostTitle = try await session.headlessGetJSON(
            "/o/headless-delivery/v1.0/document-folders/50001/documents?filter=title%20eq%20%27Answer%20lost%27")
        #expect(lostTitle["totalCount"] == 1, "exactly one document for write \(again.queueId)")
        #expect(try queue.items(collection: "ImageGallery").isEmpty)
    }
}
