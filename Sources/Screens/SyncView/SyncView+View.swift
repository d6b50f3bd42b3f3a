import DDM
import TermUI

extension SyncView {
    public func view(_ model: Model, size: Size) -> Grid {
        var grid = Grid(size: size)
        let bounds = grid.bounds
        let (title, afterTitle) = bounds.splitTop(1)
        let (summary, afterSummary) = afterTitle.splitTop(1)
        let (main, footer) = afterSummary.splitBottom(2)
        let (statusRect, helpRect) = footer.splitTop(1)
        Breadcrumbs.draw(model.breadcrumbs, in: title, on: &grid, theme: theme)
        drawSummary(model, in: summary, on: &grid)
        let listHeight = model.items.isEmpty ? main.height : max(3, min(model.items.count + 1, main.height / 2))
        let (listRect, detailRect) = main.splitTop(listHeight)
        drawQueue(model, in: listRect, on: &grid)
        if let item = model.selected { drawDetail(item, in: detailRect, on: &grid, model.status.locale) }
        StatusLine.draw(model.status, message: model.message, into: &grid, rect: statusRect, theme: theme)
        grid.drawHelpLine(keyMap.translated(to: model.status.locale).helpLine(for: model.contexts, width: helpRect.width), in: helpRect, theme: theme)
        if model.showsHelp {
            grid.drawHelpOverlay(keyMap.translated(to: model.status.locale).helpSections(for: model.contexts), in: main, theme: theme, title: UIText.text(.keysSync, model.status.locale))
        }
        return grid
    }

    private func drawSummary(_ model: Model, in rect: Rect, on grid: inout Grid) {
        guard rect.height > 0 else { return }
        let text: String
        let locale = model.status.locale
        switch model.phase {
        case .loading: text = UIText.text(.readingQueue, locale)
        case .syncing(let report?):
            text = UIText.text(.syncingProgress, locale, String(report.completed), String(report.total)) + " " + Self.barText(report, width: 20)
        case .syncing(nil): text = UIText.text(.syncing, locale)
        case .idle:
            let conflicts = model.items.filter { $0.state == .conflict }.count
            let waiting = model.items.count == 0 ? UIText.text(.nothingWaiting, locale) : UIText.text(.waitingCount, locale, String(model.items.count))
                + (conflicts > 0 ? UIText.text(.waitingConflicts, locale, String(conflicts)) : "")
            text = waiting + (model.lastRun.map { UIText.text(.lastRun, locale, $0.text(locale)) } ?? "")
        }
        grid.write(" " + text, fitting: rect, style: theme.style(for: Theme.Component.title))
    }

    /// A write's state in `locale`'s language (`dirty`, `sending`, `conflict`, `failed`).
    static func stateText(_ state: PendingWriteState, _ locale: PortalLocale) -> String {
        switch state {
        case .dirty: return UIText.text(.stateDirty, locale)
        case .sending: return UIText.text(.stateSending, locale)
        case .conflict: return UIText.text(.stateConflict, locale)
        case .failed: return UIText.text(.stateFailed, locale)
        }
    }

    /// A text progress bar, e.g. `[██······]` for 1 of 4 in 8 cells.
    public static func barText(_ report: SyncProgressReport, width: Int) -> String {
        guard report.total > 0 else { return "" }
        let filled = min(width, width * report.completed / report.total)
        return "[" + String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled) + "]"
    }

    private func drawQueue(_ model: Model, in rect: Rect, on grid: inout Grid) {
        guard rect.height > 1 else { return }
        let (header, body) = rect.splitTop(1)
        let columns = header.splitColumns([.fixed(2), .fixed(10), .flexible()])
        let headerStyle = theme.style(for: Theme.Component.listHeader)
        grid.write(UIText.text(.columnState, model.status.locale), fitting: columns[1], style: headerStyle)
        grid.write(UIText.text(.columnWrite, model.status.locale), fitting: columns[2], style: headerStyle)
        var list = ListView(rowCount: model.items.count, cursor: model.cursor)
        list.draw(in: body, on: &grid, theme: theme, states: { index in
            let state = model.items[index].state
            return state == .conflict || state == .failed ? [.error] : []
        }) { row, grid in
            let item = model.items[row.index]
            let cells = row.line.splitColumns([.fixed(2), .fixed(10), .flexible()])
            let stateStyle = item.state == .conflict && !row.isCursor ? theme.style(for: Theme.Component.listRowConflict) : row.style
            grid.write(Self.stateText(item.state, model.status.locale), fitting: cells[1], style: stateStyle)
            grid.write(item.title, fitting: cells[2], style: row.style)
        }
    }

    /// The selected write: its error, and its fields — side by side with the portal's in a conflict.
    private func drawDetail(_ item: PendingWriteSummary, in rect: Rect, on grid: inout Grid, _ locale: PortalLocale) {
        guard rect.height > 1 else { return }
        var y = rect.y
        let line = { (y: Int) in Rect(x: rect.x, y: y, width: rect.width, height: 1) }
        grid.drawHorizontalLine(at: Point(x: rect.x, y: y), width: rect.width, style: theme.style(for: Theme.Component.border))
        if item.state == .conflict {
            grid.write(" " + UIText.text(.conflictExplained, locale) + " ",
                       fitting: line(y).inset(by: EdgeInsets(left: 1)), style: theme.style(for: Theme.Component.listRowConflict))
        } else if let error = item.error {
            grid.write(" " + error + " ", fitting: line(y).inset(by: EdgeInsets(left: 1)), style: theme.style(for: Theme.Component.fieldError))
        }
        y += 1
        guard y < rect.maxY else { return }
        let showsPortal = item.state == .conflict
        let constraints: [LayoutConstraint] = showsPortal ? [.fixed(16), .flexible(), .flexible()] : [.fixed(16), .flexible()]
        let headerStyle = theme.style(for: Theme.Component.listHeader)
        let header = line(y).inset(by: EdgeInsets(left: 1)).splitColumns(constraints)
        grid.write(UIText.text(.columnField, locale), fitting: header[0], style: headerStyle)
        grid.write(UIText.text(.columnMine, locale), fitting: header[1], style: headerStyle)
        if showsPortal { grid.write(UIText.text(.columnPortals, locale), fitting: header[2], style: headerStyle) }
        y += 1
        for field in item.fields where y < rect.maxY {
            let cells = line(y).inset(by: EdgeInsets(left: 1)).splitColumns(constraints)
            let differs = showsPortal && field.portal != field.mine
            let valueStyle = theme.style(for: Theme.Component.fieldValue, states: differs ? [.dirty] : [])
            grid.write(field.name, fitting: cells[0].inset(by: EdgeInsets(right: 1)), style: theme.style(for: Theme.Component.fieldLabel))
            grid.write(field.mine, fitting: cells[1].inset(by: EdgeInsets(right: 1)), style: valueStyle)
            if showsPortal { grid.write(field.portal ?? "", fitting: cells[2], style: valueStyle) }
            y += 1
        }
    }
}
