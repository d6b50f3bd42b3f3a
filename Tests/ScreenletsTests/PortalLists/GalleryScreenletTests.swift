import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Screenlets
import Testing
import TermletsTestSupport

@Suite("Gallery screenlet", .serialized)
struct GalleryScreenletTests {
    @Test("pages of the folder's images, sliced client-side on 6.2", arguments: [PortalVersion.v62, .v7])
    func pages(version: PortalVersion) async throws {
        try await PortalFixture.with(version) { fixture in
            let gallery = fixture.gallery()
            fixture.emulator.clearJournal()
            let first = try await gallery.loadPage(0, withCount: true)
            #expect(first.rowCount == 120)
            #expect(first.rows.count == 50)
            #expect(fixture.invokes.count == 1, "one request for page 0 and its count")
            let second = try await gallery.loadPage(1, withCount: false)
            #expect(second.rows.count == 25)
            #expect(Set(first.rows.map(\.entry.fileEntryId)).isDisjoint(with: second.rows.map(\.entry.fileEntryId)))
            let last = try await gallery.loadPage(3, withCount: false)
            #expect(last.rows.count == 120 - 50 - 25 - 25)
            let everything = Set((first.rows + second.rows).map(\.entry.fileEntryId))
            #expect(everything.allSatisfy { (51_001...51_120).contains($0) })
            await gallery.close()
        }
    }

    @Test("three uploads run in order, one at a time, with monotonic progress", arguments: [PortalVersion.v62, .v7])
    func uploadQueue(version: PortalVersion) async throws {
        try await PortalFixture.with(version) { fixture in
            let gallery = fixture.gallery()
            let recorder = EventRecorder(gallery.events)
            for index in 1...3 {
                let file = try fixture.imageFile("upload-\(index).png", size: 300_000 + index)
                await gallery.upload(GalleryUpload(file: file, title: index == 2 ? nil : "Upload \(index)"))
            }
            await gallery.waitForUploads()
            try await recorder.wait(for: "three uploads") { events in
                events.filter { if case .uploaded = $0 { true } else { false } }.count == 3
            }
            let events = recorder.events
            // Order: started 1 … uploaded 1, started 2 … uploaded 2, started 3 … uploaded 3.
            var order: [String] = []
            var progress: [Int: [Int64]] = [:]
            var titles: [Int: String] = [:]
            for event in events {
                switch event {
                case .uploadStarted(let number, _, let title):
                    order.append("start \(number)")
                    titles[number] = title
                case .uploaded(let number, _): order.append("done \(number)")
                case .uploadProgress(let number, let sent, let total):
                    progress[number, default: []].append(sent)
                    #expect(total == Int64(300_000 + number))
                default: break
                }
            }
            #expect(order == ["start 1", "done 1", "start 2", "done 2", "start 3", "done 3"])
            for number in 1...3 {
                let sent = try #require(progress[number])
                #expect(sent == sent.sorted() && Set(sent).count == sent.count, "monotonic progress")
                #expect(sent.last == Int64(300_000 + number))
            }
            #expect(titles[1] == "Upload 1")
            #expect(titles[2]?.hasPrefix("gallery-") == true)
            #expect(try await gallery.loadPage(0, withCount: true).rowCount == 123)
            await gallery.close()
        }
    }

    @Test("offline uploads are queued for sync and the queue keeps going")
    func offlineUploads() async throws {
        try await PortalFixture.with { fixture in
            let gallery = fixture.gallery()
            let recorder = EventRecorder(gallery.events)
            await fixture.setOffline(true)
            for index in 1...3 {
                await gallery.upload(GalleryUpload(file: try fixture.imageFile("offline-\(index).png", size: 10_000)))
            }
            await gallery.waitForUploads()
            try await recorder.wait(for: "three queued uploads") { events in
                events.filter { if case .uploadQueued = $0 { true } else { false } }.count == 3
            }
            let queued = try PendingQueue(database: fixture.database).items(collection: GalleryScreenlet.collection)
            #expect(queued.filter { $0.operation == .upload }.count == 3)
            #expect(queued.allSatisfy { $0.fileURL.map { FileManager.default.fileExists(atPath: $0.path) } == true })
            // Back online, the next upload goes through: the queue never stalled.
            await fixture.setOffline(false)
            await gallery.upload(GalleryUpload(file: try fixture.imageFile("online.png", size: 10_000), title: "Back online"))
            await gallery.waitForUploads()
            try await recorder.wait(for: "the fourth upload") { $0.contains { if case .uploaded(4, _) = $0 { true } else { false } } }
            await gallery.close()
        }
    }

