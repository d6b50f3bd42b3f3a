import DDM

/// The columns a record list shows when none are asked for (`--label-fields`): the title-like
/// field first, then the other fields that read on one line, in the structure's order, at most
/// ``maximumFields`` of them (the terminal's width may hide more; the header says `(+N)`).
public enum RecordListDefaults {
    /// Most label fields shown by default, beside the ID.
    public static let maximumFields = 6
    /// Words that make a text field the record's title, in this order of preference.
    static let titleWords = ["title", "name", "subject", "summary", "heading"]

    /// The default label fields of `fields` (a structure's `allFields`), by name: those whose
    /// components are listed by default (not documents, images, locations or unsupported fields).
    public static func fieldNames(_ fields: [DDMField], components: FieldComponentRegistry = .standard) -> [String] {
        let shown = fields.filter { components.component(for: $0).isListedByDefault }
        guard let title = titleField(shown) else { return Array(shown.prefix(maximumFields).map(\.name)) }
        return [title.name] + shown.filter { $0.name != title.name }.prefix(maximumFields - 1).map(\.name)
    }

    /// The field that names a record: a one-line text field called (or labelled) like a title,
    /// else the first required one-line text field, else the first one-line text field.
    public static func titleField(_ fields: [DDMField]) -> DDMField? {
        let texts = fields.filter { $0.kind == .string && $0.editor != "textarea" }
        for word in titleWords {
            if let field = texts.first(where: { field in
                field.name.lowercased().contains(word) || field.label(in: field.defaultLocale).lowercased().contains(word)
            }) { return field }
        }
        return texts.first(where: \.required) ?? texts.first
    }
}
