import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets
import TermletsTestSupport
import Testing

@Suite("Form screenlet: editing, validation, submit", .serialized)
struct FormEditingTests {
    @Test func addPublishesAndDraftKeepsADraft() async throws {
        try await withHarness { harness in
            for (draft, expected) in [(false, 0), (true, 2)] {
                let screenlet = harness.screenlet { $0.recordSetId = 40003 }
                let recorder = EventRecorder(screenlet)
                try await screenlet.loadForm()
                try await screenlet.setValue(.string("Ada \(draft)"), of: "Name")
                #expect(await screenlet.state.isDirty)
                let outcome = try await screenlet.submitForm(draft: draft)
                guard case .submitted(let recordId, let status, let added) = outcome else {
                    Issue.record("expected a submitted record, got \(outcome)")
                    return
                }
                #expect(added)
                #expect(status == expected)
                #expect(await screenlet.state.isDirty == false)
                #expect(await screenlet.attributes.recordId == recordId)
                let stored = try await harness.session.record(id: recordId)
                #expect(stored.values["Name"]?.stringValue == "Ada \(draft)")
                #expect(stored.attributes["status"]?.intValue == expected)
                #expect(stored.attributes["uuid"]?.stringValue?.isEmpty == false)
                try await recorder.waitFor("formSubmitted") { $0 == .formSubmitted(recordId: recordId, workflowStatus: expected) }
            }
        }
    }

    @Test func onLiferay62TheRecordLoadsAndUpdates() async throws {
        try await withHarness(version: .v62) { harness in
            let screenlet = harness.screenlet {
                $0.recordSetId = 40001
                $0.recordId = 41003
            }
            try await screenlet.loadRecord()
            #expect(await screenlet.state.model?.structure.format == .xsd)
            try await screenlet.setValue(.string("Changed on 6.2"), of: "Title")
            #expect(try await screenlet.submitForm() == .submitted(recordId: 41003, workflowStatus: 0, added: false))
            #expect(try await harness.session.record(id: 41003).values["Title"]?.stringValue == "Changed on 6.2")
        }
    }

    @Test func updateChangesTheStoredRecord() async throws {
        try await withHarness { harness in
            let before = try await harness.session.record(id: 43001)
            let screenlet = harness.screenlet {
                $0.recordSetId = 40003
                $0.recordId = 43001
            }
            try await screenlet.loadRecord()
            try await screenlet.setValue(.string("new@example.com"), of: "Email")
            let outcome = try await screenlet.submitForm()
            #expect(outcome == .submitted(recordId: 43001, workflowStatus: 0, added: false))
            let after = try await harness.session.record(id: 43001)
            #expect(after.values["Email"]?.stringValue == "new@example.com")
            #expect(after.values["Name"] == before.values["Name"])
            #expect((after.modifiedDate ?? 0) > (before.modifiedDate ?? 0))
        }
    }

    @Test func validationFailsOnTheRequiredNameAndPointsAtIt() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet { $0.recordSetId = 40003 }
            let recorder = EventRecorder(screenlet)
            try await screenlet.loadForm()
            #expect(await screenlet.leaveField("Name") != nil)
            try await screenlet.setValue(.string("x@example.com"), of: "Email")
            await #expect(throws: FormScreenletError.self) { try await screenlet.submitForm() }
            let name = FormFieldKey(field: "Name")
            try await recorder.waitFor("formSubmitError") { event in
                if case .formSubmitError(_, let fields) = event { return fields == [name] }
                return false
            }
            let state = await screenlet.state
            #expect(state.firstInvalidField == name)
            #expect(state.validationMessages[name] != nil)
            #expect(state.validationMessages[FormFieldKey(field: "Email")] == nil)
            #expect(harness.emulator.requestCounts.keys.contains { $0.contains("add-record") } == false)

