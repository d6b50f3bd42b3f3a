/// The columns of a table laid out across a width, for rows drawn by ``ListView``: a gutter on
/// the left (the cursor and a mark), the first column at a fixed width when one is given, columns
/// with a preferred width (dates, numbers) at that width, and the others sharing the rest (the
/// last shown column takes it when none shares). Columns that would leave a shared one narrower
/// than ``minimumWidth`` are left out from the right; the header says how many (`(+N)`).
public struct TableColumns: Sendable {
    /// What the layout needs to know of a column.
    public struct Column: Sendable {
        public var title: String
        /// The width the column wants (its title's width + 1 at least); nil shares what is left.
        public var preferredWidth: Int?

        public init(title: String, preferredWidth: Int? = nil) {
            self.title = title
            self.preferredWidth = preferredWidth
        }
    }

    /// The x and width of each shown column, in the row's coordinates (from its left edge).
    public let cells: [Cell]
    /// The columns left out at the right.
    public let hidden: Int
    /// The shown columns' titles.
    public let titles: [String]
    /// A shared column is never narrower than this.
    public static let minimumWidth = 8

    public struct Cell: Equatable, Sendable {
        public let x: Int
        public let width: Int

        public init(x: Int, width: Int) {
            (self.x, self.width) = (x, width)
        }
    }

    /// Lays out `columns` in `width` cells after a `gutter`; `leadingWidth` fixes the first one's.
    public init(_ columns: [Column], width: Int, gutter: Int = 2, leadingWidth: Int? = nil) {
        let available = max(0, width - gutter)
        guard !columns.isEmpty, available > 0 else {
            (cells, hidden, titles) = ([], columns.count, [])
            return
        }
        let fixed = leadingWidth.map { min(available, max($0, columns[0].title.displayWidth + 1)) }
        let shared = available - (fixed ?? 0)
        let others = Array(columns.dropFirst(fixed == nil ? 0 : 1))
        var shown = others.count
        var widths = Self.widths(of: others.prefix(shown), in: shared)
        while shown > 1, widths == nil {
            shown -= 1
            widths = Self.widths(of: others.prefix(shown), in: shared)
        }
        var cells: [Cell] = []
        var x = gutter
        if let fixed {
            cells.append(Cell(x: x, width: fixed))
            x += fixed
        }
        for width in widths ?? Layout.distribute(shared, among: [.flexible()]) where width > 0 {
            cells.append(Cell(x: x, width: width))
            x += width
        }
        self.cells = cells
        hidden = columns.count - cells.count
        titles = columns.prefix(cells.count).map(\.title)
    }

    /// The widths of `columns` in `total` cells, or nil when a shared column would get less than
    /// the minimum or a preferred width would not fit.
    private static func widths(of columns: ArraySlice<Column>, in total: Int) -> [Int]? {
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

    /// The header line: the line in `base`, the titles in `style`, the last one giving way to
    /// `(+N)` when columns are left out.
    public func drawHeader(in rect: Rect, on grid: inout Grid, style: Style, base: Style) {
        guard rect.height > 0 else { return }
        grid.fill(rect, style: base)
        var titles = self.titles
        if hidden > 0, let last = cells.last, !titles.isEmpty {
            // The marker is never cut: the title gives way to it.
            let marker = " (+\(hidden))"
            let room = max(0, min(last.width - 1, rect.width - last.x) - marker.displayWidth)
            titles[titles.count - 1] = room >= 3 ? titles[titles.count - 1].truncated(toWidth: room) + marker : "(+\(hidden))"
        }
        drawCells(titles, in: rect, on: &grid, style: style)
    }

    /// Draws `texts` into the cells (one column gap at each cell's right), on one line each,
    /// truncated by width.
    public func drawCells(_ texts: [String], in line: Rect, on grid: inout Grid, style: Style) {
        drawCells(count: texts.count, in: line, on: &grid, style: style) { texts[$0] }
    }

    /// ``drawCells(_:in:on:style:)`` for `count` texts, the text of column `index` asked of
    /// `text` when its cell is drawn: a table drawing many rows makes no array per row.
    public func drawCells(count: Int, in line: Rect, on grid: inout Grid, style: Style, text: (_ index: Int) -> String) {
        var styleIndex: UInt16?
        for (index, cell) in cells.prefix(count).enumerated() {
            let width = max(0, min(cell.width - 1, line.width - cell.x))
            guard width > 0 else { continue }
            let rect = Rect(x: line.x + cell.x, y: line.y, width: width, height: 1)
            let text = text(index)
            // Printable ASCII is one line already: written straight into the row.
            if grid.writeFittedASCII(text, in: rect, style: style, index: &styleIndex) { continue }
            grid.write(TerminalText.singleLine(text), fitting: rect, style: style)
        }
    }
}
