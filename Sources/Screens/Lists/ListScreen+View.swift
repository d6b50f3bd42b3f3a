import DDM
import Foundation
import Screenlets
import TermUI

extension ListScreen {
    public func view(_ model: Model, size: Size) -> Grid {
        var grid = Grid(size: size)
        let layout = ListScreenLayout(size: size)
        drawTitle(model, in: layout.title, on: &grid)
        let columns = ListColumnLayout(spec: spec, width: layout.header.width)
        columns.drawHeader(spec, in: layout.header, on: &grid, theme: theme)
        drawBody(model, columns: columns, in: layout.body, on: &grid)
        var status = model.status
        let failed = model.engine.failedPages
        if failed.count == 1 {
            status.problem = UIText.text(.pageFailed, model.status.locale, String(failed[0] + 1))
        } else if failed.count > 1 {
            status.problem = UIText.text(.pagesFailed, model.status.locale, String(failed.count))
        }
        StatusLine.draw(status, message: model.message, into: &grid, rect: layout.status, theme: theme)
        if let editor = model.search.editor {
            drawSearchPrompt(editor, locale: model.status.locale, in: layout.help, on: &grid)
        } else {
            grid.drawHelpLine(keyMap.translated(to: model.status.locale).helpLine(for: model.keyContexts, width: layout.help.width), in: layout.help, theme: theme)
        }
        if model.showsHelp {
            let area = Rect(x: 0, y: 0, width: size.width, height: max(0, size.height - 1))
            grid.drawHelpOverlay(keyMap.translated(to: model.status.locale).helpSections(for: model.keyContexts), in: area, theme: theme,
                                 title: UIText.text(.keysList, model.status.locale, spec.title))
        }
        return grid
    }

    /// Breadcrumbs on the left; the list's state on the right (count, sort, filter, refreshing).
    private func drawTitle(_ model: Model, in rect: Rect, on grid: inout Grid) {
        guard rect.height > 0 else { return }
        var right: [String] = []
        if spec.sortOptions.count > 1, model.query.sortIndex > 0 { right.append(ListWords.sortTitle(spec.sortOptions[model.query.sortIndex].title, model.status.locale)) }
        if model.query.mineOnly { right.append(UIText.text(.filterMine, model.status.locale)) }
        if model.showsStaleRows { right.append(UIText.text(.offlineCached, model.status.locale)) }
        if model.engine.isRefreshing { right.append(UIText.text(.refreshing, model.status.locale)) }
        switch model.engine.mode {
        case .awaitingFirstPage: break
        case .fluent, .stream:
            let count = model.engine.rowCount
            let more = model.engine.moreRows ? "+" : ""
            if count > 0 {
                right.append(UIText.text(
                    .rowPosition, model.status.locale, UIText.count(min(model.cursor + 1, count), model.status.locale),
                    UIText.count(count, model.status.locale)) + more)
            } else {
                right.append(UIText.text(.listZero, model.status.locale, ListWords.plural(spec.noun, model.status.locale)))
            }
        }
        // On a narrow terminal the count stays; the other notes go, oldest first.
        while right.count > 1, (" " + right.joined(separator: " · ") + " ").displayWidth > rect.width / 2 {
            right.removeFirst()
        }
        let rightText = right.isEmpty ? "" : " " + right.joined(separator: " · ") + " "
        let rightWidth = min(rightText.displayWidth, max(0, rect.width - rect.width / 3))
        let titleRect = Rect(x: rect.x, y: rect.y, width: rect.width - rightWidth, height: 1)
        Breadcrumbs.draw(model.breadcrumbs, in: titleRect, on: &grid, theme: theme)
        if rightWidth > 0 {
            let style = model.engine.isRefreshing
                ? theme.style(for: "list.indicator") : theme.style(for: Theme.Component.helpLabel)
            grid.write(rightText, fitting: Rect(x: rect.maxX - rightWidth, y: rect.y, width: rightWidth, height: 1),
                       style: style, alignment: .right)
        }
    }

