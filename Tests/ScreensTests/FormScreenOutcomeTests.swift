import DDM
import Foundation
import PortalEmulator
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// What the form screen shows for each thing its I/O can come to — a save queued, then sent by
/// sync or discarded; a submit the portal refuses; a form from a stale cache or not loaded at all.
/// Screen tests, in memory (``FormScreenTestbed``): the outcome is chosen, not provoked. That the
/// real screenlet answers these outcomes the same way is `InMemoryFormParityTests`; the queue
/// itself is `FormScreenQueuedDiscardTests` (on the emulator).
@MainActor
@Suite("Form screen: what the I/O comes to")
struct FormScreenOutcomeTests {
    private func editName(_ form: FormScreenTestbed, _ text: String) async throws {
        try form.focus("Name")
        form.press(.enter, .ctrl("u"))
        form.type(text)
        form.press(.enter)
        try await form.settle(until: "the edit") { $0.form.isDirty }
    }

    @Test func aQueuedSaveIsTitledQueuedAndDiscardTakesItBack() async throws {
        try await withFormScreen(recordSetId: DemoIDs.contactsRecordSetId, submissions: [.queued(queueId: "q-7")]) { form in
            try await editName(form, "Queued then discarded")
            form.press(.ctrl("s"))
            try await form.settle(until: "the save queued") { $0.form.identity.queuedSaveId == "q-7" && !$0.isSaving }
            #expect(GridText.text(form.grid).contains("New record • queued for sync"), "\(GridText.text(form.grid))")
            #expect(form.model.note?.text == "Queued for sync (q-7): sent when the portal is back")
            #expect(form.model.pendingWrites == 1)

            try await editName(form, "Edited again")
            form.press(.escape)
            #expect(form.model.overlay == .unsavedChanges)
            let prompt = GridText.text(form.grid)
            #expect(prompt.contains("Your save is queued for sync, not on the portal yet."), "\(prompt)")
            #expect(prompt.contains("Discarding takes it back out of the queue."), "\(prompt)")
            await form.screenlet.willWithdraw(.beingTakenBack)
            form.press(.character("d"))
            try await form.settle(until: "the quit") { [runtime = form.runtime] _ in runtime.isFinished }
            #expect(form.model.farewell?.contains("Being taken back from the portal") == true, "\(String(describing: form.model.farewell))")
            #expect(await form.screenlet.submitted.map { $0.values.value(of: "Name") } == [.string("Queued then discarded")])
        }
    }

    @Test func aQueuedSaveSentBySyncBecomesTheRecord() async throws {
        try await withFormScreen(recordSetId: DemoIDs.contactsRecordSetId, submissions: [.queued(queueId: "q-8")]) { form in
            try await editName(form, "Sent later")
            form.press(.ctrl("s"))
            try await form.settle(until: "the save queued") { $0.form.identity.queuedSaveId == "q-8" }
            await form.screenlet.syncSentQueuedSave(recordId: 777, workflowStatus: 0)
            form.runtime.send(.connectivityChanged(true))
            try await form.settle(until: "the record") { $0.form.identity == .stored(recordId: 777) }
            #expect(form.model.note?.text == "Sent to the portal by sync: record 777")
            #expect(FormScreenTitleTests.titleLine(form.grid).contains("Record 777"))
        }
    }

    @Test func aSubmitThePortalRefusesSaysWhyAndKeepsTheEdits() async throws {
        try await withFormScreen(recordSetId: DemoIDs.contactsRecordSetId,
                                 submissions: [.refused(message: "permission: no add permission on record set 40003")]) { form in
            try await editName(form, "Refused")
            form.press(.ctrl("s"))
            try await form.settle(until: "the refusal") { $0.note?.kind == .error }
            #expect(form.model.note?.text == "permission: no add permission on record set 40003")
            #expect(form.model.form.isDirty, "the edits are kept")
            #expect(form.model.form.identity == .new)
            #expect(await form.screenlet.submitted.count == 1)
        }
    }

    @Test func aFormFromAStaleCacheShowsOffline() async throws {
        try await withFormScreen(size: Size(width: 100, height: 24), load: .cache(storedAt: Date(timeIntervalSince1970: 1_718_000_000))) { form in
            #expect(form.model.form.isStale)
            #expect(!form.model.online)
            #expect(GridText.text(form.grid).contains("· offline"))
        }
    }

    @Test func aFormThatCannotLoadSaysWhy() async throws {
        try await withFormScreen(load: .failed(message: "connection: the portal cannot be reached")) { form in
            #expect(form.model.rows.isEmpty)
            #expect(form.model.note?.kind == .error)
            #expect(form.model.note?.text == "connection: the portal cannot be reached")
        }
    }
}
