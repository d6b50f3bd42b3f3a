import DDM
import Foundation
import Screenlets
import TermUI

extension ListScreen {
    /// Also compiled for the record list's rows: the generic body, run for a type another module
    /// names, looks up the metadata of every generic type it touches on each call (a PgDn's frame
    /// asks for it thousands of times: issue 17).
    @_specialize(where Row == DDLListRow)
    public func view(_ model: Model, size: Size) -> Grid {
        var grid = Grid(size: size)
        let layout = ListScreenLayout(size: size)
        let slots = VisibleSlots(model)
        drawTitle(model, slots: slots, in: layout.title, on: &grid)
        let columns = spec.tableColumns(width: layout.header.width)
        columns.drawHeader(in: layout.header, on: &grid, style: theme.style(for: Theme.Component.listHeader), base: theme.base)
        drawBody(model, slots: slots, columns: columns, in: layout.body, on: &grid)
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
    private func drawTitle(_ model: Model, slots: VisibleSlots, in rect: Rect, on grid: inout Grid) {
        guard rect.height > 0 else { return }
        var right: [String] = []
        if spec.sortOptions.count > 1, model.query.sortIndex > 0 { right.append(ListWords.sortTitle(spec.sortOptions[model.query.sortIndex].title, model.status.locale)) }
        if model.query.mineOnly { right.append(UIText.text(.filterMine, model.status.locale)) }
        if slots.showsStaleRows { right.append(UIText.text(.offlineCached, model.status.locale)) }
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
                ? theme.style(for: Theme.Component.listIndicator) : theme.style(for: Theme.Component.helpLabel)
            grid.write(rightText, fitting: Rect(x: rect.maxX - rightWidth, y: rect.y, width: rightWidth, height: 1),
                       style: style, alignment: .right)
        }
    }

    private func drawBody(_ model: Model, slots: VisibleSlots, columns: TableColumns, in body: Rect, on grid: inout Grid) {
        guard body.height > 0 else { return }
        let engine = model.engine
        let l = model.status.locale
        let nouns = ListWords.plural(spec.noun, l)
        if engine.mode == .awaitingFirstPage, !engine.row(at: 0).isFailed {
            drawCentered(UIText.text(.listLoadingRows, l, nouns), in: body, on: &grid, style: theme.style(for: Theme.Component.listRowPlaceholder))
            return
        }
        if engine.mode != .awaitingFirstPage, engine.displayRowCount == 0 {
            let text = model.query.mineOnly ? UIText.text(.listMineNone, l, nouns)
                : UIText.text(spec.canCreate ? .listNoneYetAdd : .listNoneYet, l, nouns)
            drawCentered(text, in: body, on: &grid, style: theme.style(for: Theme.Component.helpLabel))
            return
        }
        let matches = Set(model.search.matches)
        let placeholder = { (isCursor: Bool) in
            isCursor ? theme.style(for: Theme.Component.listRow, states: [.focused]) : theme.style(for: Theme.Component.listRowPlaceholder)
        }
        // A failed page is told once, on its first row on screen; its other rows stay blank.
        var toldPages = Set<Int>()
        var tellingRows = Set<Int>()
        // A loaded row's states, one of four sets made once per frame (not two arrays a row).
        let stateSets: [[ComponentState]] = [[], [.dirty], [.stale], [.dirty, .stale]]
        let states = { (row: Row, stale: Bool) in stateSets[(spec.mark(row) != .none ? 1 : 0) + (stale ? 2 : 0)] }
        var list = ListView(rowCount: model.rowCount, cursor: model.cursor, scroll: model.scroll)
        list.draw(
            in: body, on: &grid, theme: theme, cursorWidth: 1,
            states: { index in
                guard case .loaded(let row, let stale) = slots[index] else { return [] }
                return states(row, stale)
            },
            style: { index, isCursor in
                switch slots[index] {
                case .loaded(let row, let stale):
                    guard matches.contains(index), !isCursor else { return nil }
                    return theme.style(for: Theme.Component.listRowMatch, states: states(row, stale))
                case .placeholder: return placeholder(isCursor)
                case .failed(let failure):
                    guard toldPages.insert(failure.page).inserted else { return placeholder(isCursor) }
                    tellingRows.insert(index)
                    return theme.style(for: Theme.Component.listRowError, states: isCursor ? [.focused] : [])
                case .beyondEnd: return nil
                }
            },
            drawRow: { row, grid in
                drawCells(of: row, slot: slots[row.index], tellsFailure: tellingRows.contains(row.index), columns: columns,
                          locale: l, on: &grid)
            })
    }

