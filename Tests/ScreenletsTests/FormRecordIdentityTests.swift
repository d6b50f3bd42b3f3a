import DDM
import Testing

@testable import Screenlets

/// "Which record is this" on the form's state value, without an actor or a portal: a new form,
/// its save queued, the queued add sent, a direct save, a record asked for before it loads.
@Suite("Form state: record identity")
struct FormRecordIdentityTests {
    static func loadedState() throws -> FormState {
        let structure = try DDMStructure.parse(#"{"fields": [{"name": "Name", "dataType": "string", "type": "text"}]}"#)
        var state = FormState(locale: .enUS)
        state.model = DDLFormModel(structure: structure, locale: .enUS)
        return state
    }

    @Test func aNewFormQueuedThenSentBecomesThatRecordKeepingItsEdits() throws {
        var state = try Self.loadedState()
        #expect(state.identity == .new)
        try state.setValue(.string("Ada"), of: "Name", instance: 0, editable: true)
        state.savedToQueue("q-1")
        #expect(state.identity == .queued(queueId: "q-1", recordId: nil))
        #expect(!state.isDirty)

        try state.setValue(.string("Ada L."), of: "Name", instance: 0, editable: true)
        state.leaveQueue()
        state.adoptRecord(41001)
        #expect(state.identity == .stored(recordId: 41001))
        #expect(state.isDirty)  // the edit made while it waited is still to be saved
        #expect(state.model?.value(of: "Name", instance: 0) == .string("Ada L."))
    }

    @Test func aDirectSaveStoresTheRecordAndItsStatus() throws {
        var state = try Self.loadedState()
        state.savedToQueue("q-2")
        state.savedAsRecord(41002, workflowStatus: 2)
        #expect(state.identity == .stored(recordId: 41002))
        #expect(state.identity.queuedSaveId == nil)
        #expect(state.workflowStatus == 2)
    }

    @Test func aRecordAskedForIsThatRecordBeforeItLoads() {
        var state = FormState(locale: .enUS)
        state.askFor(recordId: 43002)
        #expect(state.identity == .stored(recordId: 43002))
        #expect(state.identity.recordId == 43002)
        state.savedToQueue("q-3")  // an update queued for it
        #expect(state.identity == .queued(queueId: "q-3", recordId: 43002))
    }
}
