import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Screenlets
import Sync
import TermletsTestSupport
import Testing

/// A repeatable document field: the uploads follow their field instances when repetitions are
/// added or removed before them — in the screenlet alone (headless) and when the screen's copy
/// of the form changed first (the screenlet follows its shape). What the portal holds afterwards
/// is read back over JSON-WS.
@Suite("Form screenlet: repeated documents", .serialized)
struct RepeatedDocumentTests {
    /// Record set 40500 of structure 30500: a title and a repeatable Documents and Media field.
    static let seed = """
        {"structures": [{"structureId": 30500, "groupId": 20143, "name": "Album", "definition": {
            "availableLanguageIds": ["en_US"], "defaultLanguageId": "en_US", "fields": [
              {"name": "Title", "dataType": "string", "type": "text", "required": false, "label": {"en_US": "Title"}},
              {"name": "Photos", "dataType": "document-library", "type": "ddm-documentlibrary", "repeatable": true,
               "required": false, "label": {"en_US": "Photos"}}]}}],
         "recordSets": [{"recordSetId": 40500, "structureId": 30500, "groupId": 20143, "name": "Albums"}]}
        """

    /// The file names of the documents the `Photos` instances of record `recordId` point to, in
    /// order ("-" for an empty instance), read over JSON-WS.
    static func photoNames(of recordId: Int64, _ harness: FormHarness) async throws -> [String] {
        var recordCall = ServiceCall(path: "/screens.screensddlrecord/get-ddl-record")
        recordCall.append("ddlRecordId", .int(recordId))
        recordCall.append("locale", "en_US")
        let record = try await harness.session.invoke(recordCall)
        var filesCall = ServiceCall(path: "/dlapp/get-file-entries")
        filesCall.append("repositoryId", .int(20143))
        filesCall.append("folderId", .int(0))
        let files = try await harness.session.invoke(filesCall).arrayValue ?? []
        var names: [String: String] = [:]
        for file in files { if let uuid = file["uuid"]?.stringValue { names[uuid] = file["fileName"]?.stringValue ?? "?" } }
        let photos = record["modelValues"]?["Photos"]
        let instances = photos?.arrayValue ?? [photos ?? .null]
        return instances.map { instance in
            let reference = instance.stringValue.flatMap { try? JSONValue.parse($0) } ?? instance
            return reference["uuid"]?.stringValue.flatMap { names[$0] } ?? "-"
        }
    }

    /// The documents of the site's root folder, by file name.
    static func portalFileNames(_ harness: FormHarness) async throws -> [String] {
        var call = ServiceCall(path: "/dlapp/get-file-entries")
        call.append("repositoryId", .int(20143))
        call.append("folderId", .int(0))
        return (try await harness.session.invoke(call).arrayValue ?? []).compactMap { $0["fileName"]?.stringValue }
    }

