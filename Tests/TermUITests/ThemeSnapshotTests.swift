import Testing
import TermUI
import TermUITesting

/// A small form panel drawn with each shipped theme: labelled rows focused, blurred, with an error,
/// dirty, empty (placeholder), a checkbox, a select and a wide-character field.
@Suite("Themes: golden snapshots of a sample panel")
struct ThemeSnapshotTests {
    struct Row {
        var field: String
        var kind: String
        var label: String
        var value: String
        var states: [ComponentState]
        var error: String? = nil
    }

    static let rows = [
        Row(field: "Title", kind: "Text", label: "Title", value: "Ada Lovelace", states: [.focused]),
        Row(field: "Quantity", kind: "Integer", label: "Quantity", value: "", states: [.blurred]),
        Row(field: "Agreed", kind: "Boolean", label: "Agreed", value: "true", states: [.dirty, .blurred]),
        Row(field: "DueDate", kind: "Date", label: "Due date", value: "2026-13-01", states: [.error, .blurred],
            error: "Not a date"),
        Row(field: "Colours", kind: "Select", label: "Colours", value: "Red", states: [.blurred]),
        Row(field: "Greeting", kind: "Text", label: "挨拶", value: "こんにちは", states: [.blurred]),
    ]

    /// Draws the sample panel the way a form renderer reads a theme: cell layout, part styles, glyphs.
    static func panel(_ loaded: LoadedTheme, size: Size = Size(width: 44, height: 16)) -> Grid {
        let theme = loaded.theme
        var grid = Grid(size: size)
        grid.fill(grid.bounds, style: theme.base)
        let inside = grid.drawBox(grid.bounds, border: .rounded, style: theme.style(for: Theme.Component.border),
                                  title: " \(theme.name) ", titleStyle: theme.style(for: Theme.Component.title))
        var y = inside.y
        for row in rows {
            let cell = loaded.cell(fieldName: row.field, kind: row.kind)
            let marker = row.states.contains(.focused) ? cell.glyph(Theme.Glyph.focusMarker, theme: theme, fallback: ">")
                : row.states.contains(.dirty) ? cell.glyph(Theme.Glyph.dirtyMarker, theme: theme, fallback: "*")
                : row.states.contains(.error) ? cell.glyph(Theme.Glyph.errorMarker, theme: theme, fallback: "!") : " "
            grid.write(marker, at: Point(x: inside.x, y: y), style: cell.style(CellLayout.Part.marker, states: row.states, theme: theme),
                       clip: inside)
            var x = inside.x + 2
            let label = row.label + (cell.labelSuffix ?? "")
            let labelStyle = cell.style(CellLayout.Part.label, states: row.states, theme: theme)
            switch cell.labelPosition ?? .left {
            case .left:
                let width = cell.labelWidth ?? 11
                grid.write(label.fitted(toWidth: width), at: Point(x: x, y: y), style: labelStyle, clip: inside)
                x += width + 1
            case .above:
                grid.write(label, at: Point(x: x, y: y), style: labelStyle, clip: inside)
                y += 1
                x += 2
            case .hidden:
                break
            }
            let shown: String
            var isPlaceholder = false
            switch row.kind {
            case "Boolean":
                shown = cell.glyph(row.value == "true" ? Theme.Glyph.checkboxOn : Theme.Glyph.checkboxOff, theme: theme, fallback: "[?]")
            case "Select":
                shown = row.value + " " + cell.glyph(Theme.Glyph.selectArrow, theme: theme, fallback: "v")
            default:
                (shown, isPlaceholder) = cell.displayText(for: row.value, theme: theme)
            }
            let valueStyle = cell.style(isPlaceholder ? CellLayout.Part.placeholder : CellLayout.Part.value,
                                        states: row.states, theme: theme)
            x = grid.write(cell.prefix ?? "", at: Point(x: x, y: y), style: valueStyle, clip: inside)
            x = grid.write(shown, at: Point(x: x, y: y), style: valueStyle, clip: inside)
            grid.write(cell.suffix ?? "", at: Point(x: x, y: y), style: valueStyle, clip: inside)
            y += 1
            if let error = row.error {
                let text = cell.glyph(Theme.Glyph.errorMarker, theme: theme, fallback: "!") + " " + error
                grid.write(text, at: Point(x: inside.x + 4, y: y), style: cell.style(CellLayout.Part.error, states: row.states, theme: theme),
                           clip: inside)
                y += 1
            }
        }
        return grid
    }

    @Test(arguments: ["default", "mono", "compact"])
    func eachShippedThemeAt256Colours(name: String) {
        let loaded = ThemeLibrary.builtIn.load(name)
        #expect(loaded.warnings.isEmpty)
        GoldenSnapshot.assertMatches(Self.panel(loaded.adapted(to: .ansi256)), named: "theme-\(name)-44x16-ansi256")
    }

    /// NO_COLOR: the default theme adapted to no colour keeps the focus visible (reverse).
    @Test func theDefaultThemeWithNoColour() {
        let loaded = ThemeLibrary.builtIn.load("default").adapted(to: .monochrome)
        GoldenSnapshot.assertMatches(Self.panel(loaded), named: "theme-default-44x16-monochrome")
    }

    /// Dropping a cell file into a themes folder changes one field without code.
    @Test func aDroppedCustomCellChangesOneField() throws {
        let folder = ThemeFolder()
        folder.write("default/DDLCustomFieldQuantityCell", """
            label = above
            placeholder = "none yet"
            [styles]
            placeholder = fg=magenta italic
            """)
        let loaded = folder.library.load("default")
        #expect(loaded.warnings.isEmpty)
        let changed = GridText.lines(Self.panel(loaded))
        let original = GridText.lines(Self.panel(ThemeLibrary.builtIn.load("default")))
        #expect(changed != original)
        #expect(changed.contains { $0.contains("Quantity") && !$0.contains("none yet") })
        #expect(changed.contains { $0.contains("    none yet") })
        #expect(original.contains { $0.contains("Quantity") && $0.contains("0") })
        GoldenSnapshot.assertMatches(Self.panel(loaded), named: "theme-default-dropped-quantity-cell")
    }
}
