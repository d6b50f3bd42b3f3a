import Foundation
import Testing
import TermUI

/// Loading theme files: extends chains, palette names, broken and missing themes.
@Suite("Themes: loading, extends and fallback")
struct ThemeLoadingTests {
    private let builtInDefault = ThemeLibrary.builtIn.load("default")

    @Test func shippedThemesLoadWithoutWarnings() {
        #expect(ThemeLibrary.builtIn.availableThemes() == ["compact", "default", "mono"])
        for name in ThemeLibrary.builtIn.availableThemes() {
            let loaded = ThemeLibrary.builtIn.load(name)
            #expect(loaded.warnings.isEmpty, "\(name): \(loaded.warnings)")
            #expect(loaded.theme.name == name)
        }
    }

    @Test func aThemeFileWithEveryConstruct() throws {
        let folder = ThemeFolder()
        let path = folder.write("ocean/theme", """
            name = ocean
            description = "Blue on blue"
            [palette]
            deep = #000080
            foam = 195
            surf = foam
            [styles]
            base = fg=surf
            title = bold fg=white bg=deep
            field:focused = reverse
            field.label:error = fg=red underline
            [glyphs]
            checkbox.on = "[✓]"
            [cell]
            label = above
            label-width = 20
            prefix = "> "
            value-format = uppercase
            """)
        let loaded = folder.library.load("ocean")
        #expect(loaded.warnings.isEmpty)
        let theme = loaded.theme
        #expect(theme.name == "ocean")
        #expect(theme.base == Style(foreground: .indexed(195)))
        #expect(theme.style(for: "title") == Style(foreground: .white, background: .rgb(0, 0, 0x80), attributes: .bold))
        #expect(theme.style(for: "field.value", state: .focused) == Style(attributes: .reverse))
        #expect(theme.style(for: "field.label", states: [.error, .focused]) == Style(foreground: .red, attributes: .underline))
        #expect(theme.style(for: "list.row") == theme.base)
        #expect(theme.glyph("checkbox.on", fallback: "?") == "[✓]")
        #expect(theme.glyph("radio.on", fallback: "(*)") == "(*)")
        #expect(loaded.palette == ["deep": .rgb(0, 0, 0x80), "foam": .indexed(195), "surf": .indexed(195)])
        #expect(loaded.cellDefaults == CellLayout(labelPosition: .above, labelWidth: 20, prefix: "> ", valueFormat: .uppercase))
        #expect(!path.isEmpty)
    }

    @Test func extendsMergesKeyByKeyAndLatePaletteNamesRecolourParents() throws {
        let folder = ThemeFolder()
        folder.write("base/theme", """
            [palette]
            accent = blue
            [styles]
            field:focused = fg=black bg=accent
            title = bold
            [glyphs]
            checkbox.on = "[x]"
            radio.on = "(x)"
            [cell]
            label = left
            placeholder = "-"
            """)
        folder.write("middle/theme", """
            extends = base
            [styles]
            title = underline
            [glyphs]
            radio.on = "(o)"
            """)
        folder.write("top/theme", """
            extends = middle
            [palette]
            accent = 214
            [cell]
            label = above
            """)
        let loaded = folder.library.load("top")
        #expect(loaded.warnings.isEmpty)
        #expect(loaded.theme.name == "top")
        #expect(loaded.theme.style(for: "field", state: .focused) == Style(foreground: .black, background: .indexed(214)))
        #expect(loaded.theme.style(for: "title") == Style(attributes: .underline))
        #expect(loaded.theme.glyphs == ["checkbox.on": "[x]", "radio.on": "(o)"])
        #expect(loaded.cellDefaults == CellLayout(labelPosition: .above, placeholder: "-"))
        // The parent alone keeps its own colour.
        #expect(folder.library.load("base").theme.style(for: "field", state: .focused).background == .blue)
    }

    @Test func extendsCyclesFallBackToTheDefaultTheme() throws {
        let folder = ThemeFolder()
        folder.write("a/theme", "extends = b\n")
        folder.write("b/theme", "extends = c\n")
        folder.write("c/theme", "extends = a\n")
        folder.write("self/theme", "extends = self\n")
        let cycle = folder.library.load("a")
        #expect(cycle.theme == builtInDefault.theme)
        #expect(cycle.warnings == ["themes extend each other in a circle: a → b → c → a — using the default theme"])
        #expect(folder.library.load("self").warnings == ["themes extend each other in a circle: self → self — using the default theme"])
    }

