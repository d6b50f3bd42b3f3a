/// What a field holds, which decides its typed value, its conversions and its validation.
public enum FieldKind: String, Sendable, Hashable, CaseIterable {
    case boolean, string, options, date, integer, decimal, document, image, geolocation
    /// A field Termlets cannot edit: shown read-only, its raw value kept and sent back unchanged.
    case unsupported
}

/// Chooses a field's kind and normalised editor from its `dataType` and `type` (reference §1.4):
/// the data type decides first, the editor only when the data type is missing or unknown.
public enum FieldTypeResolver {
    /// The editors Termlets knows, after normalisation.
    public static let knownEditors: Set<String> = [
        "checkbox", "text", "textarea", "select", "radio", "date", "number", "documentlibrary", "geolocation", "image",
    ]

    /// The kind and the editor of a field. The editor is the normalised name when it is known,
    /// otherwise the raw `type`; with no `type` at all, the kind's usual editor.
    public static func resolve(dataType: String?, type: String?) -> (kind: FieldKind, editor: String) {
        let editor = type.flatMap(normalisedEditor)
        let kind = Self.kind(forDataType: dataType ?? "", editor: editor)
            ?? editor.flatMap { Self.kind(forDataType: defaultDataType(forEditor: $0), editor: $0) }
            ?? .unsupported
        if let editor { return (kind, editor) }
        if let type, !type.isEmpty { return (kind, type) }
        return (kind, defaultEditor(for: kind))
    }

    /// `ddm-` removed, `integer`/`decimal` → `number`, `boolean` → `checkbox`, 6.2's `fileupload`
    /// → `documentlibrary` (a file stored in Documents and Media); `nil` when the result is not a
    /// known editor.
    public static func normalisedEditor(_ type: String) -> String? {
        let stripped = type.replacingAll("ddm-", with: "")
        switch stripped {
        case "integer", "decimal": return "number"
        case "boolean": return "checkbox"
        case "fileupload": return "documentlibrary"
        default: return knownEditors.contains(stripped) ? stripped : nil
        }
    }

    static func kind(forDataType dataType: String, editor: String?) -> FieldKind? {
        switch dataType {
        case "boolean": return .boolean
        case "string": return editor == "select" || editor == "radio" ? .options : .string
        case "date": return .date
        case "integer": return .integer
        case "number", "double": return .decimal
        case "document-library", "file-upload": return .document
        case "image": return .image
        case "geolocation": return .geolocation
        default: return nil
        }
    }

    static func defaultDataType(forEditor editor: String) -> String {
        switch editor {
        case "checkbox": return "boolean"
        case "date": return "date"
        case "number": return "number"
        case "documentlibrary": return "document-library"
        case "image": return "image"
        case "geolocation": return "geolocation"
        default: return "string"
        }
    }

    static func defaultEditor(for kind: FieldKind) -> String {
        switch kind {
        case .boolean: return "checkbox"
        case .string: return "text"
        case .options: return "select"
        case .date: return "date"
        case .integer, .decimal: return "number"
        case .document: return "documentlibrary"
        case .image: return "image"
        case .geolocation: return "geolocation"
        case .unsupported: return ""
        }
    }
}
