import TermUI

/// A plain-text table whose columns line up by display width (wide characters count two
/// columns, combining marks none), with control characters made inert.
struct TextTable {
    let header: [String]
    private(set) var rows: [[String]] = []

    init(header: [String]) { self.header = header }

    mutating func add(_ row: [String]) {
        rows.append(row.map { $0.inertForTerminal() })
    }

    func render() -> String {
        let all = [header] + rows
        var widths = Array(repeating: 0, count: header.count)
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
        return out
    }
}
