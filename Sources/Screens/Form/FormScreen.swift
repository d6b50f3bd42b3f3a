import DDM
import Screenlets
import TermUI

/// The interactive DDL form: a TermUI program whose model owns the form's engine (``FormEngine``:
/// edits, validation, repetitions, locale, dirty tracking, identity, all synchronous in `update`).
/// The screenlet (a ``FormScreenlet``, an Objects entry form or a ``LocalFormScreenlet``) only does
/// the I/O — load, upload, submit, withdraw — from task effects and its event stream (a stream
/// effect iterated by the runtime); their results come back as messages the engine applies.
public struct FormScreen: Program {
    public typealias Model = FormScreenModel
    public typealias Message = FormScreenMessage

    /// The I/O side: loads, uploads, submits the engine's values, withdraws.
    public let screenlet: any FormEditing
    public let configuration: FormScreenConfiguration
    /// The locale the screenlet starts in (labels follow it until switched).
    public let locale: PortalLocale
    public let editable: Bool
    /// The key maps shown (help line, `?`), made as they are first shown.
    let shownKeyMaps: FormShownKeyMaps
    /// The fields' cell looks, resolved once for this screen's configuration.
    let looks = FormLookMemo()
    /// The title line's texts of the last frame.
    let titleTexts = FormTitleMemo()
    /// The last frame while an editor is open in place: a typed character draws only what it changed.
    let frames = FormFrameMemo()

    public init(screenlet: any FormEditing, configuration: FormScreenConfiguration, locale: PortalLocale, editable: Bool = true) {
        self.screenlet = screenlet
        self.configuration = configuration
        self.locale = locale
        self.editable = editable
        shownKeyMaps = FormShownKeyMaps(keyMap: configuration.keyMap, returnsToList: configuration.returnsToList)
    }

    /// The key map the help line and the `?` overlay describe.
    func shownKeyMap(_ model: Model) -> KeyMap {
        shownKeyMaps.map(UIStrings.Language(model.locale), editable: model.form.editable)
    }

    public var keyMap: KeyMap { configuration.keyMap }

    public func initialize() -> (Model, [Effect<Message>]) {
        var model = FormScreenModel(
            form: FormEngine(locale: locale, editable: editable), size: configuration.initialSize,
            pendingWrites: configuration.connection.pendingWrites, online: configuration.connection.online)
        model.note = configuration.notice.map { FormScreenModel.Note($0, .error) }
        let screenlet = self.screenlet
        // What the form is for (the record asked for) shows at once, before the slow loads end.
        let first = Effect<Message>.task { .opened(await screenlet.state, await screenlet.attributes) }
        let start = Effect<Message>.task {
            await screenlet.start()
            return .loaded(await screenlet.state)
        }
        return (model, [first, start, screenletEvents()] + [autoSyncReports(), connectivityChanges()].compactMap { $0 })
    }

    /// The screenlet's events for as long as it is open (the runtime iterates them): a load's
    /// result with what it loaded, an upload's with what it left in the field.
    func screenletEvents() -> Effect<Message> {
        let screenlet = self.screenlet
        return .stream(screenlet.events) { event in
            switch event {
            case .formLoaded, .recordLoaded, .formLoadError, .recordLoadError:
                return .loadEvent(event, await screenlet.state)
            case .documentUploadProgress(let key, _, _):
                return .upload(event, value: nil, status: nil, shapeVersion: await screenlet.uploadReport(key).shapeVersion)
            case .documentUploadStarted(let key), .documentUploaded(let key, _, _), .documentUploadError(let key, _):
                let report = await screenlet.uploadReport(key)
                return .upload(event, value: report.value, status: report.status, shapeVersion: report.shapeVersion)
            case .formSubmitted, .formSubmitError, .formQueued:
                // A submit's outcome comes back as ``FormScreenMessage/submitted(_:draft:)``.
                return nil
            }
        }
    }

    /// Every report of automatic sync until it stops, when the form has its own.
    func autoSyncReports() -> Effect<Message>? { configuration.autoSync?.reports { .autoSynced($0) } }

    /// Every change of the run's connectivity until it ends, when the form runs on its own screen
    /// with automatic sync.
    func connectivityChanges() -> Effect<Message>? { configuration.autoSync?.connectivityChanges { .connectivityChanged($0) } }

    public func message(for event: InputEvent, model: Model) -> Message? {
        switch event {
        case .key(let key): return .key(key)
        case .paste(let text): return .paste(text)
        case .resize(let size): return .resize(size)
        case .mouse(let mouse):
            switch mouse.action {
            case .press(.left): return .click(mouse.position)
            case .wheelDown: return .key(.down)
            case .wheelUp: return .key(.up)
            default: return nil
            }
        }
    }

    /// Runs a screenlet call (I/O only), then reports how it went: `success`, or its error.
    func call(success: FormScreenModel.Note? = nil,
              _ work: @escaping @Sendable (any FormEditing) async throws -> Void) -> Effect<Message> {
        let screenlet = self.screenlet
        return .task {
            do {
                try await work(screenlet)
                return success.map { .note($0) }
            } catch {
                return .note(FormScreenModel.Note(String(describing: error), .error))
            }
        }
    }
}
