import TermUI

/// Renders grids as plain text for assertions and golden files.
///
/// Text layer: one line per row, each wide grapheme written once (it looks two columns wide in a
/// terminal or editor), trailing spaces trimmed. Style layer: one character per cell (continuation
/// cells repeat their grapheme's letter), `.` for the plain style and letters in order of first
/// appearance (row by row) for the others, followed by a legend (`a = fg=red bold`).
public enum GridText {
    /// The text layer: one line per row, trailing spaces trimmed, rows joined by `\n`.
    public static func text(_ grid: Grid) -> String {
        lines(grid).joined(separator: "\n")
    }

    /// The text layer as an array of rows (trailing spaces trimmed).
    public static func lines(_ grid: Grid) -> [String] {
        (0..<grid.height).map { y in
            var line = ""
            for x in 0..<grid.width {
                let cell = grid[x, y]
                if !cell.isContinuation { line += cell.grapheme }
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Letters used for styles, in order.
    static let styleLetters: [Character] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")

    /// The style layer and its legend.
    public static func styles(_ grid: Grid) -> (lines: [String], legend: [String]) {
        var letters: [Style: Character] = [.plain: "."]
        var legend: [String] = []
        var lines: [String] = []
        for y in 0..<grid.height {
            var line = ""
            for x in 0..<grid.width {
                let style = grid[x, y].style
                if let letter = letters[style] {
                    line.append(letter)
                    continue
                }
                let index = letters.count - 1
                let letter: Character = index < styleLetters.count ? styleLetters[index] : "?"
                letters[style] = letter
                legend.append("\(letter) = \(style)")
                line.append(letter)
            }
            lines.append(line)
        }
        return (lines, legend)
    }

    /// The full snapshot: text layer, a `--- styles ---` block and the legend, and the cursor.
    public static func snapshot(_ grid: Grid, includeStyles: Bool = true) -> String {
        var out = lines(grid)
        if includeStyles {
            let layer = styles(grid)
            out.append("--- styles ---")
            out.append(contentsOf: layer.lines)
            out.append("--- legend ---")
            out.append(contentsOf: layer.legend.isEmpty ? ["(plain only)"] : layer.legend)
        }
        out.append("--- cursor: \(grid.cursor.map { "\($0.x),\($0.y)" } ?? "hidden") ---")
        return out.joined(separator: "\n") + "\n"
    }
}
