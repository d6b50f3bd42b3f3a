import DDM
import Screenlets
import Synchronization

/// Everything the form's title line says depends on (besides the screen's configuration): equal
/// inputs, equal texts.
struct FormTitleInputs: Equatable, Sendable {
    var recordSetName: String?
    var recordId: Int64?
    var queued: Bool
    var loaded: Bool
    var loading: Bool
    var workflowStatus: Int?
    var fromCache: Bool
    var editable: Bool
    var dirty: Bool
    var locale: PortalLocale
    var focus: Int
    var rowCount: Int

    init(_ model: FormScreenModel) {
        // Read through `model.form` each time: a local copy of the engine would copy its whole state.
        recordSetName = model.form.recordSetName
        let identity = model.form.identity
        recordId = identity.recordId
        queued = identity.queuedSaveId != nil
        loaded = model.form.hasModel
        loading = model.form.isLoading
        workflowStatus = model.form.workflowStatus
        fromCache = model.form.isRecordFromCache
        editable = model.form.editable
        dirty = model.form.isDirty
        locale = model.locale
        focus = model.focus
        rowCount = model.rows.count
    }
}

/// The title texts of the last frame, by what they were made from: a key that changes neither the
/// record nor the focus (a typed character) does not build them again.
final class FormTitleMemo: Sendable {
    private let last = Mutex<(inputs: FormTitleInputs, title: String, position: String)?>(nil)

    func texts(for inputs: FormTitleInputs, make: () -> (title: String, position: String)) -> (title: String, position: String) {
        if let known = last.withLock({ $0 }), known.inputs == inputs { return (known.title, known.position) }
        let texts = make()
        last.withLock { $0 = (inputs, texts.title, texts.position) }
        return texts
    }
}