    private func drawBody(_ model: Model, columns: ListColumnLayout, in body: Rect, on grid: inout Grid) {
        guard body.height > 0 else { return }
        let engine = model.engine
        let l = model.status.locale
        let nouns = ListWords.plural(spec.noun, l)
        if engine.mode == .awaitingFirstPage, !engine.row(at: 0).isFailed {
            drawCentered(UIText.text(.listLoadingRows, l, nouns), in: body, on: &grid, style: theme.style(for: "list.row.placeholder"))
            return
        }
        if engine.mode != .awaitingFirstPage, engine.displayRowCount == 0 {
            let text = model.query.mineOnly ? UIText.text(.listMineNone, l, nouns)
                : UIText.text(spec.canCreate ? .listNoneYetAdd : .listNoneYet, l, nouns)
            drawCentered(text, in: body, on: &grid, style: theme.style(for: Theme.Component.helpLabel))
            return
        }
        var scroll = model.scroll
        scroll.height = body.height
        let matches = Set(model.search.matches)
        // A failed page is told once, on its first row on screen; its other rows stay blank.
        var toldPages = Set<Int>()
        for (offset, index) in scroll.visibleRows(rowCount: model.rowCount).enumerated() {
            let line = Rect(x: body.x, y: body.y + offset, width: body.width, height: 1)
            let slot = engine.row(at: index)
            var tells = true
            if case .failed(let failure) = slot { tells = toldPages.insert(failure.page).inserted }
            drawRow(index, slot: slot, isCursor: index == model.cursor, isMatch: matches.contains(index),
                    tellsFailure: tells, columns: columns, locale: model.status.locale, in: line, on: &grid)
        }
    }

    private func drawRow(
        _ index: Int, slot: RowSlot<Row>, isCursor: Bool, isMatch: Bool, tellsFailure: Bool, columns: ListColumnLayout, locale: PortalLocale, in line: Rect,
        on grid: inout Grid
    ) {
        var states: [ComponentState] = isCursor ? [.focused] : []
        let cursorGlyph = isCursor ? "›" : " "
        switch slot {
        case .loaded(let row, let stale):
            let mark = spec.mark(row)
            if mark != .none { states.append(.dirty) }
            if stale { states.append(.stale) }
            var style = theme.style(for: Theme.Component.listRow, states: states)
            if isMatch, !isCursor { style = theme.style(for: "list.row.match", states: states) }
            grid.fill(line, style: style)
            let glyph: String
            switch mark {
            case .conflict: glyph = "!"
            case .dirty: glyph = "*"
            case .none: glyph = stale ? "~" : " "
            }
            let markStyle = mark == .conflict && !isCursor ? theme.style(for: "list.row.conflict") : style
            grid.write(cursorGlyph, at: Point(x: line.x, y: line.y), style: style, clip: line)
            grid.write(glyph, at: Point(x: line.x + 1, y: line.y), style: markStyle, clip: line)
            columns.drawCells(spec.columns.map { $0.text(row) }, in: line, on: &grid, style: style)
        case .placeholder:
            let style = isCursor
                ? theme.style(for: Theme.Component.listRow, states: [.focused]) : theme.style(for: "list.row.placeholder")
            grid.fill(line, style: style)
            grid.write(cursorGlyph, at: Point(x: line.x, y: line.y), style: style, clip: line)
            columns.drawCells(["·····", UIText.text(.rowLoading, locale)], in: line, on: &grid, style: style)
        case .failed where !tellsFailure:
            let style = isCursor
                ? theme.style(for: Theme.Component.listRow, states: [.focused]) : theme.style(for: "list.row.placeholder")
            grid.fill(line, style: style)
            grid.write(cursorGlyph, at: Point(x: line.x, y: line.y), style: style, clip: line)
        case .failed(let failure):
            let style = theme.style(for: "list.row.error", states: states)
            grid.fill(line, style: style)
            // The key first, so a long reason cut at the edge never hides how to retry.
            let text = UIText.text(.pageFailedRow, locale, String(failure.page + 1), ListScreenText.describe(failure.error))
            grid.write(cursorGlyph, at: Point(x: line.x, y: line.y), style: style, clip: line)
            grid.write(text, fitting: Rect(x: line.x + 2, y: line.y, width: max(0, line.width - 2), height: 1), style: style)
        case .beyondEnd:
            break
        }
    }

    private func drawSearchPrompt(_ editor: TextInput, locale: PortalLocale, in rect: Rect, on grid: inout Grid) {
        guard rect.height > 0 else { return }
        let style = theme.style(for: Theme.Component.fieldValue, states: [.focused])
        grid.fill(rect, style: style)
        let prompt = "/"
        let hint = UIText.text(.searchHint, locale)
        let room = max(1, rect.width - prompt.count - hint.displayWidth - 1)
        var input = editor
        input.ensureCursorVisible(width: room)
        let shown = input.visibleText(width: room)
        let end = grid.write(prompt + shown.text, at: Point(x: rect.x, y: rect.y), style: style, clip: rect)
        if end + hint.displayWidth <= rect.maxX {
            grid.write(hint, at: Point(x: rect.maxX - hint.displayWidth, y: rect.y), style: style, clip: rect)
        }
        grid.cursor = Point(x: rect.x + prompt.count + shown.cursorColumn, y: rect.y)
    }

