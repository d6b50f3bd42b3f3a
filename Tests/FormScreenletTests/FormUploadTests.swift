import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Sync
import Screenlets
import TermletsTestSupport
import Testing

@Suite("Form screenlet: documents", .serialized)
struct FormUploadTests {
    @Test func uploadReportsMonotonicProgressAndTheRecordGetsTheDocument() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet { $0.recordSetId = 40001 }
            let recorder = EventRecorder(screenlet)
            try await screenlet.loadForm()
            let size = 600_000
            let file = try harness.file("report.pdf", size: size)
            let key = FormFieldKey(field: "Attachment")
            try await screenlet.chooseDocument(file.path, for: "Attachment")
            try await recorder.waitFor("documentUploaded") { $0.name == "documentUploaded" }

            let uploadEvents = await recorder.events.filter { $0.name.hasPrefix("documentUpload") }
            #expect(uploadEvents.first == .documentUploadStarted(key))
            var progress: [(Int64, Int64)] = []
            for event in uploadEvents {
                if case .documentUploadProgress(_, let sent, let total) = event { progress.append((sent, total)) }
            }
            #expect(!progress.isEmpty)
            #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.0 <= $1.0 })
            #expect(progress.allSatisfy { $0.0 <= $0.1 })
            let last = try #require(progress.last)
            #expect(last.0 == last.1)
            #expect(last.1 >= Int64(size))
            guard case .uploaded(let reference) = await screenlet.state.uploads[key] else {
                Issue.record("expected an uploaded document")
                return
            }

