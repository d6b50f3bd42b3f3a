import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Screenlets
import Testing
import TermletsTestSupport

/// The gallery over headless-delivery (issue 14, item 3) against the stock 7.4 emulator: pages,
/// uploads with progress, the duplicate title, deletion and Adaptive Media thumbnails, each
/// checked in the emulator's request journal (the headless paths, never `dlapp`).
@Suite("Gallery screenlet over headless-delivery", .serialized)
struct HeadlessGalleryTests {
    static let documents = "/o/headless-delivery/v1.0/document-folders/50001/documents"

    /// A fixture on the stock 7.4 emulator (the same demo site and images as 7.x).
    static func with(_ body: (PortalFixture) async throws -> Void) async throws {
        try await PortalFixture.with(release: .liferay74, body)
    }

    static func gallery(_ fixture: PortalFixture, policy: LoadPolicy = .remoteFirst) -> GalleryScreenlet {
        var configuration = GalleryConfiguration(repositoryId: PortalFixture.site, folderId: PortalFixture.imageFolder, offlinePolicy: policy)
        configuration.transport = .headlessDelivery
        return GalleryScreenlet(configuration: configuration, session: fixture.session, calls: fixture.calls, database: fixture.database)
    }

    /// The journal's requests to the headless folder documents (method and path with query).
    static func headless(_ fixture: PortalFixture) -> [String] {
        fixture.emulator.journal.filter { $0.path.hasPrefix("/o/") }.map { "\($0.method) \($0.path)" }
    }

    static func dlappCalls(_ fixture: PortalFixture) -> [String] {
        fixture.emulator.journal.flatMap(\.services).filter { $0.hasPrefix("/dlapp/") }
    }

    @Test("the gallery's rows map onto page/pageSize: one request per gallery page, the count from totalCount")
    func pagePlan() {
        #expect(HeadlessGalleryPageLoader.pages(start: 0, end: 50) == (50, 1...1))
        #expect(HeadlessGalleryPageLoader.pages(start: 50, end: 75) == (25, 3...3))
        #expect(HeadlessGalleryPageLoader.pages(start: 75, end: 100) == (25, 4...4))
        #expect(HeadlessGalleryPageLoader.pages(start: 0, end: 1000) == (500, 1...2))
        #expect(HeadlessGalleryPageLoader.pages(start: 10, end: 17) == (1, 11...17))
        #expect(GalleryTransport.best(headlessDelivery: true) == .headlessDelivery)
        #expect(GalleryTransport.best(headlessDelivery: false) == .jsonWebServices)
    }

    @Test("pages of the folder's images come from headless-delivery, filtered to images, cached for offline reads")
    func pages() async throws {
        try await Self.with { fixture in
            let gallery = Self.gallery(fixture)
            fixture.emulator.clearJournal()
            let first = try await gallery.loadPage(0, withCount: true)
            #expect(first.rowCount == 120)
            #expect(first.rows.count == 50)
            let second = try await gallery.loadPage(1, withCount: false)
            #expect(second.rows.count == 25)
            let last = try await gallery.loadPage(3, withCount: false)
            #expect(last.rows.count == 20)
            let ids = (first.rows + second.rows + last.rows).map(\.entry.fileEntryId)
            #expect(Set(ids).count == 95 && ids.allSatisfy { (51_001...51_120).contains($0) })
            #expect(first.rows.allSatisfy { $0.entry.mimeType.hasPrefix("image/") && $0.entry.folderId == 50001 && $0.entry.groupId == 20143 })
            let requests = Self.headless(fixture)
            #expect(requests.count == 3)
            let filter = "encodingFormat%20eq%20%27image%2Fpng%27%20or%20encodingFormat%20eq%20%27image%2Fjpeg%27%20or%20encodingFormat%20eq%20%27image%2Fgif%27"
            #expect(requests.first == "GET \(Self.documents)?page=1&pageSize=50&sort=dateCreated&filter=\(filter)")
            #expect(requests.dropFirst().first?.hasPrefix("GET \(Self.documents)?page=3&pageSize=25&") == true)
            #expect(requests.last?.hasPrefix("GET \(Self.documents)?page=5&pageSize=25&") == true, "rows 100..<125")
            #expect(Self.dlappCalls(fixture).isEmpty, "no dlapp call on the headless path")

            // The same cache keys as dlapp: offline, page 0 comes from the cache.
            await fixture.setOffline(true)
            let offline = Self.gallery(fixture)
            let cached = try await offline.loadPage(0, withCount: true)
            #expect(cached.provenance.source == .cache)
            #expect(cached.rows.map(\.entry.fileEntryId) == first.rows.map(\.entry.fileEntryId))
            #expect(cached.rowCount == 120)
            await offline.close()
            await gallery.close()
        }
    }

