import DDM
import Screenlets
import TermUI

/// The interactive DDL form: a TermUI program that draws a ``FormScreenlet``'s state and turns
/// keys into the screenlet's intents. Screenlet calls run as task effects and its event stream as a
/// stream effect (iterated by the runtime), whose results come back as messages; `update` and
/// `view` are pure.
public struct FormScreen: Program {
    public typealias Model = FormScreenModel
    public typealias Message = FormScreenMessage

    public let driver: FormDriver
    public let configuration: FormScreenConfiguration
    /// The locale the screenlet starts in (labels follow it until switched).
    public let locale: PortalLocale
    public let editable: Bool
    /// The key maps shown (help line, `?`) by language, editable and read-only (no edit, toggle,
    /// submit, draft or repetitions: nothing that only says "read only"), with `q`'s and
    /// the prompt's help saying where they lead.
    let shownKeyMaps: [UIStrings.Language: (editable: KeyMap, readOnly: KeyMap)]

    public init(driver: FormDriver, configuration: FormScreenConfiguration, locale: PortalLocale, editable: Bool = true) {
        self.driver = driver
        self.configuration = configuration
        self.locale = locale
        self.editable = editable
        let hidden: Set<CommandName> = [.activate, .toggle, .submit, .saveDraft, .addInstance, .removeInstance]
        var maps: [UIStrings.Language: (editable: KeyMap, readOnly: KeyMap)] = [:]
        for (language, sample) in [(UIStrings.Language.english, PortalLocale.enUS), (.spanish, PortalLocale.esES)] {
            let shown = FormKeyHelp.shown(configuration.keyMap, returnsToList: configuration.returnsToList, sample)
            maps[language] = (shown, KeyMap(bindings: shown.bindings.filter { !hidden.contains($0.command) }))
        }
        shownKeyMaps = maps
    }

    /// The key map the help line and the `?` overlay describe.
    func shownKeyMap(_ model: Model) -> KeyMap {
        let maps = shownKeyMaps[UIStrings.Language(model.locale)] ?? shownKeyMaps[.english]!
        return model.form.editable ? maps.editable : maps.readOnly
    }

    public var keyMap: KeyMap { configuration.keyMap }

    public func initialize() -> (Model, [Effect<Message>]) {
        var model = FormScreenModel(
            form: FormSnapshot(locale: locale, editable: editable), size: configuration.initialSize,
            pendingWrites: configuration.connection.pendingWrites, online: configuration.connection.online)
        model.note = configuration.notice.map { FormScreenModel.Note($0, .error) }
        let driver = self.driver
        // What the form is for (the record asked for) shows at once, before the slow loads end.
        let first = Effect<Message>.task { .snapshot(await driver.snapshot(), note: nil, rebuildRows: false) }
        let start = Effect<Message>.task {
            await driver.screenlet.start()
            return .snapshot(await driver.snapshot(), note: nil, rebuildRows: true)
        }
        return (model, [first, start, screenletEvents()] + [autoSyncReports(), connectivityChanges()].compactMap { $0 })
    }

    /// The screenlet's events, each with the snapshot taken right after it, for as long as the
    /// screenlet is open (the runtime iterates them).
    func screenletEvents() -> Effect<Message> {
        let driver = self.driver
        return .stream(driver.screenlet.events) { .event($0, await driver.snapshot()) }
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

    /// Runs a screenlet call, then reports its snapshot (and the error, if it threw).
    func call(rebuildRows: Bool = false, focus: FormFieldKey? = nil, success: FormScreenModel.Note? = nil,
              _ work: @escaping @Sendable (any FormEditing) async throws -> Void) -> Effect<Message> {
        let driver = self.driver
        return .task {
            var note = success
            do {
                try await work(driver.screenlet)
            } catch {
                note = FormScreenModel.Note(String(describing: error), .error)
            }
            return .snapshot(await driver.snapshot(), note: note, rebuildRows: rebuildRows, focus: focus)
        }
    }
}
