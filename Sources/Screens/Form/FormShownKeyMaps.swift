import DDM
import Synchronization
import TermUI

/// The key maps a form screen shows (help line, `?`) by language, editable and read-only (no edit,
/// toggle, submit, draft or repetitions: nothing that only says "read only"), with `q`'s and the
/// prompt's help saying where they lead. Each is made the first time it is shown and kept: making
/// all four when the screen was built was a few per cent of a cached form's start-up, and a run
/// mostly shows one.
final class FormShownKeyMaps: Sendable {
    private struct Key: Hashable {
        var language: UIStrings.Language
        var editable: Bool
    }

    /// What a read-only form does not offer.
    private static let hidden: Set<CommandName> = [.activate, .toggle, .submit, .saveDraft, .addInstance, .removeInstance]

    private let keyMap: KeyMap
    private let returnsToList: Bool
    private let made = Mutex<[Key: KeyMap]>([:])

    init(keyMap: KeyMap, returnsToList: Bool) {
        self.keyMap = keyMap
        self.returnsToList = returnsToList
    }

    /// The map shown in `language` on an editable or a read-only form.
    func map(_ language: UIStrings.Language, editable: Bool) -> KeyMap {
        let key = Key(language: language, editable: editable)
        if let known = made.withLock({ $0[key] }) { return known }
        let shown = FormKeyHelp.shown(keyMap, returnsToList: returnsToList, language == .spanish ? .esES : .enUS)
        let map = editable ? shown : KeyMap(bindings: shown.bindings.filter { !Self.hidden.contains($0.command) })
        made.withLock { $0[key] = map }
        return map
    }
}