    private func drawCentered(_ text: String, in body: Rect, on grid: inout Grid, style: Style) {
        let line = Rect(x: body.x, y: body.y + body.height / 2, width: body.width, height: 1)
        grid.write(text, fitting: line, style: style, alignment: .center)
    }
}

/// The columns of a list laid out across the terminal: a two-cell gutter (cursor and mark), the
/// first column at its fixed width when the spec gives one, columns with a preferred width (dates,
/// numbers) at that width, and the others sharing the rest (the last shown column takes it when
/// none shares). Columns that would leave a shared one narrower than a minimum are left out from
/// the right (the header says how many).
struct ListColumnLayout {
    /// The x and width of each shown column, in the row's coordinates (from its left edge).
    let cells: [(x: Int, width: Int)]
    let hidden: Int
    static let gutter = 2
    static let minimumWidth = 8

    init<Row>(spec: ListScreenSpec<Row>, width: Int) {
        let columns = spec.columns
        let available = max(0, width - Self.gutter)
        guard !columns.isEmpty, available > 0 else {
            cells = []
            hidden = columns.count
            return
        }
        let fixed = spec.leadingColumnWidth.map { min(available, max($0, columns[0].title.displayWidth + 1)) }
        let shared = available - (fixed ?? 0)
        let others = Array(columns.dropFirst(fixed == nil ? 0 : 1))
        var shown = others.count
        var widths = Self.widths(of: others.prefix(shown), in: shared)
        while shown > 1, widths == nil {
            shown -= 1
            widths = Self.widths(of: others.prefix(shown), in: shared)
        }
        var cells: [(x: Int, width: Int)] = []
        var x = Self.gutter
        if let fixed {
            cells.append((x, fixed))
            x += fixed
        }
        for width in widths ?? Layout.distribute(shared, among: [.flexible()]) where width > 0 {
            cells.append((x, width))
            x += width
        }
        self.cells = cells
        hidden = columns.count - cells.count
    }

    /// The widths of `columns` in `total` cells, or nil when a shared column would get less than
    /// the minimum or a preferred width would not fit.
    private static func widths<Row>(of columns: ArraySlice<ListColumn<Row>>, in total: Int) -> [Int]? {
        guard !columns.isEmpty else { return [] }
        var constraints: [LayoutConstraint] = columns.map { column in
            column.preferredWidth.map { .fixed(max($0, column.title.displayWidth + 1)) } ?? .flexible()
        }
        if !constraints.contains(.flexible()) { constraints[constraints.count - 1] = .flexible() }
        let wanted = constraints.reduce(0) { sum, constraint in
            if case .fixed(let width) = constraint { return sum + width }
            return sum + minimumWidth + 1
        }
        guard wanted <= total else { return nil }
        return Layout.distribute(total, among: constraints)
    }

    func drawHeader<Row>(_ spec: ListScreenSpec<Row>, in rect: Rect, on grid: inout Grid, theme: Theme) {
        guard rect.height > 0 else { return }
        let style = theme.style(for: Theme.Component.listHeader)
        grid.fill(rect, style: theme.base)
        var titles = spec.columns.prefix(cells.count).map(\.title)
        if hidden > 0, let last = cells.last, !titles.isEmpty {
            // The marker is never cut: the title gives way to it.
            let marker = " (+\(hidden))"
            let room = max(0, min(last.width - 1, rect.width - last.x) - marker.displayWidth)
            titles[titles.count - 1] = room >= 3 ? titles[titles.count - 1].truncated(toWidth: room) + marker : "(+\(hidden))"
        }
        drawCells(titles, in: rect, on: &grid, style: style)
    }

    /// Draws `texts` into the cells (one column gap at each cell's right), truncated by width.
    func drawCells(_ texts: [String], in line: Rect, on grid: inout Grid, style: Style) {
        for (cell, text) in zip(cells, texts) {
            let width = max(0, min(cell.width - 1, line.width - cell.x))
            guard width > 0 else { continue }
            grid.write(TerminalText.singleLine(text), fitting: Rect(x: line.x + cell.x, y: line.y, width: width, height: 1), style: style)
        }
    }
}