            guard case .submitted(let recordId, _, _) = try await screenlet.submitForm() else {
                Issue.record("expected a submitted record")
                return
            }
            let stored = try await harness.session.record(id: recordId)
            let value = try JSONValue.parse(try #require(stored.values["Attachment"]?.stringValue))
            #expect(value["groupId"]?.int64Value == 20143)
            #expect(value["uuid"]?.stringValue == reference.uuid)
            #expect(value["version"]?.textValue == reference.version)
        }
    }

    @Test func submitWaitsForARunningUpload() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet { $0.recordSetId = 40001 }
            let recorder = EventRecorder(screenlet)
            try await screenlet.loadForm()
            await harness.emulator.setFaults(FaultSettings(latencyMs: 1500, pathPrefix: "/api/jsonws/dlapp"))
            let file = try harness.file("slow.txt", size: 50_000)
            try await screenlet.chooseDocument(file.path, for: "Attachment")
            #expect(await screenlet.state.uploads[FormFieldKey(field: "Attachment")]?.isRunning == true)
            guard case .submitted(let recordId, _, _) = try await screenlet.submitForm() else {
                Issue.record("expected a submitted record")
                return
            }
            try await recorder.waitFor("formSubmitted") { $0.name == "formSubmitted" }
            let names = await recorder.names
            let uploaded = try #require(names.firstIndex(of: "documentUploaded"))
            let submitted = try #require(names.firstIndex(of: "formSubmitted"))
            #expect(uploaded < submitted)
            let stored = try await harness.session.record(id: recordId)
            #expect(stored.values["Attachment"]?.stringValue?.contains("uuid") == true)
        }
    }

    /// Cancelling a running upload stops its request before the portal has the file: the field's
    /// value as loaded comes back, no upload event follows, and the portal journals the request as
    /// abandoned (it never reached the document services), so no file entry is left behind.
    @Test func aCancelledUploadLeavesNothingBehind() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet { $0.recordSetId = 40001 }
            let recorder = EventRecorder(screenlet)
            try await screenlet.loadForm()
            let key = FormFieldKey(field: "Attachment")
            let loaded = await screenlet.state.model?.value(of: "Attachment", instance: 0)
            // The portal waits before it reads a body; a file larger than the socket buffers cannot
            // be sent whole meanwhile.
            await harness.emulator.setFaults(FaultSettings(latencyMs: 1500, pathPrefix: "/api/jsonws/dlapp"))
            let file = try harness.file("large.pdf", size: 40 << 20)
            try await screenlet.chooseDocument(file.path, for: "Attachment")
            #expect(await screenlet.state.uploads[key]?.isRunning == true)
            #expect(await screenlet.cancelUpload(of: "Attachment") == true)
            #expect(await screenlet.state.uploads[key] == nil)
            #expect(await screenlet.state.model?.value(of: "Attachment", instance: 0) == loaded, "the value as loaded is back")
            #expect(await screenlet.cancelUpload(of: "Attachment") == false, "nothing runs any more")

            let journaled = try await waitFor("the upload request ended on the portal", timeout: 30, every: 0.1) {
                harness.emulator.journal.first { $0.path.hasPrefix("/api/jsonws/dlapp") }
            }
            #expect(journaled.fault == "abandoned", "the portal never had the whole file: \(journaled)")
            #expect(!journaled.services.contains("/dlapp/add-file-entry"))
            #expect(await !recorder.names.contains("documentUploaded"))
            #expect(await !recorder.names.contains("documentUploadFailed"))
        }
    }

    @Test func aFailedUploadIsRetriedOnSubmit() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet {
                $0.recordSetId = 40001
                $0.submitPolicy = .remoteOnly
            }
            let recorder = EventRecorder(screenlet)
            try await screenlet.loadForm()
            await harness.setOffline(true)
            let file = try harness.file("retry.txt", size: 20_000)
            let key = FormFieldKey(field: "Attachment")
            try await screenlet.chooseDocument(file.path, for: "Attachment")
            try await recorder.waitFor("documentUploadError") { $0.name == "documentUploadError" }
            guard case .failed = await screenlet.state.uploads[key] else {
                Issue.record("expected a failed upload")
                return
            }
            #expect(try harness.queue.items().isEmpty)

            await harness.setOffline(false)
            guard case .submitted(let recordId, _, _) = try await screenlet.submitForm() else {
                Issue.record("expected a submitted record")
                return
            }
            try await recorder.waitFor("formSubmitted") { $0.name == "formSubmitted" }
            #expect(await recorder.names.filter { $0 == "documentUploadStarted" }.count == 2)
            guard case .uploaded(let reference) = await screenlet.state.uploads[key] else {
                Issue.record("expected the retried upload to succeed")
                return
            }
            let stored = try await harness.session.record(id: recordId)
            #expect(stored.values["Attachment"]?.stringValue?.contains(reference.uuid) == true)
        }
    }

    @Test func offlineTheDocumentAndTheRecordAreQueuedWithTheRecordDependingOnIt() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet { $0.recordSetId = 40001 }
            let recorder = EventRecorder(screenlet)
            try await screenlet.loadForm()
            await harness.setOffline(true)
            try await screenlet.setValue(.string("Written offline"), of: "Title")
            let file = try harness.file("offline.png", size: 30_000)
            try await screenlet.chooseDocument(file.path, for: "Attachment")
            try await recorder.waitFor("documentUploaded") { $0.name == "documentUploaded" }
            guard case .queuedOffline(let uploadId) = await screenlet.state.uploads[FormFieldKey(field: "Attachment")] else {
                Issue.record("expected the upload to be queued")
                return
            }
            guard case .queued(let recordQueueId) = try await screenlet.submitForm() else {
                Issue.record("expected the record to be queued")
                return
            }
            try await recorder.waitFor("formQueued") { $0 == .formQueued(queueId: recordQueueId) }

            let items = try harness.queue.items()
            #expect(items.map(\.operation) == [.upload, .addRecord])
            let upload = try #require(items.first { $0.queueId == uploadId })
            let record = try #require(items.first { $0.queueId == recordQueueId })
            #expect(record.dependsOn == [uploadId])
            #expect(record.payload[PayloadKey.values]?["Attachment"] == PendingWrite.uploadPlaceholder(uploadId))
            #expect(record.payload[PayloadKey.values]?["Title"]?.stringValue == "Written offline")
            let copy = try #require(upload.fileURL)
            #expect(FileManager.default.contents(atPath: copy.path) == FileManager.default.contents(atPath: file.path))
            #expect(upload.payload[PayloadKey.title]?.stringValue?.hasPrefix("form-file-") == true)

            // The record waits for its document: sending it now is refused by the queue.
            #expect(try harness.queue.claim(recordQueueId) == nil)
        }
    }

    @Test func cancellingDropsADocumentQueuedOffline() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet { $0.recordSetId = 40001 }
            let recorder = EventRecorder(screenlet)
            try await screenlet.loadForm()
            await harness.setOffline(true)
            try await screenlet.chooseDocument(try harness.file("first.txt", size: 100).path, for: "Attachment")
            try await recorder.waitFor("documentUploaded") { $0.name == "documentUploaded" }
            #expect(try harness.queue.items().count == 1)
            await screenlet.cancel()
            #expect(try harness.queue.items().isEmpty)
            #expect(await screenlet.state.uploads.isEmpty)
            #expect(await screenlet.state.isDirty == false)
        }
    }

    /// The race CI caught (a tmux test found a discarded file on the portal): a sync claims the
    /// document queued offline, the user discards the edits while its request is on its way, and
    /// the request arrives. The discard no longer fails silently (the queue refused to discard a
    /// write being sent): the upload becomes a `withdraw-upload` tombstone and the next sync
    /// deletes the document the request made. Read back from the portal.
    @Test func discardingWhileASyncSendsTheDocumentLeavesNothingOnThePortal() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet { $0.recordSetId = 40001 }
            let recorder = EventRecorder(screenlet)
            try await screenlet.loadForm()
            await harness.setOffline(true)
            try await screenlet.chooseDocument(try harness.file("raced.txt", size: 100).path, for: "Attachment")
            try await recorder.waitFor("documentUploaded") { $0.name == "documentUploaded" }
            let engine = SyncEngine(queue: harness.queue, session: harness.session, configuration: SyncConfiguration(groupId: 20143))
            // A sync claims the upload; the portal is back just as its request goes out.
            let claimed = try #require(try harness.queue.claimReady().first)
            #expect(claimed.operation == .upload)
            await harness.setOffline(false)
            await screenlet.cancel()
            let tombstone = try #require(try harness.queue.item(claimed.queueId))
            #expect(tombstone.operation == .withdrawUpload && tombstone.state == .sending, "\(tombstone)")
            let answer = try await engine.sendOne(claimed)
            let fileEntryId = try #require(answer[PayloadKey.fileEntryId]?.int64Value)
            let outcome = try harness.queue.settle(claimed, result: .success(answer), sender: engine.sender)
            guard case .withdrawn = outcome else {
                Issue.record("the answer of a withdrawn upload lands on its tombstone, got \(outcome)")
                return
            }
            #expect(try await Self.fileEntryExists(fileEntryId, harness), "the request did make the document")

            let summary = try await engine.run()
            #expect(summary.failed == 0 && summary.pending == 0, "\(summary)")
            #expect(try await Self.fileEntryExists(fileEntryId, harness) == false, "the discarded document is gone from the portal")
            #expect(try harness.queue.listing().isEmpty)
            #expect(try harness.queue.item(claimed.queueId)?.fileURL == nil)
        }
    }

    /// Whether the portal has file entry `id` (`dlapp/get-file-entry`).
    static func fileEntryExists(_ id: Int64, _ harness: FormHarness) async throws -> Bool {
        var call = ServiceCall(path: "/dlapp/get-file-entry")
        call.append("fileEntryId", .int(id))
        do {
            _ = try await harness.session.invoke(call)
            return true
        } catch let error as PortalError where error.kind == .notFound {
            return false
        }
    }

    @Test func eventsEncodeAsJSONLinesWithoutSecrets() throws {
        let key = FormFieldKey(field: "Attachment", instance: 1)
        let line = FormEventEncoder.line(.documentUploadProgress(key, bytesSent: 10, totalBytes: 20))
        #expect(line.hasSuffix("\n"))
        let json = try JSONValue.parse(line)
        #expect(json["event"] == "documentUploadProgress")
        #expect(json["field"] == "Attachment")
        #expect(json["instance"] == 1)
        #expect(json["bytesSent"] == 10)
        #expect(json["totalBytes"] == 20)

        let uploaded = FormEventEncoder.json(
            .documentUploaded(
                key, result: ["groupId": 1, "uuid": "u", "version": "1.0", "url": "http://user:pw@host/x", "password": "p"],
                queueId: nil))
        #expect(uploaded["result"] == ["groupId": 1, "uuid": "u", "version": "1.0"])
        #expect(FormEventEncoder.json(.formQueued(queueId: "q"))["queueId"] == "q")
    }
}
