import DDM
import TermUI

/// The form's key help (help line and `?` overlay) in a language, saying where `q` and the
/// unsaved-changes prompt lead.
enum FormKeyHelp {
    /// `keyMap` with `q`'s help "back" when the form returns to a list (else "quit"), the
    /// prompt's discard key likewise, and every help text and category in `locale`'s language
    /// (``KeyHelpText``; a text the table lacks stays as written).
    static func shown(_ keyMap: KeyMap, returnsToList: Bool, _ locale: PortalLocale) -> KeyMap {
        return KeyMap(bindings: keyMap.bindings.map { binding in
            var binding = binding
            if binding.command == .quit, binding.context == .form {
                binding.help = UIText.text(returnsToList ? .keyBack : .keyQuit, .enUS)
            }
            if binding.command == .discardAndQuit {
                binding.help = UIText.text(returnsToList ? .keyDiscardAndGoBack : .keyDiscardAndQuit, .enUS)
            }
            return binding
        }).translated(to: locale)
    }
}
