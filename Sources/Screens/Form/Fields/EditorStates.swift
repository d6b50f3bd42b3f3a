import DDM
import Screenlets
import TermUI

/// One line of typed text (text, numbers, a typed date, a location), drawn in place of the value.
public struct LineEditor: FieldEditorState {
    public var input: TextInput

    public init(_ input: TextInput) { self.input = input }

    public var contexts: [KeyContext] { [.editor, .global] }

    public mutating func handle(_ command: CommandName?, _ key: KeyEvent, _ context: FieldEditContext) -> FieldEditorInput {
        switch command {
        case .confirmEdit?: return .typed(input.text, then: .stay)
        case .nextField?: return .typed(input.text, then: .nextField)
        case .previousField?: return .typed(input.text, then: .previousField)
        case .submit?: return .typed(input.text, then: .submit)
        case .openPicker?: return .pickerAsked(input.text)
        default:
            input.handle(key)
            return .changed(clearsError: true)
        }
    }

    public mutating func paste(_ text: String) -> Bool {
        input.paste(text)
        return true
    }

    public func drawInPlace(_ drawing: FieldEditorDrawing, into grid: inout Grid) {
        input.drawLine(drawing, into: &grid)
    }
}

/// The multi-line text box (Alt-Enter or Ctrl-J for a new line), ``rows`` rows in place.
public struct TextBoxEditor: FieldEditorState {
    /// Rows of the text box editor while it is open.
    public static let rows = 4
    public var area: TextArea

    public init(_ area: TextArea) { self.area = area }

    public var contexts: [KeyContext] { [.textBox, .editor, .global] }
    public var rowsInPlace: Int? { Self.rows }

    public mutating func handle(_ command: CommandName?, _ key: KeyEvent, _ context: FieldEditContext) -> FieldEditorInput {
        switch command {
        case .insertNewline?: area.insertNewline()
        case .confirmEdit?: return .typed(area.text, then: .stay)
        case .nextField?: return .typed(area.text, then: .nextField)
        case .previousField?: return .typed(area.text, then: .previousField)
        case .submit?: return .typed(area.text, then: .submit)
        default: area.handle(key, width: context.width)
        }
        return .changed(clearsError: false)
    }

    public mutating func paste(_ text: String) -> Bool {
        area.insert(text)
        return true
    }

    public func drawInPlace(_ drawing: FieldEditorDrawing, into grid: inout Grid) {
        grid.drawTextArea(area, in: drawing.rect.intersection(drawing.clip), style: drawing.style)
    }
}

/// The document path prompt, with the last completion candidates (shown in the message area).
public struct PathPrompt: FieldEditorState {
    public var input: TextInput
    public var candidates: [String]

    public init(_ input: TextInput, candidates: [String] = []) {
        self.input = input
        self.candidates = candidates
    }

    public var contexts: [KeyContext] { [.pathPrompt, .editor, .global] }
    public var noteLine: String? { candidates.isEmpty ? nil : " " + candidates.joined(separator: "  ") }

    public mutating func handle(_ command: CommandName?, _ key: KeyEvent, _ context: FieldEditContext) -> FieldEditorInput {
        switch command {
        case .complete?: return .completionAsked(input.text)
        case .confirmEdit?: return .typed(input.text, then: .stay)
        case .nextField?: return .typed(input.text, then: .nextField)
        case .previousField?: return .typed(input.text, then: .previousField)
        default:
            input.handle(key)
            candidates = []
            return .changed(clearsError: true)
        }
    }

    public mutating func paste(_ text: String) -> Bool {
        input.paste(text)
        candidates = []
        return true
    }

    public func drawInPlace(_ drawing: FieldEditorDrawing, into grid: inout Grid) {
        input.drawLine(drawing, into: &grid)
    }
}

extension TextInput {
    /// The input on the value's first line, with the placeholder when empty.
    func drawLine(_ drawing: FieldEditorDrawing, into grid: inout Grid) {
        let rect = drawing.rect
        let editRect = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        guard drawing.clip.contains(editRect.origin) else { return }
        grid.drawTextInput(self, in: editRect, style: drawing.style, placeholder: drawing.placeholder,
                           placeholderStyle: drawing.look.style("placeholder", states: [.focused]).adding(.dim))
    }
}

extension OptionPicker: FieldEditorState {
    public var contexts: [KeyContext] { [.popup, .global] }
    public var isDrawnInPlace: Bool { inline }
    public var rowsInPlace: Int? { inline ? max(1, options.count) : nil }

