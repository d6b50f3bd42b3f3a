import DDM

/// The options of a select or radio field being chosen: a cursor and the selection (values, in
/// the field's option order). Radio and single selects keep one value; `multiple` selects toggle each.
public struct OptionPicker: Equatable, Sendable {
    public struct Option: Equatable, Sendable {
        public let value: String
        public let label: String
    }

    public let options: [Option]
    public private(set) var cursor: Int
    public private(set) var selected: [String]
    public let multiple: Bool
    /// Drawn in the field's rows (radio) rather than as a pop-up (select).
    public let inline: Bool

    public init(field: DDMField, value: FieldValue?, locale: PortalLocale, inline: Bool) {
        options = field.options.map { Option(value: $0.value, label: $0.label(in: locale, defaultLocale: field.defaultLocale)) }
        var chosen: [String] = []
        if case .options(let values)? = value { chosen = values }
        selected = chosen
        multiple = field.multiple
        self.inline = inline
        cursor = options.firstIndex { chosen.contains($0.value) } ?? 0
    }

    public mutating func move(by delta: Int) {
        guard !options.isEmpty else { return }
        cursor = min(max(0, cursor + delta), options.count - 1)
    }

    /// Puts the cursor on option `index` (a click on it).
    public mutating func point(at index: Int) {
        guard options.indices.contains(index) else { return }
        cursor = index
    }

    /// Space: a multiple select toggles the option under the cursor; others select it alone.
    public mutating func toggle() {
        guard options.indices.contains(cursor) else { return }
        let value = options[cursor].value
        if multiple {
            if let at = selected.firstIndex(of: value) {
                selected.remove(at: at)
            } else {
                let order = options.map(\.value)
                selected = order.filter { selected.contains($0) || $0 == value } + selected.filter { !order.contains($0) }
            }
        } else {
            selected = [value]
        }
    }

    /// Enter: the selection to keep. A single choice takes the option under the cursor.
    public mutating func confirm() -> FieldValue? {
        if !multiple, options.indices.contains(cursor) { selected = [options[cursor].value] }
        return selected.isEmpty && !multiple ? nil : .options(selected)
    }
}