    @Test func missingThemesAndParentsAndBadNames() throws {
        let folder = ThemeFolder()
        folder.write("orphan/theme", "extends = nowhere\n")
        let missing = folder.library.load("nope")
        #expect(missing.theme == builtInDefault.theme)
        #expect(missing.warnings == ["no theme named 'nope' (available: compact, default, mono, orphan) — using the default theme"])
        #expect(folder.library.load("orphan").warnings
                == ["'orphan' extends 'nowhere', which does not exist (available: compact, default, mono, orphan) — using the default theme"])
        #expect(folder.library.load("../etc").warnings
                == ["'../etc' is not a theme name (letters, digits, '.', '-', '_') — using the default theme"])
    }

    @Test func aBrokenThemeIsReplacedWholeByTheDefaultWithTheFileAndLine() throws {
        let folder = ThemeFolder()
        let path = folder.write("ocean/theme", """
            name = ocean
            [styles]
            title = bold
            field:focused = reverse
            border = fg=cyan
            list.row = fg=red

            field.label = fg=blu
            """)
        let loaded = folder.library.load("ocean")
        #expect(loaded.warnings == [
            "\(path): line 8: unknown colour 'blu' (a palette name, a standard colour name, 0–255 or #rrggbb) — using the default theme",
        ])
        #expect(loaded.theme == builtInDefault.theme)   // nothing of ocean applied
        #expect(loaded.cells == builtInDefault.cells)
    }

    @Test(arguments: [
        ("[palette]\nred = 1", 2, "'red' is a standard colour; palette names must differ"),
        ("[palette]\n9lives = 1", 2, "'9lives' is not a palette name (a letter, then letters, digits, '-' or '_')"),
        ("[palette]\nsea = teal", 2, "unknown colour 'teal' (a palette name, a standard colour name, 0–255 or #rrggbb)"),
        ("[styles]\nfield:hover = bold", 2, "unknown state 'hover' (focused, blurred, error, disabled, dirty, stale)"),
        ("[styles]\n\ntitle = shiny", 3, "unknown style word 'shiny' (plain, bold, dim, italic, underline, reverse, fg=<colour>, bg=<colour>)"),
        ("[glyphs]\n.x = \"a\"", 2, "'.x' is not a glyph name (e.g. checkbox.on)"),
        ("[cell]\nlabel = right", 2, "label must be left, above or hidden, not 'right'"),
        ("[cell]\nlabel-width = -1", 2, "label-width must be a number of columns from 0 to 200, not '-1'"),
        ("[cell]\nvalue-format = shout", 2, "value-format must be one of as-is, uppercase, lowercase, capitalized, masked, not 'shout'"),
        ("name = x\nname = y", 2, "'name' is set twice (first at line 1)"),
    ])
    func everyThemeFileErrorNamesFileAndLine(text: String, line: Int, message: String) throws {
        let folder = ThemeFolder()
        let path = folder.write("broken/theme", text)
        let loaded = folder.library.load("broken")
        #expect(loaded.warnings == ["\(path): line \(line): \(message) — using the default theme"])
        #expect(loaded.theme == builtInDefault.theme)
    }

    @Test func anErrorInAParentNamesTheParentsFile() throws {
        let folder = ThemeFolder()
        let parent = folder.write("parent/theme", "[styles]\ntitle = fg=nothing\n")
        folder.write("child/theme", "extends = parent\n")
        #expect(folder.library.load("child").warnings == [
            "\(parent): line 2: unknown colour 'nothing' (a palette name, a standard colour name, 0–255 or #rrggbb) — using the default theme",
        ])
    }

    @Test func unknownKeysAndSectionsWarnButTheRestApplies() throws {
        let folder = ThemeFolder()
        let path = folder.write("loose/theme", """
            name = loose
            colour = red
            [styles]
            title = underline
            [fonts]
            size = 12
            family = mono
            [cell]
            width = 3
            """)
        let loaded = folder.library.load("loose")
        #expect(loaded.theme.style(for: "title") == Style(attributes: .underline))
        #expect(loaded.warnings == [
            "\(path): line 2: unknown key 'colour' (name, extends, description) — ignored",
            "\(path): line 6: unknown section [fonts] (palette, styles, glyphs, cell) — its lines are ignored",
            "\(path): line 9: unknown key 'width' in [cell] (label, label-width, label-suffix, prefix, suffix, placeholder, value-format) — ignored",
        ])
    }

    @Test func aNameThatDiffersFromTheFolderIsReported() throws {
        let folder = ThemeFolder()
        let path = folder.write("sea/theme", "name = ocean\n")
        let loaded = folder.library.load("sea")
        #expect(loaded.theme.name == "sea")
        #expect(loaded.warnings == ["\(path): the file says name = ocean but the theme's folder is 'sea'; using 'sea'"])
    }

    @Test func aBrokenUserDefaultFallsBackToTheBuiltInDefault() throws {
        let folder = ThemeFolder()
        let path = folder.write("default/theme", "[styles]\ntitle = bold fg=\n")
        let loaded = folder.library.load("other")
        #expect(loaded.theme == builtInDefault.theme)
        #expect(loaded.warnings.count == 2)
        #expect(loaded.warnings.first?.hasPrefix("no theme named 'other'") == true)
        #expect(loaded.warnings.last?.hasPrefix("\(path): line 2: unknown colour ''") == true)
        #expect(loaded.warnings.last?.hasSuffix("— using the built-in default theme") == true)
    }

    /// Files the edge found but could not read name their path and the problem.
    @Test func unreadableAndNonUTF8FilesAreReported() {
        let folder = ThemeFolder()
        folder.markUnreadable("latin/theme", "not UTF-8 text")
        #expect(folder.library.load("latin").warnings == ["\(folder.path)/latin/theme: not UTF-8 text — using the default theme"])
        folder.markUnreadable("dir/theme", "cannot be read")
        #expect(folder.library.load("dir").warnings == ["\(folder.path)/dir/theme: cannot be read — using the default theme"])
        #expect(folder.library.availableThemes().contains("dir"))
    }
}
