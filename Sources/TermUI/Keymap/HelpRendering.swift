extension Grid {
    /// Draws a help line (`key label  key label …`) on the first row of `rect`, keys and labels in
    /// the theme's `help.key` and `help.label` styles; the rest of the row is cleared.
    public mutating func drawHelpLine(_ items: [HelpItem], in rect: Rect, theme: Theme) {
        guard rect.height > 0 else { return }
        let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        let labelStyle = theme.style(for: Theme.Component.helpLabel)
        let keyStyle = theme.style(for: Theme.Component.helpKey)
        fill(row, style: labelStyle)
        var x = rect.x
        for (index, item) in items.enumerated() {
            if index > 0 { x = write(KeyMap.helpSeparator, at: Point(x: x, y: rect.y), style: labelStyle, clip: row) }
            x = write(item.key, at: Point(x: x, y: rect.y), style: keyStyle, clip: row)
            // The space between key and label is the fill's (drawn on every frame: issue 17).
            if x < row.maxX { x += 1 }
            x = write(item.label, at: Point(x: x, y: rect.y), style: labelStyle, clip: row)
        }
    }

    /// Draws the `?` overlay: a centred box titled `title` listing `sections` (category headings, then
    /// keys and help in two columns), starting `scroll` lines down when it is taller than `area`.
    /// Returns the box drawn.
    @discardableResult
    public mutating func drawHelpOverlay(_ sections: [HelpSection], in area: Rect, theme: Theme,
                                         title: String = "Keys", scroll: Int = 0) -> Rect {
        let keyColumn = min(max(8, area.width / 3), sections.flatMap(\.entries).map { $0.keys.displayWidth }.max() ?? 0)
        var lines: [(text: String, isHeading: Bool)] = []
        for (index, section) in sections.enumerated() {
            if index > 0 { lines.append(("", false)) }
            lines.append((section.title, true))
            for entry in section.entries {
                lines.append(("  " + entry.keys.fitted(toWidth: keyColumn) + "  " + entry.text, false))
            }
        }
        let contentWidth = max(title.displayWidth + 4, lines.map { $0.text.displayWidth }.max() ?? 0)
        let boxWidth = min(area.width, contentWidth + 4)
        let boxHeight = min(area.height, lines.count + 2)
        guard boxWidth >= 4, boxHeight >= 3 else { return .zero }
        let box = Rect(x: area.x + (area.width - boxWidth) / 2, y: area.y + (area.height - boxHeight) / 2,
                       width: boxWidth, height: boxHeight)
        let overlayStyle = theme.style(for: Theme.Component.overlay)
        fill(box, style: overlayStyle)
        let inside = drawBox(box, border: .rounded, style: theme.style(for: Theme.Component.border, states: [.focused]),
                             title: title, titleStyle: theme.style(for: Theme.Component.title))
        let body = inside.inset(by: EdgeInsets(left: 1, right: 1))
        let first = min(max(0, scroll), max(0, lines.count - body.height))
        for row in 0..<body.height where first + row < lines.count {
            let line = lines[first + row]
            let style = line.isHeading ? theme.style(for: Theme.Component.title) : overlayStyle
            write(line.text, at: Point(x: body.x, y: body.y + row), style: style, clip: body)
        }
        return box
    }
}
