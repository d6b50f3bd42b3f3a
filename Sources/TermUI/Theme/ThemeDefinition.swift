/// A theme file as written, before `extends` and palette names are resolved.
struct ThemeDefinition: Sendable, Equatable {
    var name: String?
    var extends: String?
    var description: String?
    /// `[palette]` entries: name = colour word.
    var palette: [ThemeFileEntry] = []
    /// `[styles]` entries: style key (or `base`) = style words.
    var styles: [ThemeFileEntry] = []
    /// `[glyphs]` entries.
    var glyphs: [ThemeFileEntry] = []
    /// `[cell]` entries: the theme's defaults for every cell (cell-file keys).
    var cell: [ThemeFileEntry] = []
    /// Unknown keys and sections: reported, ignored.
    var warnings: [ThemeFileProblem] = []

    /// Reads a theme file; throws its first error (with the line).
    static func decode(_ text: String) throws(ThemeFileProblem) -> ThemeDefinition {
        var definition = ThemeDefinition()
        var warnedSections: Set<String> = []
        for entry in try ThemeFileSyntax.parse(text) {
            switch entry.section {
            case "":
                switch entry.key {
                case "name": definition.name = entry.value
                case "extends": definition.extends = entry.value
                case "description": definition.description = entry.value
                default:
                    definition.warnings.append(ThemeFileProblem(
                        line: entry.line, message: "unknown key '\(entry.key)' (name, extends, description) — ignored"))
                }
            case "palette":
                guard ThemeValues.isPaletteName(entry.key) else {
                    throw ThemeFileProblem(line: entry.line, message: ThemeValues.standardColor(entry.key) != nil
                        ? "'\(entry.key)' is a standard colour; palette names must differ"
                        : "'\(entry.key)' is not a palette name (a letter, then letters, digits, '-' or '_')")
                }
                definition.palette.append(entry)
            case "styles":
                if entry.key != "base" {
                    do { _ = try ThemeValues.styleKey(entry.key) } catch { throw error.at(entry.line) }
                }
                definition.styles.append(entry)
            case "glyphs":
                guard ThemeValues.isComponentName(Substring(entry.key)) else {
                    throw ThemeFileProblem(line: entry.line, message: "'\(entry.key)' is not a glyph name (e.g. checkbox.on)")
                }
                definition.glyphs.append(entry)
            case "cell":
                guard CellFile.scalarKeys.contains(entry.key) else {
                    definition.warnings.append(ThemeFileProblem(
                        line: entry.line,
                        message: "unknown key '\(entry.key)' in [cell] (\(CellFile.scalarKeys.joined(separator: ", "))) — ignored"))
                    continue
                }
                definition.cell.append(entry)
            default:
                if warnedSections.insert(entry.section).inserted {
                    definition.warnings.append(ThemeFileProblem(
                        line: entry.line,
                        message: "unknown section [\(entry.section)] (palette, styles, glyphs, cell) — its lines are ignored"))
                }
            }
        }
        return definition
    }
}

extension ThemeFileProblem {
    /// This problem placed at `line`.
    func at(_ line: Int) -> ThemeFileProblem { ThemeFileProblem(line: line, message: message) }
}