    /// Headless: three files queued offline for three repetitions, the first repetition removed;
    /// the queued record carries the other two in order and sync delivers them so. Before, the
    /// uploads stayed at their old instance numbers: the last one fell off the form.
    @Test func removingARepetitionKeepsTheOtherUploadsWithTheirInstances() async throws {
        try await withHarness(seed: Self.seed) { harness in
            let screenlet = harness.screenlet { $0.recordSetId = 40500 }
            try await screenlet.loadForm()
            await harness.setOffline(true)
            try await screenlet.addInstance(of: "Photos")
            try await screenlet.addInstance(of: "Photos")
            for (instance, name) in ["a.txt", "b.txt", "c.txt"].enumerated() {
                try await screenlet.chooseDocument(try harness.file(name, size: 50 + instance).path, for: "Photos", instance: instance)
            }
            let queued = try await waitFor("three uploads queued", timeout: 30) { () async -> [Int: String]? in
                var ids: [Int: String] = [:]
                for (key, status) in await screenlet.state.uploads { if case .queuedOffline(let id) = status { ids[key.instance] = id } }
                return ids.count == 3 ? ids : nil
            }
            try await screenlet.removeInstance(of: "Photos", at: 0)
            let (first, second, third) = (try #require(queued[0]), try #require(queued[1]), try #require(queued[2]))
            #expect(try harness.queue.item(first) == nil, "the removed repetition's file left the queue")
            let uploads = await screenlet.state.uploads
            #expect(uploads[FormFieldKey(field: "Photos", instance: 0)] == .queuedOffline(queueId: second))
            #expect(uploads[FormFieldKey(field: "Photos", instance: 1)] == .queuedOffline(queueId: third))
            #expect(uploads.count == 2)
            try await screenlet.setValue(.string("offline album"), of: "Title")
            guard case .queued(let recordQueueId) = try await screenlet.submitForm() else {
                Issue.record("offline, the record is queued")
                return
            }
            #expect(try harness.queue.item(recordQueueId)?.dependsOn.sorted() == [second, third].sorted())

            await harness.setOffline(false)
            let summary = try await SyncEngine(queue: harness.queue, session: harness.session, configuration: SyncConfiguration(groupId: 20143)).run()
            #expect(summary.failed == 0 && summary.pending == 0, "\(summary)")
            let recordId = try #require(try harness.queue.item(recordQueueId)?.result?["recordId"]?.int64Value)
            #expect(try await Self.photoNames(of: recordId, harness) == ["b.txt", "c.txt"])
            #expect(try await Self.portalFileNames(harness).contains("a.txt") == false, "the removed repetition's file was never uploaded")
        }
    }

    /// As the form screen does: its own copy of the form (a ``FormEngine``) gets repetitions first;
    /// the screenlet follows that shape before a file is chosen, and an upload's report names its
    /// instance as the screenlet knew it, which the engine finds again after a repetition before
    /// it was removed. The saved record has the file at the instance the user chose it for.
    @Test func theScreenletFollowsTheScreensRepetitions() async throws {
        try await withHarness(seed: Self.seed) { harness in
            let screenlet = harness.screenlet { $0.recordSetId = 40500 }
            let recorder = EventRecorder(screenlet)
            try await screenlet.loadForm()
            var engine = FormEngine(locale: .enUS, editable: true)
            engine.adoptLoad(await screenlet.state)
            try engine.addInstance(of: "Photos", after: 0)
            try engine.addInstance(of: "Photos", after: 1)
            try engine.setValue(.string("album"), of: FormFieldKey(field: "Title"))

            // Files are chosen for the second and third repetitions, which only the screen's copy has yet.
            let shape = try #require(engine.model)
            await screenlet.followShape(of: shape)
            try await screenlet.chooseDocument(try harness.file("middle.txt", size: 60).path, for: "Photos", instance: 1)
            try await screenlet.chooseDocument(try harness.file("third.txt", size: 70).path, for: "Photos", instance: 2)
            // The user removes the first repetition before the uploads' reports are applied.
            try engine.removeInstance(of: "Photos", at: 0)
            _ = try await waitFor("both uploads done", timeout: 30) { () async -> Bool? in
                await recorder.events.filter { $0.name == "documentUploaded" }.count == 2 ? true : nil
            }
            for reported in await recorder.events where reported.name == "documentUploaded" {
                let reportedKey = try #require(reported.uploadKey)
                let report = await screenlet.uploadReport(reportedKey)
                #expect(report.shapeVersion == 2, "the screenlet had not followed the removal yet")
                let now = try #require(engine.instanceNow(reportedKey, shapeVersion: report.shapeVersion))
                #expect(now == FormFieldKey(field: "Photos", instance: reportedKey.instance - 1))
                engine.recordUpload(reported.aboutUpload(of: now), value: report.value, status: report.status)
            }
            #expect(engine.uploads.keys.map(\.instance).sorted() == [0, 1], "\(engine.uploads)")

            guard case .submitted(let recordId, _, _) = try await screenlet.submitForm(edits: engine.state, draft: false) else {
                Issue.record("online, the record is submitted")
                return
            }
            let names = try await Self.photoNames(of: recordId, harness)
            #expect(names == ["middle.txt", "third.txt"], "\(names)")
        }
    }
}