    public mutating func handle(_ command: CommandName?, _ key: KeyEvent, _ context: FieldEditContext) -> FieldEditorInput {
        switch command {
        case .cursorDown?: move(by: 1)
        case .cursorUp?: move(by: -1)
        case .toggle?: toggle()
        case .confirmEdit?: return .chosen(confirm())
        default: return .ignored
        }
        return .changed(clearsError: false)
    }

    /// A radio group's options in the field's rows, the cursor's line focused.
    public func drawInPlace(_ drawing: FieldEditorDrawing, into grid: inout Grid) {
        let (rect, clip, look) = (drawing.rect, drawing.clip, drawing.look)
        for (row, option) in options.enumerated() where rect.y + row < clip.maxY && rect.y + row >= clip.y {
            let chosen = selected.contains(option.value)
            let mark = chosen ? look.glyph(FormGlyph.radioOn, fallback: "(•)") : look.glyph(FormGlyph.radioOff, fallback: "( )")
            let lineStyle = row == cursor ? drawing.style : look.style("value", states: [.blurred])
            grid.write(mark + " " + option.label, fitting: Rect(x: rect.x, y: rect.y + row, width: rect.width, height: 1), style: lineStyle)
        }
    }

    /// The pop-up's box for this picker.
    func popupBox(_ popup: FieldPopupDrawing) -> Rect {
        let width = min(popup.screen.width, max(16, (options.map { $0.label.displayWidth }.max() ?? 0) + 10))
        let height = min(popup.screen.height, options.count + 2)
        return popup.placed(Size(width: width, height: height))
    }

    /// A select's options in a box, scrolled to the cursor.
    public func drawPopup(_ popup: FieldPopupDrawing, into grid: inout Grid) {
        let theme = popup.theme
        let overlayStyle = theme.style(for: Theme.Component.overlay)
        let selectedStyle = theme.style(for: "field", states: [.focused])
        let box = popupBox(popup)
        grid.fill(box, style: overlayStyle)
        let inside = grid.drawBox(box, border: .rounded, style: theme.style(for: Theme.Component.border, states: [.focused]))
        let first = max(0, cursor - inside.height + 1)
        for row in 0..<inside.height where first + row < options.count {
            let option = options[first + row]
            let chosen = selected.contains(option.value)
            let mark = multiple ? (chosen ? "[x] " : "[ ] ") : (chosen ? "(•) " : "( ) ")
            grid.write(mark + option.label, fitting: Rect(x: inside.x, y: inside.y + row, width: inside.width, height: 1),
                       style: first + row == cursor ? selectedStyle : overlayStyle)
        }
    }
}

extension CalendarPicker: FieldEditorState {
    public var contexts: [KeyContext] { [.calendar, .global] }
    public var isDrawnInPlace: Bool { false }

    public mutating func handle(_ command: CommandName?, _ key: KeyEvent, _ context: FieldEditContext) -> FieldEditorInput {
        switch command {
        case .dayPrevious?: move(days: -1)
        case .dayNext?: move(days: 1)
        case .weekPrevious?: move(days: -7)
        case .weekNext?: move(days: 7)
        case .monthPrevious?: move(months: -1)
        case .monthNext?: move(months: 1)
        case .confirmEdit?: return .chosen(.date(day))
        default: return .ignored
        }
        return .changed(clearsError: false)
    }

    /// The month in a box, the highlighted day focused.
    public func drawPopup(_ popup: FieldPopupDrawing, into grid: inout Grid) {
        let theme = popup.theme
        let overlayStyle = theme.style(for: Theme.Component.overlay)
        let selectedStyle = theme.style(for: "field", states: [.focused])
        let box = popup.placed(Size(width: 24, height: 10))
        grid.fill(box, style: overlayStyle)
        let inside = grid.drawBox(box, border: .rounded, style: theme.style(for: Theme.Component.border, states: [.focused]),
                                  title: FormText.month(day.month, year: day.year, popup.locale),
                                  titleStyle: theme.style(for: Theme.Component.title))
        grid.write(" " + FormText.weekdays(popup.locale), at: inside.origin, style: theme.style(for: "field.hint"), clip: inside)
        for (week, days) in weeks.enumerated() {
            for (column, number) in days.enumerated() where number > 0 {
                let text = number < 10 ? " \(number)" : "\(number)"
                let style = number == day.day ? selectedStyle : overlayStyle
                grid.write(text, at: Point(x: inside.x + 1 + column * 3, y: inside.y + 1 + week), style: style, clip: inside)
            }
        }
        grid.cursor = nil
    }
}