    @Test("an upload is a multipart POST with rising progress; the new document lists with its thumbnail")
    func upload() async throws {
        try await Self.with { fixture in
            let gallery = Self.gallery(fixture)
            let recorder = EventRecorder(gallery.events)
            let file = try fixture.imageFile("headless.png", size: 300_001)
            fixture.emulator.clearJournal()
            await gallery.upload(GalleryUpload(file: file, title: "Over headless", description: "REST"))
            await gallery.waitForUploads()
            try await recorder.wait(for: "the upload") { $0.contains { if case .uploaded = $0 { true } else { false } } }
            var sent: [Int64] = []
            var uploaded: FileEntry?
            for event in recorder.events {
                if case .uploadProgress(_, let bytes, let total) = event {
                    sent.append(bytes)
                    #expect(total == 300_001)
                }
                if case .uploaded(_, let entry) = event { uploaded = entry }
            }
            #expect(sent == sent.sorted() && sent.count > 1 && sent.last == 300_001, "monotonic progress to the size")
            let entry = try #require(uploaded)
            #expect(entry.title == "Over headless" && entry.description == "REST" && entry.size == 300_001)
            #expect(entry.attributes["transport"] == "headless-delivery")
            #expect(entry.attributes["thumbnailUrl"]?.stringValue?.hasPrefix("/o/adaptive-media/image/\(entry.fileEntryId)/Thumbnail-300x300/") == true)
            let posts = fixture.emulator.journal.filter { $0.method == "POST" }
            #expect(posts.map(\.path) == [Self.documents])
            let body = String(decoding: try #require(posts.first).body.prefix(2000), as: UTF8.self)
            #expect(body.contains("name=\"document\"") && body.contains("\"title\":\"Over headless\""))
            #expect(body.contains("name=\"file\"; filename=\"headless.png\""))
            #expect(Self.dlappCalls(fixture).isEmpty)
            // Read back from the portal.
            let document = try await fixture.session.headlessGetJSON("/o/headless-delivery/v1.0/documents/\(entry.fileEntryId)")
            #expect(document["title"] == "Over headless" && document["sizeInBytes"] == 300_001)
            #expect(try await gallery.loadPage(0, withCount: true).rowCount == 121)
            await gallery.close()
        }
    }

    @Test("a duplicate title is the portal's 409; a retried upload adopts its own document instead of a second one")
    func duplicateTitle() async throws {
        try await Self.with { fixture in
            let gallery = Self.gallery(fixture)
            let recorder = EventRecorder(gallery.events)
            let file = try fixture.imageFile("twice.png", size: 5_000)
            await gallery.upload(GalleryUpload(file: file, title: "Same title"))
            await gallery.upload(GalleryUpload(file: file, title: "Same title"))
            await gallery.waitForUploads()
            try await recorder.wait(for: "two outcomes") { events in
                events.filter { if case .uploaded = $0 { true } else if case .uploadError = $0 { true } else { false } }.count == 2
            }
            let failure = recorder.events.compactMap { event -> (any Error)? in
                if case .uploadError(2, let error, _) = event { return error }
                return nil
            }.first
            #expect("\(String(describing: failure))".contains("already exists"), "the portal's 409 names the title")
            #expect(fixture.emulator.journal.contains { $0.method == "POST" && $0.status == 409 })

            // The same write sent again (a retry after a lost answer) adopts the first document.
            let size = FileUpload(fileURL: file, fileName: "twice.png", mimeType: "image/png")
            let first = try #require(recorder.events.compactMap { if case .uploaded(_, let entry) = $0 { entry } else { nil } }.first)
            let retried = try await fixture.session.headlessAddDocumentOnce(
                siteId: PortalFixture.site, folderId: PortalFixture.imageFolder, file: size, title: "Same title",
                externalReferenceCode: "client-made", mayExist: true)
            #expect(retried.fileEntryId == first.fileEntryId)
            // A first attempt is never adopted: another upload of that title is refused.
            await #expect(throws: PortalError.self) {
                try await fixture.session.headlessAddDocumentOnce(
                    siteId: PortalFixture.site, folderId: PortalFixture.imageFolder, file: size, title: "Same title",
                    externalReferenceCode: "another", mayExist: false)
            }
            let titled = try await fixture.session.headlessGetJSON(
                "/o/headless-delivery/v1.0/document-folders/50001/documents?filter=title%20eq%20%27Same%20title%27")
            #expect(titled["totalCount"] == 1)
            await gallery.close()
        }
    }