    /// Issue 15: `x` cancels a running upload. The portal waits before it reads a body, so a file
    /// larger than the socket buffers is still being sent when the cancel comes: the request is
    /// cancelled, the portal never has the whole file, nothing stays queued, and the upload behind
    /// it goes on. A waiting upload leaves the line; an ended one cannot be cancelled.
    @Test("a running upload is cancelled: nothing on the portal, nothing queued, the next one goes on")
    func cancelledUpload() async throws {
        try await PortalFixture.with { fixture in
            let gallery = fixture.gallery()
            let recorder = EventRecorder(gallery.events)
            await fixture.emulator.setFaults(FaultSettings(latencyMs: 5000, pathPrefix: "/api/jsonws/dlapp"))
            await gallery.upload(GalleryUpload(file: try fixture.imageFile("large.png", size: 40 << 20), title: "Too large"))
            await gallery.upload(GalleryUpload(file: try fixture.imageFile("waiting.png", size: 5_000), title: "Never sent"))
            await gallery.upload(GalleryUpload(file: try fixture.imageFile("small.png", size: 5_000), title: "Sent after"))
            try await recorder.wait(for: "the first upload running") { $0.contains { if case .uploadStarted(1, _, _) = $0 { true } else { false } } }
            #expect(await gallery.cancelUpload(2), "a waiting upload leaves the line")
            #expect(await gallery.cancelUpload(1), "the running upload is cancelled")
            await gallery.waitForUploads()
            try await recorder.wait(for: "the third upload") { $0.contains { if case .uploaded(3, _) = $0 { true } else { false } } }
            let cancelled = recorder.events.compactMap { event -> String? in
                if case .uploadCancelled(let number, let landing) = event { return "\(number) \(landing)" }
                return nil
            }
            #expect(cancelled == ["2 stopped", "1 stopped"], "\(cancelled)")
            #expect(!recorder.events.contains { if case .uploadStarted(2, _, _) = $0 { true } else { false } }, "the waiting one never started")
            #expect(await !gallery.cancelUpload(3), "an ended upload cannot be cancelled")

            let queued = try PendingQueue(database: fixture.database).items(collection: GalleryScreenlet.collection)
            #expect(queued.isEmpty, "nothing stays queued for a later sync: \(queued.map(\.operation))")
            // Journaled as each request ends on the portal: the abandoned one may come after the third.
            let uploads = try await waitFor("the portal to journal the cancelled request and the third", timeout: 30) { () -> [JournalEntry]? in
                let uploads = fixture.emulator.journal.filter { $0.path.hasPrefix("/api/jsonws/dlapp") }
                return uploads.count >= 2 ? uploads : nil
            }
            #expect(uploads.count == 2 && uploads.filter { $0.fault == "abandoned" }.count == 1, "the portal never had the whole file: \(uploads)")
            #expect(uploads.filter { $0.services.contains("/dlapp/add-file-entry") }.count == 1, "only the third upload was added")
            await fixture.emulator.setFaults(FaultSettings())
            let titles = try await gallery.loadPage(0, withCount: true)
            #expect(titles.rowCount == 121, "the demo's 120 images and the third upload")
            await gallery.close()
        }
    }

    @Test("a refused upload stays queued as failed and the next one still runs")
    func refusedUpload() async throws {
        try await PortalFixture.with { fixture in
            let gallery = fixture.gallery()
            let recorder = EventRecorder(gallery.events)
            let file = try fixture.imageFile("twice.png", size: 5_000)
            await gallery.upload(GalleryUpload(file: file, title: "Same title"))
            await gallery.upload(GalleryUpload(file: file, title: "Same title"))
            await gallery.upload(GalleryUpload(file: file, title: "Another title"))
            await gallery.waitForUploads()
            try await recorder.wait(for: "three outcomes") { events in
                events.filter {
                    switch $0 {
                    case .uploaded, .uploadError, .uploadQueued: true
                    default: false
                    }
                }.count == 3
            }
            let errors = recorder.events.compactMap { event -> String?? in
                if case .uploadError(2, _, let queueId) = event { return queueId }
                return nil
            }
            #expect(errors.count == 1, "the duplicate title is refused")
            #expect(errors.first??.isEmpty == false, "and kept in the queue")
            #expect(recorder.events.contains { if case .uploaded(3, _) = $0 { true } else { false } })
            await gallery.close()
        }
    }

    @Test("delete online: deleted on the portal, the row goes")
    func deleteOnline() async throws {
        try await PortalFixture.with { fixture in
            let gallery = fixture.gallery()
            let recorder = EventRecorder(gallery.events)
            await gallery.load()
            try await recorder.wait(for: "page 0") { !$0.isEmpty }
            let victim = try #require(await gallery.row(at: 0).row).entry.fileEntryId
            await gallery.delete(fileEntryId: victim)
            try await recorder.wait(for: "entryDeleted") {
                $0.contains { if case .entryDeleted(victim, nil) = $0 { true } else { false } }
            }
            try await recorder.wait(for: "the refreshed page 0") { events in
                events.contains { if case .entriesLoaded(0, _, 119, _) = $0 { true } else { false } }
            }
            #expect(await !gallery.loadedEntries().contains { $0.row.entry.fileEntryId == victim })
            #expect(try await gallery.loadPage(0, withCount: true).rowCount == 119)
            await gallery.close()
        }
    }

    @Test("delete offline: queued, never lost, the row marked")
    func deleteOffline() async throws {
        try await PortalFixture.with { fixture in
            let gallery = fixture.gallery()
            let recorder = EventRecorder(gallery.events)
            await gallery.load()
            try await recorder.wait(for: "page 0") { !$0.isEmpty }
            let victim = try #require(await gallery.row(at: 1).row).entry.fileEntryId
            await fixture.setOffline(true)
            await gallery.delete(fileEntryId: victim)
            try await recorder.wait(for: "queued deletion") { events in
                events.contains { if case .entryDeleted(victim, let queueId) = $0 { queueId != nil } else { false } }
            }
            #expect(await gallery.row(at: 1).row?.pendingDelete == true)
            #expect(await gallery.row(at: 0).row?.pendingDelete == false)
            let queued = try PendingQueue(database: fixture.database).items(collection: GalleryScreenlet.collection)
            #expect(queued.contains { $0.operation == .delete && $0.payload[PayloadKey.fileEntryId]?.int64Value == victim })
            // A new gallery (a later run) reads the mark from the queue, from the cache while offline.
            let later = fixture.gallery()
            let page = try await later.loadPage(0, withCount: true)
            #expect(page.provenance.source == .cache)
            #expect(page.rows.first { $0.entry.fileEntryId == victim }?.pendingDelete == true)
            await later.close()
            await gallery.close()
        }
    }
}
