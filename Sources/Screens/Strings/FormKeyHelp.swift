import DDM
import TermUI

/// The form's key help (help line and `?` overlay) in a language, saying where `q` and the
/// unsaved-changes prompt lead.
enum FormKeyHelp {
    /// `keyMap` with `q`'s help "back" when the form returns to a list (else "quit"), the
    /// prompt's discard key likewise, and every help text and category in `locale`'s language
    /// (``KeyHelpText``; a text the table lacks stays as written).
    static func shown(_ keyMap: KeyMap, returnsToList: Bool, _ locale: PortalLocale) -> KeyMap {
        let spanish = UIStrings.Language(locale) == .spanish
        return KeyMap(bindings: keyMap.bindings.map { binding in
            var binding = binding
            if binding.command == .quit, binding.context == .form {
                binding.help = UIText.text(returnsToList ? .keyBack : .keyQuit, .enUS)
            }
            if binding.command == .discardAndQuit {
                binding.help = UIText.text(returnsToList ? .keyDiscardAndGoBack : .keyDiscardAndQuit, .enUS)
            }
            if spanish {
                binding.help = KeyHelpText.spanish[binding.help] ?? binding.help
                binding.category = KeyHelpText.spanish[binding.category] ?? binding.category
            }
            return binding
        })
    }
}

/// The key help texts and categories of the form screen (TermUI's defaults and the form's own),
/// English to Spanish. `StringCatalogTests` fails when a form binding's help has no entry.
enum KeyHelpText {
    static let spanish: [String: String] = [
        "Navigation": "Navegación", "Editing": "Edición", "Actions": "Acciones", "General": "General",
        "Pickers": "Selectores",
        "quit now": "salir ya", "next field": "campo siguiente", "previous field": "campo anterior",
        "edit/toggle": "editar/marcar", "toggle": "marcar", "page down": "página abajo", "page up": "página arriba",
        "first field": "primer campo", "last field": "último campo", "submit": "enviar", "save": "guardar",
        "save draft": "guardar borrador", "back": "volver", "help": "ayuda", "quit": "salir",
        "cancel edit": "cancelar", "done": "hecho", "add a repetition": "añadir repetición",
        "remove this repetition": "quitar esta repetición", "switch language": "cambiar idioma",
        "calendar (dates)": "calendario (fechas)", "new line": "nueva línea", "complete the path": "completar la ruta",
        "next option": "opción siguiente", "previous option": "opción anterior", "select/unselect": "marcar/desmarcar",
        "cancel": "cancelar", "previous day": "día anterior", "next day": "día siguiente",
        "previous week": "semana anterior", "next week": "semana siguiente", "previous month": "mes anterior",
        "next month": "mes siguiente", "choose": "elegir", "discard and quit": "descartar y salir",
        "discard and go back": "descartar y volver", "keep editing": "seguir editando",
        "cancel upload": "cancelar la subida",
    ]
}