            try await screenlet.setValue(.string("Grace"), of: "Name")
            #expect(await screenlet.state.validationMessages[name] == nil)
        }
    }

    @Test func cancelRestoresTheLoadedValues() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet {
                $0.recordSetId = 40001
                $0.recordId = 41001
            }
            try await screenlet.loadRecord()
            let loaded = await screenlet.state.model?.value(of: "Title")
            try await screenlet.setValue(.string("changed"), of: "Title")
            _ = try await screenlet.addInstance(of: "Phone")
            #expect(await screenlet.state.isDirty)
            await screenlet.cancel()
            #expect(await screenlet.state.model?.value(of: "Title") == loaded)
            #expect(await screenlet.state.model?.instances(of: "Phone").count == 1)
            #expect(await screenlet.state.isDirty == false)
        }
    }

    @Test func aReadOnlyFormRefusesEdits() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet {
                $0.recordSetId = 40001
                $0.recordId = 41001
                $0.editable = false
            }
            try await screenlet.loadRecord()
            await #expect(throws: FormScreenletError.self) { try await screenlet.setValue(.string("x"), of: "Title") }
            await #expect(throws: FormScreenletError.self) { try await screenlet.addInstance(of: "Phone") }
            let file = try harness.file("a.txt", size: 10)
            await #expect(throws: FormScreenletError.self) { try await screenlet.chooseDocument(file.path, for: "Attachment") }
            await #expect(throws: FormScreenletError.self) { try await screenlet.submitForm() }
            #expect(await screenlet.state.isDirty == false)
        }
    }

    @Test func switchingTheLocaleChangesLabelsAndMessages() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet { $0.recordSetId = 40003 }
            try await screenlet.loadForm()
            let english = await screenlet.leaveField("Name")
            await screenlet.switchLocale(.esES)
            let state = await screenlet.state
            #expect(state.locale == .esES)
            let spanish = state.validationMessages[FormFieldKey(field: "Name")]
            #expect(english != nil && spanish != nil)
            #expect(english != spanish)

            let kinds = harness.screenlet { $0.recordSetId = 40001 }
            try await kinds.loadForm()
            let title = try #require(await kinds.state.model?.structure.field(named: "Title"))
            #expect(title.label(in: .enUS) != title.label(in: .esES))
        }
    }

    @Test func offlineSubmitIsQueuedWithItsUpdateBase() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet {
                $0.recordSetId = 40003
                $0.recordId = 43002
                $0.submitPolicy = .remoteFirst
            }
            try await screenlet.loadRecord()
            let base = try await harness.session.record(id: 43002).modifiedDate
            await harness.setOffline(true)
            let recorder = EventRecorder(screenlet)
            try await screenlet.setValue(.string("offline@example.com"), of: "Email")
            let outcome = try await screenlet.submitForm()
            guard case .queued(let queueId) = outcome else {
                Issue.record("expected queued, got \(outcome)")
                return
            }
            try await recorder.waitFor("formQueued") { $0 == .formQueued(queueId: queueId) }
            #expect(await recorder.names.contains("formSubmitted") == false)
            let item = try #require(try harness.queue.item(queueId))
            #expect(item.operation == .updateRecord)
            #expect(item.payload[PayloadKey.baseModifiedDate]?.int64Value == base)
            #expect(item.payload[PayloadKey.values]?["Email"]?.stringValue == "offline@example.com")
            #expect(await screenlet.state.queuedSubmitId == queueId)

            let add = harness.screenlet { $0.recordSetId = 40003; $0.submitPolicy = .cacheOnly; $0.loadPolicy = .cacheFirst }
            try await add.loadForm()
            try await add.setValue(.string("Queued"), of: "Name")
            guard case .queued(let addId) = try await add.submitForm() else {
                Issue.record("expected a queued add")
                return
            }
            let added = try #require(try harness.queue.item(addId))
            #expect(added.operation == .addRecord)
            #expect(added.uuid.count == 36)
            #expect(added.payload[PayloadKey.recordSetId]?.int64Value == 40003)
        }
    }

    @Test func remoteOnlyOfflineFailsAndQueuesNothing() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet { $0.recordSetId = 40003; $0.submitPolicy = .remoteOnly }
            try await screenlet.loadForm()
            await harness.setOffline(true)
            try await screenlet.setValue(.string("Nobody"), of: "Name")
            let error = await #expect(throws: PortalError.self) { try await screenlet.submitForm() }
            #expect(error?.kind == .network)
            #expect(try harness.queue.items().isEmpty)
            #expect(await screenlet.state.isDirty)
        }
    }
}
