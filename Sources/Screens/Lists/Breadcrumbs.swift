import TermUI

/// The path at the top of the browser's screens, e.g. `Sites › Demo site › Issues`: the last
/// crumb in the title style, the others muted; from the left it gives up crumbs that do not fit.
enum Breadcrumbs {
    static let separator = " › "

    static func draw(_ crumbs: [String], in rect: Rect, on grid: inout Grid, theme: Theme) {
        guard rect.height > 0, rect.width > 0 else { return }
        let row = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
        grid.fill(row, style: theme.base)
        var shown = crumbs
        while shown.count > 1, text(shown).displayWidth + 1 > rect.width { shown.removeFirst() }
        let elided = shown.count < crumbs.count
        var x = rect.x + 1
        if elided { x = grid.write("…" + separator, at: Point(x: x, y: rect.y), style: theme.style(for: Theme.Component.helpLabel), clip: row) }
        for (index, crumb) in shown.enumerated() {
            let isLast = index == shown.count - 1
            let style = isLast ? theme.style(for: Theme.Component.title) : theme.style(for: Theme.Component.helpLabel)
            x = grid.write(crumb, at: Point(x: x, y: rect.y), style: style, clip: row)
            if !isLast { x = grid.write(separator, at: Point(x: x, y: rect.y), style: theme.style(for: Theme.Component.helpLabel), clip: row) }
        }
    }

    static func text(_ crumbs: [String]) -> String { crumbs.joined(separator: separator) }
}
