import TermUI

/// A plain-text table whose columns line up by display width (wide characters count two
/// columns, combining marks none), with control characters made inert and every cell cut to
/// ``maximumCellWidth`` columns (ending in "…"), so a huge server value cannot flood the terminal.
struct TextTable {
    static let maximumCellWidth = 1_000

    let header: [String]
    private(set) var rows: [[String]] = []

    init(header: [String]) { self.header = header.map(Self.cell) }

    mutating func add(_ row: [String]) {
        rows.append(row.map(Self.cell))
    }

    /// A cell as printed: inert and bounded.
    static func cell(_ text: String) -> String {
        let inert = text.inertForTerminal()
        return inert.count > maximumCellWidth ? inert.truncated(toWidth: maximumCellWidth) : inert
    }

    func render() -> String { render(withHeader: true, minimumWidths: []).text }

    /// The table, or a later part of a table printed in parts (`withHeader` false): each column
    /// at least `minimumWidths` wide (the widths an earlier part used, returned for the next).
    func render(withHeader: Bool, minimumWidths: [Int]) -> (text: String, widths: [Int]) {
        let all = withHeader ? [header] + rows : rows
        var widths = (0..<header.count).map { $0 < minimumWidths.count ? minimumWidths[$0] : DisplayWidth.of(header[$0]) }
        for row in all {
            for (index, cell) in row.enumerated() where index < widths.count {
                widths[index] = max(widths[index], DisplayWidth.of(cell))
            }
        }
        var out = ""
        for row in all {
            var line = ""
            for (index, cell) in row.enumerated() where index < widths.count {
                line += cell
                if index < row.count - 1 {
                    line += String(repeating: " ", count: widths[index] - DisplayWidth.of(cell) + 2)
                }
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return (out, widths)
    }
}
