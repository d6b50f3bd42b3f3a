import DDM
import Foundation
import OfflineStore
import PortalEmulator
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// Integration test (on the emulator, ``FormScreenEmulatorTestbed``): the form screen's side of
/// issue 11, headless on the real screenlet and an in-process emulator taken offline (connections
/// dropped): the title says the save is queued, and discard says so and takes it back out of the
/// real offline queue (a `withdraw-add` tombstone).
@MainActor
@Suite("Form screen: a queued save and discard")
struct FormScreenQueuedDiscardTests {
    @Test func thePromptSaysTheSaveIsQueuedAndDiscardTakesItOutOfTheQueue() async throws {
        try await withFormScreenOnEmulator(recordSetId: 40003) { form in
            await form.emulator.setFaults(FaultSettings(offline: true))
            try form.focus("Name")
            form.press(.enter, .ctrl("u"))
            form.type("Queued then discarded")
            form.press(.enter)
            form.press(.ctrl("s"))
            try await form.waitFor("the save queued", timeout: 60) { $0.form.identity.queuedSaveId != nil && !$0.isSaving }
            #expect(GridText.text(form.grid).contains("New record • queued for sync"), "\(GridText.text(form.grid))")

            form.press(.enter, .ctrl("u"))
            form.type("Edited again")
            form.press(.enter)
            try await form.waitFor("the edit") { $0.form.isDirty }
            form.press(.escape)
            #expect(form.model.overlay == .unsavedChanges)
            let prompt = GridText.text(form.grid)
            #expect(prompt.contains("Your save is queued for sync, not on the portal yet."), "\(prompt)")
            #expect(prompt.contains("Discarding takes it back out of the queue."), "\(prompt)")
            form.press(.character("d"))
            try await form.waitFor("the quit", timeout: 60) { [runtime = form.runtime] _ in runtime.isFinished }
            // The portal dropped the connection of the first attempt: that request may have reached
            // it, so only a `withdraw-add` tombstone is left for sync, and the form says so.
            #expect(try PendingQueue(database: form.cache).items().map(\.operation) == [.withdrawAdd])
            #expect(form.model.farewell?.contains("Being taken back from the portal") == true, "\(String(describing: form.model.farewell))")
        }
    }
}