    /// The engine's slots of the rows on screen: the title, the row states, styles and cells all
    /// read them. The rows of the (two or three) pages on screen are taken from the engine once per
    /// frame and read by index (the engine's lookup is generic code, not cheap); the rows are not
    /// copied into an array of slots (a row is large: 25 of them made an allocation that had the
    /// allocator sweep its free blocks every frame, issue 17).
    struct VisibleSlots {
        let range: Range<Int>
        let engine: PaginationEngine<Row>
        /// The first page under `range`, and the rows held of each page under it from there.
        private let firstPage: Int
        private let pages: [(rows: [Row], stale: Bool)?]

        init(_ model: Model) {
            range = model.scroll.visibleRows(rowCount: model.rowCount)
            engine = model.engine
            let covered = range.isEmpty ? nil : engine.layout.pages(covering: range)
            firstPage = covered?.lowerBound ?? 0
            pages = covered.map { [engine] in $0.map { engine.loadedRows(ofPage: $0) } } ?? []
        }

        subscript(index: Int) -> RowSlot<Row> {
            guard range.contains(index), index < engine.rowCount else { return engine.row(at: index) }
            let layout = engine.layout
            let page = layout.page(forRow: index)
            let offset = index - layout.firstRow(ofPage: page)
            guard pages.indices.contains(page - firstPage), let loaded = pages[page - firstPage], offset < loaded.rows.count else {
                return engine.row(at: index)
            }
            return .loaded(loaded.rows[offset], stale: loaded.stale)
        }

        /// Whether any loaded row on screen came from the cache while the portal was unreachable:
        /// read from the pages' flags, without copying a row out of its page for each index.
        var showsStaleRows: Bool {
            let layout = engine.layout
            return range.contains { index in
                let page = layout.page(forRow: index)
                if index < engine.rowCount, pages.indices.contains(page - firstPage), let loaded = pages[page - firstPage],
                   index - layout.firstRow(ofPage: page) < loaded.rows.count {
                    return loaded.stale
                }
                if case .loaded(_, stale: true) = self[index] { return true } else { return false }
            }
        }
    }

    /// A row's mark and cells, over the line `ListView` filled (row style) and gave the cursor glyph.
    private func drawCells(
        of row: ListView.Row, slot: RowSlot<Row>, tellsFailure: Bool, columns: TableColumns, locale: PortalLocale, on grid: inout Grid
    ) {
        let line = row.line
        switch slot {
        case .loaded(let value, let stale):
            let mark = spec.mark(value)
            let glyph: String
            switch mark {
            case .conflict: glyph = "!"
            case .dirty: glyph = "*"
            case .none: glyph = stale ? "~" : " "
            }
            let markStyle = mark == .conflict && !row.isCursor ? theme.style(for: Theme.Component.listRowConflict) : row.style
            grid.write(glyph, at: Point(x: line.x + 1, y: line.y), style: markStyle, clip: line)
            let specColumns = spec.columns
            columns.drawCells(count: specColumns.count, in: line, on: &grid, style: row.style) { specColumns[$0].text(value) }
        case .placeholder:
            columns.drawCells(["·····", UIText.text(.rowLoading, locale)], in: line, on: &grid, style: row.style)
        case .failed where !tellsFailure:
            break
        case .failed(let failure):
            // The key first, so a long reason cut at the edge never hides how to retry.
            let text = UIText.text(.pageFailedRow, locale, String(failure.page + 1), ListScreenText.describe(failure.error))
            grid.write(text, fitting: Rect(x: line.x + 2, y: line.y, width: max(0, line.width - 2), height: 1), style: row.style)
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

extension TableColumns {
    /// The columns of `spec` across `width` (the first at the spec's leading width).
    init<Row>(spec: ListScreenSpec<Row>, width: Int) {
        self.init(spec.columns.map { Column(title: $0.title, preferredWidth: $0.preferredWidth) }, width: width,
                  leadingWidth: spec.leadingColumnWidth)
    }
}
