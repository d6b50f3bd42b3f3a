extension Grid {
    /// Draws a single-line editor on the first row of `rect`: the visible part of the text (or
    /// `placeholder` in `placeholderStyle` when empty), the rest of the row cleared, and the grid's
    /// cursor put at the editing position.
    public mutating func drawTextInput(_ input: TextInput, in rect: Rect, style: Style = .plain,
                                       placeholder: String = "", placeholderStyle: Style? = nil) {
        guard rect.height > 0, rect.width > 0 else { return }
        let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        if input.graphemes.isEmpty && !placeholder.isEmpty {
            write(placeholder, fitting: row, style: placeholderStyle ?? style.adding(.dim))
            cursor = row.origin
            return
        }
        let shown = input.visibleText(width: rect.width)
        write(shown.text, fitting: row, style: style)
        cursor = Point(x: rect.x + shown.cursorColumn, y: rect.y)
    }

    /// Draws a multi-line editor in `rect` (soft-wrapped, scrolled to the cursor) and puts the
    /// grid's cursor at the editing position.
    public mutating func drawTextArea(_ area: TextArea, in rect: Rect, style: Style = .plain) {
        guard rect.height > 0, rect.width > 0 else { return }
        let shown = area.visibleLines(width: rect.width, height: rect.height)
        for row in 0..<rect.height {
            let line = row < shown.lines.count ? shown.lines[row] : ""
            write(line, fitting: Rect(x: rect.x, y: rect.y + row, width: rect.width, height: 1), style: style)
        }
        cursor = Point(x: rect.x + shown.cursor.x, y: rect.y + shown.cursor.y)
    }
}
