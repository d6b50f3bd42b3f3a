import DDM
import Screenlets
import TermUI

/// What a cell renderer is given to draw one field instance's value.
public struct FormCellContext: Sendable {
    public let field: DDMField
    public let key: FormFieldKey
    public let value: FieldValue?
    public let locale: PortalLocale
    /// Most important first: `focused` or `blurred`, then `error`, `dirty`, `disabled`.
    public let states: [ComponentState]
    public let look: FormCellLook
    /// The document's upload, when one was started in this session.
    public let upload: DocumentUploadStatus?

    public init(field: DDMField, key: FormFieldKey, value: FieldValue?, locale: PortalLocale, states: [ComponentState],
                look: FormCellLook, upload: DocumentUploadStatus? = nil) {
        self.field = field
        self.key = key
        self.value = value
        self.locale = locale
        self.states = states
        self.look = look
        self.upload = upload
    }

    public var isFocused: Bool { states.contains(.focused) }

    /// The value as the user reads it in the locale (`""` for none).
    public var valueText: String { value.map { field.label(of: $0, in: locale) } ?? "" }
}

/// Draws the value part of a field's cell (the screen draws the marker, the label, the error line
/// and any open editor). Register one under a cell name with ``FormCellRegistry/register(_:as:)``.
public protocol FormCellRenderer: Sendable {
    /// Rows the value needs at `width` columns (at least 1). Called for visible rows only.
    func valueHeight(_ cell: FormCellContext, width: Int) -> Int
    /// Draws the value into `rect` (its height is what `valueHeight` said, clipped by the screen).
    func drawValue(_ cell: FormCellContext, in rect: Rect, grid: inout Grid)
    /// The value's height when it never depends on the cell or the width (nil: ask
    /// `valueHeight`): the screen then measures the row without building its cell context.
    var fixedValueHeight: Int? { get }
}

extension FormCellRenderer {
    public func valueHeight(_ cell: FormCellContext, width: Int) -> Int { 1 }
    public var fixedValueHeight: Int? { nil }
}

extension FormCellLook {
    /// `prefix + text + suffix` (or the placeholder when `text` is empty) in the value or
    /// placeholder style, into the first row of `rect`; the built-in placeholders in `locale`'s language.
    public func drawText(_ text: String, states: [ComponentState], in rect: Rect, grid: inout Grid, locale: PortalLocale = .enUS) {
        guard rect.width > 0, rect.height > 0 else { return }
        let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        if text.isEmpty {
            let placeholder = FormText.placeholder(placeholder, locale)
            grid.write(prefix + placeholder + suffix, fitting: row, style: style("placeholder", states: states).adding(placeholder.isEmpty ? [] : .dim))
        } else {
            grid.write(prefix + formatted(text) + suffix, fitting: row, style: style("value", states: states))
        }
    }
}