    @Test("delete is DELETE documents/{id}: gone from the portal and the rows")
    func delete() async throws {
        try await Self.with { fixture in
            let gallery = Self.gallery(fixture)
            let recorder = EventRecorder(gallery.events)
            _ = try await gallery.loadPage(0, withCount: true)
            fixture.emulator.clearJournal()
            await gallery.delete(fileEntryId: 51_001)
            try await recorder.wait(for: "the deletion") { $0.contains { if case .entryDeleted(51_001, nil) = $0 { true } else { false } } }
            #expect(fixture.emulator.journal.contains { $0.method == "DELETE" && $0.path == "/o/headless-delivery/v1.0/documents/51001" && $0.status == 204 })
            #expect(Self.dlappCalls(fixture).isEmpty)
            await #expect(throws: PortalError.self) {
                _ = try await fixture.session.headlessGetJSON("/o/headless-delivery/v1.0/documents/51001")
            }
            let page = try await gallery.loadPage(0, withCount: true)
            #expect(page.rowCount == 119 && !page.rows.contains { $0.entry.fileEntryId == 51_001 })
            await gallery.close()
        }
    }

    @Test("thumbnails come from the Thumbnail-300x300 adapted image, cached for offline previews")
    func thumbnail() async throws {
        try await Self.with { fixture in
            let gallery = Self.gallery(fixture)
            let entry = try #require(try await gallery.loadPage(0, withCount: true).rows.first?.entry)
            let url = try #require(entry.attributes["thumbnailUrl"]?.stringValue)
            #expect(url.hasPrefix("/o/adaptive-media/image/\(entry.fileEntryId)/Thumbnail-300x300/"))
            fixture.emulator.clearJournal()
            let loader = GalleryImageLoader(session: fixture.session, database: fixture.database)
            let bytes = try await loader.bytes(of: entry, thumbnail: true)
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            #expect(fixture.emulator.journal.map(\.path) == [url])
            await fixture.setOffline(true)
            #expect(try await loader.bytes(of: entry, thumbnail: true) == bytes)
            await gallery.close()
        }
    }

    @Test("an upload made offline is queued marked with its path (HeadlessUploadSyncTests sends such an item)")
    func offlineUpload() async throws {
        try await Self.with { fixture in
            let gallery = Self.gallery(fixture)
            let recorder = EventRecorder(gallery.events)
            await fixture.setOffline(true)
            await gallery.upload(GalleryUpload(file: try fixture.imageFile("later.png", size: 20_000), title: "Queued offline"))
            await gallery.waitForUploads()
            try await recorder.wait(for: "the queued upload") { $0.contains { if case .uploadQueued = $0 { true } else { false } } }
            let queue = PendingQueue(database: fixture.database)
            let item = try #require(try queue.items(collection: GalleryScreenlet.collection).first { $0.operation == .upload })
            #expect(item.payload["transport"] == "headless-delivery")
            await gallery.close()
        }
    }
}
