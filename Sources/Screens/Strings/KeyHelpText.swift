import DDM
import TermUI

extension KeyMap {
    /// This key map with every help text and category in `locale`'s language (``KeyHelpText``;
    /// a text the table lacks, e.g. from the user's keys file, stays as written).
    func translated(to locale: PortalLocale) -> KeyMap {
        guard UIStrings.Language(locale) == .spanish else { return self }
        return KeyMap(bindings: bindings.map { binding in
            var binding = binding
            binding.help = KeyHelpText.spanish[binding.help] ?? binding.help
            binding.category = KeyHelpText.spanish[binding.category] ?? binding.category
            return binding
        })
    }
}

/// The key help texts and categories of every screen (TermUI's defaults, the form's, the lists',
/// the browser's, the sync view's and the gallery's), English to Spanish. `StringCatalogTests`
/// fails when a binding's help has no entry.
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
        "Search": "Búsqueda", "Sync": "Sincronización",
        "up": "arriba", "down": "abajo", "left": "izquierda", "right": "derecha", "first": "primero", "last": "último",
        "first row": "primera fila", "last row": "última fila", "open": "abrir", "new": "nuevo", "delete": "borrar",
        "refresh": "actualizar", "reload": "recargar", "search": "buscar", "upload": "subir", "sort": "ordenar",
        "mine/all": "míos/todos", "sync view": "sincronización", "settings": "ajustes", "next match": "coincidencia siguiente",
        "previous match": "coincidencia anterior", "clear search": "quitar la búsqueda", "sync now": "sincronizar ya",
        "keep mine": "conservar la mía", "take portal's": "tomar la del portal", "later": "más tarde",
    ]
}
