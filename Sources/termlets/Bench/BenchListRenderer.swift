import Screenlets
import TermUI

/// The record list screen the scroll benchmark draws every frame: a header, the visible rows
/// (placeholders as "loading…"), the cursor row highlighted and a status line, into a TermUI grid
/// through `Grid.write` (server text sanitised), then diffed and encoded as terminal bytes.
///
/// A stand-in for the interactive list screen (not merged into this branch yet): the same work per
/// frame — one grid of the terminal's size, the visible rows only.
struct BenchListRenderer {
    let size: Size
    let columns: [(title: String, width: Int)]
    private var renderer = FrameRenderer()
    private var encoder = ANSIFrameEncoder(colorDepth: .ansi256)

    /// Rows of records on screen: the terminal's height less the header and the status line.
    var visibleCount: Int { max(1, size.height - 2) }

    init(size: Size = Size(width: 100, height: 30), columns: [(title: String, width: Int)]) {
        self.size = size
        self.columns = columns
    }

    /// Draws one frame of `engine` with `viewport` and returns the bytes a terminal would receive.
    mutating func render<Row: Sendable>(
        _ engine: PaginationEngine<Row>, viewport: Screenlets.ListWindow, labels: (Row) -> [String]
    ) -> Int {
        var grid = Grid(size: size)
        var x = 0
        for column in columns {
            grid.write(column.title, fitting: Rect(x: x, y: 0, width: column.width, height: 1), style: Style(attributes: .bold))
            x += column.width + 1
        }
        for line in 0..<min(viewport.visibleCount, visibleCount) {
            let index = viewport.firstRow + line
            let style = index == viewport.cursor ? Style(attributes: .reverse) : .plain
            let y = line + 1
            switch engine.row(at: index) {
            case .loaded(let row, _):
                var x = 0
                for (column, text) in zip(columns, labels(row)) {
                    grid.write(text, fitting: Rect(x: x, y: y, width: column.width, height: 1), style: style)
                    x += column.width + 1
                }
            case .placeholder:
                grid.write("loading…", fitting: Rect(x: 0, y: y, width: size.width, height: 1), style: style)
            case .failed(let failure):
                grid.write("error: \(failure.error)", fitting: Rect(x: 0, y: y, width: size.width, height: 1), style: style)
            case .beyondEnd:
                break
            }
        }
        grid.write("\(viewport.cursor + 1) of \(engine.rowCount)", fitting: Rect(x: 0, y: size.height - 1, width: size.width, height: 1))
        return encoder.encode(renderer.update(to: grid)).count
    }
}
