import DDM
import Screenlets

/// One row of the form screen: an instance of a field (nested fields indented by `depth`), or the
/// Submit button at the end.
public struct FormRow: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case field(FormFieldKey)
        case submit
    }

    public let kind: Kind
    /// The field drawn (nil for the Submit button).
    public let field: DDMField?
    /// Nesting level (0 for top-level fields).
    public let depth: Int
    /// How many instances the field has (repeatable fields show `#2/3`).
    public let instanceCount: Int

    public var key: FormFieldKey? {
        if case .field(let key) = kind { return key }
        return nil
    }
}

/// The rows of a form, built once per structure (and again only when repetitions are added or
/// removed), with the lookups every key press needs in constant time.
public struct FormRows: Equatable, Sendable {
    public private(set) var rows: [FormRow] = []
    /// Row of each field instance.
    public private(set) var index: [FormFieldKey: Int] = [:]
    /// The widest label plus its indentation, in columns (for the label column).
    public private(set) var widestLabel = 0

    public init() {}

    /// Rows for every field and instance of `model`, then the Submit button when `submitButton`.
    public init(model: DDLFormModel, locale: PortalLocale, submitButton: Bool) {
        var rows: [FormRow] = []
        var widest = 0
        func add(_ field: DDMField, depth: Int) {
            let count = max(1, model.instances(of: field.name).count)
            for instance in 0..<count {
                rows.append(FormRow(kind: .field(FormFieldKey(field: field.name, instance: instance)), field: field,
                                    depth: depth, instanceCount: count))
            }
            widest = max(widest, depth * 2 + FormRows.labelText(field, locale: locale, instance: count > 1 ? count - 1 : 0, count: count).displayWidth)
            for nested in field.nestedFields { add(nested, depth: depth + 1) }
        }
        for field in model.structure.fields { add(field, depth: 0) }
        if submitButton { rows.append(FormRow(kind: .submit, field: nil, depth: 0, instanceCount: 1)) }
        self.rows = rows
        var index: [FormFieldKey: Int] = [:]
        for (position, row) in rows.enumerated() {
            if let key = row.key { index[key] = position }
        }
        self.index = index
        self.widestLabel = widest
    }

    public var count: Int { rows.count }
    public var isEmpty: Bool { rows.isEmpty }
    public subscript(position: Int) -> FormRow { rows[position] }

    /// A field's label for one instance: `Phone #2` when repeated, the name when it has no label.
    public static func labelText(_ field: DDMField, locale: PortalLocale, instance: Int, count: Int) -> String {
        let label = field.label(in: locale)
        let base = label.isEmpty ? field.name : label
        return count > 1 ? "\(base) #\(instance + 1)" : base
    }
}
