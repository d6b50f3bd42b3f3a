import Foundation
import Testing
import TermUI

/// Cell files, the four-step cell resolution, layered search paths.
@Suite("Themes: cell files, resolution and search paths")
struct ThemeCellTests {
    @Test func cellNamesAndKinds() {
        #expect(LoadedTheme.cellNames(fieldName: "Title", kind: "Text") == ["DDLCustomFieldTitleCell", "DDLFieldTextCell"])
        #expect(LoadedTheme.cellKinds.count == 12)
        #expect(LoadedTheme.isCellFileName("DDLFieldTextCell"))
        #expect(LoadedTheme.isCellFileName("DDLCustomFieldGreetingCell"))
        #expect(!LoadedTheme.isCellFileName("DDLFieldCell"))
        #expect(!LoadedTheme.isCellFileName("DDLCustomFieldCell"))
        #expect(!LoadedTheme.isCellFileName("DDLFieldTextCell.cell"))
        #expect(!LoadedTheme.isCellFileName("theme"))
    }

    @Test func aCellFileWithEveryKey() throws {
        let folder = ThemeFolder()
        folder.write("t/theme", "[palette]\nbrand = #ff8700\n")
        folder.write("t/DDLFieldTextCell", """
            # every key
            label = hidden
            label-width = 14
            label-suffix = ":"
            prefix = "[ "
            suffix = " ]"
            placeholder = "(empty)"
            value-format = capitalized
            [styles]
            label = bold
            value:focused = fg=brand reverse
            [glyphs]
            mask = "*"
            """)
        let loaded = folder.library.load("t")
        #expect(loaded.warnings.isEmpty)
        #expect(loaded.cells["DDLFieldTextCell"] == CellLayout(
            labelPosition: .hidden, labelWidth: 14, labelSuffix: ":", prefix: "[ ", suffix: " ]", placeholder: "(empty)",
            valueFormat: .capitalized, glyphs: ["mask": "*"],
            styles: [Theme.Key("label"): Style(attributes: .bold),
                     Theme.Key("value", .focused): Style(foreground: .rgb(255, 135, 0), attributes: .reverse)]))
    }

    /// The four steps, each shown by the one file that makes it win.
    @Test func resolutionOrderHasFourSteps() throws {
        let folder = ThemeFolder()
        folder.write("t/theme", "[cell]\nlabel = above\n")
        folder.write("t/DDLCustomFieldTitleCell", "placeholder = \"t custom\"\n")
        folder.write("default/DDLCustomFieldTitleCell", "placeholder = \"default custom Title\"\n")
        folder.write("default/DDLCustomFieldNotesCell", "placeholder = \"default custom Notes\"\n")
        folder.write("t/DDLFieldTextCell", "placeholder = \"t Text\"\n")
        let loaded = folder.library.load("t")
        #expect(loaded.warnings.isEmpty)
        func resolved(_ field: String, _ kind: String) -> (String, String?)? {
            loaded.resolveCell(fieldName: field, kind: kind).map { ($0.name, $0.layout.placeholder) }
        }
        // 1. the custom-field cell in this theme (over the same name in the default theme)
        #expect(resolved("Title", "Text")! == ("DDLCustomFieldTitleCell", "t custom"))
        // 2. the custom-field cell in the default theme (over this theme's kind cell)
        #expect(resolved("Notes", "Text")! == ("DDLCustomFieldNotesCell", "default custom Notes"))
        // 3. the kind cell in this theme (over the default theme's)
        #expect(resolved("Street", "Text")! == ("DDLFieldTextCell", "t Text"))
        // 4. the kind cell in the default theme (here the built-in copy)
        #expect(resolved("DueDate", "Date")! == ("DDLFieldDateCell", "YYYY-MM-DD"))
        #expect(resolved("X", "Hologram") == nil)
        // What a cell leaves nil comes from the theme's [cell] section.
        #expect(loaded.resolveCell(fieldName: "Title", kind: "Text")?.layout.labelPosition == .above)
        #expect(loaded.cell(fieldName: "X", kind: "Hologram") == loaded.cellDefaults)
        // The default theme itself sees the dropped custom cells too.
        let plainDefault = folder.library.load("default")
        #expect(plainDefault.resolveCell(fieldName: "Title", kind: "Text")?.layout.placeholder == "default custom Title")
    }

    @Test func aRememberedResolutionFollowsChangesToTheCells() {
        var loaded = LoadedTheme(theme: Theme(name: "t"), cells: ["DDLFieldTextCell": CellLayout(prefix: "a")])
        #expect(loaded.resolveCell(fieldName: "A", kind: "Text")?.layout.prefix == "a")
        #expect(loaded.resolveCell(fieldName: "A", kind: "Text")?.layout.prefix == "a")   // remembered
        let before = loaded
        loaded.cells["DDLCustomFieldACell"] = CellLayout(prefix: "b")
        #expect(loaded.resolveCell(fieldName: "A", kind: "Text")?.name == "DDLCustomFieldACell")
        #expect(loaded.resolveCell(fieldName: "A", kind: "Text")?.layout.prefix == "b")
        loaded.cellDefaults = CellLayout(suffix: "!")
        #expect(loaded.resolveCell(fieldName: "A", kind: "Text")?.layout.suffix == "!")
        #expect(before.resolveCell(fieldName: "A", kind: "Text")?.layout.prefix == "a")
        #expect(before.resolveCell(fieldName: "A", kind: "Text")?.layout.suffix == nil)
    }

    @Test func aThemeExtendingAnotherUsesItsCellsNearestFirst() throws {
        let folder = ThemeFolder()
        folder.write("parent/theme", "")
        folder.write("parent/DDLFieldTextCell", "prefix = \"p\"\n")
        folder.write("parent/DDLFieldDateCell", "prefix = \"p\"\n")
        folder.write("child/theme", "extends = parent\n")
        folder.write("child/DDLFieldTextCell", "prefix = \"c\"\n")
        let loaded = folder.library.load("child")
        #expect(loaded.resolveCell(fieldName: "A", kind: "Text")?.layout.prefix == "c")
        #expect(loaded.resolveCell(fieldName: "A", kind: "Date")?.layout.prefix == "p")
    }

    /// A user folder holding one cell file of the default theme changes that cell only.
    @Test func searchPathsLayerFileByFile() throws {
        let first = ThemeFolder()
        let second = ThemeFolder()
        first.write("default/DDLCustomFieldTitleCell", "prefix = \"first\"\n")
        second.write("default/DDLCustomFieldTitleCell", "prefix = \"second\"\n")
        second.write("default/DDLFieldTextCell", "prefix = \"second text\"\n")
        let library = ThemeLibrary(layers: [first.files, second.files])
        let loaded = library.load("default")
        #expect(loaded.warnings.isEmpty)
        #expect(loaded.theme == Theme.standard)                      // theme file: built-in
        #expect(loaded.cells["DDLCustomFieldTitleCell"]?.prefix == "first")
        #expect(loaded.cells["DDLFieldTextCell"]?.prefix == "second text")
        #expect(loaded.cells["DDLFieldDateCell"] == ThemeLibrary.builtIn.load("default").cells["DDLFieldDateCell"])
        #expect(library.availableThemes() == ["compact", "default", "mono"])
        // Without built-ins, a folder with cells only has no default theme file.
        let bare = ThemeLibrary(layers: [first.files], includesBuiltInThemes: false)
        #expect(bare.availableThemes() == [])
    }

    @Test func brokenAndMisnamedCellFilesAreReportedAndSkipped() throws {
        let folder = ThemeFolder()
        folder.write("t/theme", "")
        let broken = folder.write("t/DDLFieldTextCell", "prefix = \"[\"\n\nlabel = sideways\n")
        let loose = folder.write("t/DDLFieldDateCell", "colour = red\n[extras]\nx = 1\n")
        folder.write("t/DDLFieldTextCell.cell", "prefix = \"x\"\n")
        folder.write("t/README", "not a cell\n")
        let loaded = folder.library.load("t")
        #expect(loaded.warnings == [
            "\(loose): line 1: unknown key 'colour' (label, label-width, label-suffix, prefix, suffix, placeholder, value-format) — ignored",
            "\(loose): line 3: unknown section [extras] (styles, glyphs) — its lines are ignored",
            "\(broken): line 3: label must be left, above or hidden, not 'sideways' — cell file ignored",
            "t/DDLFieldTextCell.cell: not used — cell files are named DDLField<Kind>Cell or DDLCustomField<Name>Cell, without extension",
        ])
        #expect(loaded.theme.name == "t")   // a broken cell does not replace the theme
        // The broken Text cell is skipped: the default theme's Text cell answers.
        #expect(loaded.resolveCell(fieldName: "A", kind: "Text")?.layout.prefix == nil)
        #expect(loaded.cells["DDLFieldTextCell"] == nil)
        #expect(loaded.defaultCells["DDLFieldTextCell"] != nil)
    }

    @Test func cellPaletteNamesComeFromTheActiveTheme() throws {
        let folder = ThemeFolder()
        folder.write("t/theme", "[palette]\naccent = 22\n")
        folder.write("default/DDLCustomFieldTitleCell", "[styles]\nvalue = fg=accent\n")
        #expect(folder.library.load("t").defaultCells["DDLCustomFieldTitleCell"]?.styles[Theme.Key("value")]
                == Style(foreground: .indexed(22)))
        #expect(folder.library.load("default").defaultCells["DDLCustomFieldTitleCell"]?.styles[Theme.Key("value")]
                == Style(foreground: .indexed(117)))
    }

    /// A theme extending the default one: cells see the default theme's palette as this run's
    /// layers have it (here a user's default theme file), under the theme's own entries.
    @Test func cellsOfAThemeExtendingTheDefaultSeeTheDefaultsPaletteFromItsLayers() throws {
        let folder = ThemeFolder()
        folder.write("default/theme", "[palette]\naccent = 33\nshade = 34\n")
        folder.write("kid/theme", "extends = default\n[palette]\nshade = 35\n")
        folder.write("default/DDLCustomFieldTitleCell", "[styles]\nvalue = fg=accent bg=shade\n")
        let loaded = folder.library.load("kid")
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        #expect(loaded.defaultCells["DDLCustomFieldTitleCell"]?.styles[Theme.Key("value")]
                == Style(foreground: .indexed(33), background: .indexed(35)))
    }

    @Test func cellStylesActAsChildrenOfTheThemesFieldParts() {
        var theme = Theme(name: "t", base: Style(foreground: .white))
        theme.set(Style(attributes: .bold), for: "field")
        theme.set(Style(attributes: .reverse), for: "field", state: .focused)
        theme.set(Style(foreground: .red), for: "field.label", state: .error)
        let cell = CellLayout(styles: [
            Theme.Key("label"): Style(foreground: .magenta),
            Theme.Key("value", .dirty): Style(foreground: .yellow),
        ])
        #expect(cell.style("label", states: [], theme: theme) == Style(foreground: .magenta))
        #expect(cell.style("label", states: [.blurred], theme: theme) == Style(foreground: .magenta))
        #expect(cell.style("label", states: [.focused], theme: theme) == Style(attributes: .reverse))   // state first
        #expect(cell.style("label", states: [.error, .focused], theme: theme) == Style(foreground: .red))
        #expect(cell.style("value", states: [.dirty, .focused], theme: theme) == Style(foreground: .yellow))
        #expect(cell.style("value", states: [], theme: theme) == Style(attributes: .bold))
        #expect(cell.style("hint", states: [], theme: Theme(name: "bare", base: Style(foreground: .white))) == Style(foreground: .white))
    }

    @Test func glyphsAndDisplayText() {
        let theme = Theme(name: "t", glyphs: ["checkbox.on": "[x]", "mask": "#"])
        let cell = CellLayout(placeholder: "(none)", valueFormat: .masked, glyphs: ["checkbox.on": "☑"])
        #expect(cell.glyph("checkbox.on", theme: theme, fallback: "?") == "☑")
        #expect(cell.glyph("checkbox.off", theme: theme, fallback: "[ ]") == "[ ]")
        #expect(cell.displayText(for: "", theme: theme) == ("(none)", true))
        #expect(cell.displayText(for: "abc", theme: theme) == ("###", false))
        #expect(CellValueFormat.uppercase.apply(to: "straße") == "STRASSE")
        #expect(CellValueFormat.capitalized.apply(to: "ada  LOVELACE") == "Ada  Lovelace")
        #expect(CellValueFormat.lowercase.apply(to: "ÉTÉ") == "été")
        #expect(CellValueFormat.asIs.apply(to: "MiXed") == "MiXed")
    }

    @Test func standardSearchPaths() {
        #expect(ThemeLibrary.standardSearchPaths(
            environment: ["TERMLETS_THEMES_DIR": "/a::/b", "XDG_CONFIG_HOME": "/xdg", "HOME": "/home/ada"],
            checkoutThemesFolder: "/src/termlets/Themes") == ["/a", "/b", "/xdg/termlets/Themes", "/src/termlets/Themes"])
        #expect(ThemeLibrary.standardSearchPaths(environment: ["HOME": "/home/ada", "XDG_CONFIG_HOME": ""],
                                                 checkoutThemesFolder: nil)
                == ["/home/ada/.config/termlets/Themes"])
        #expect(ThemeLibrary.standardSearchPaths(environment: [:], checkoutThemesFolder: nil) == [])
    }

    @Test func themeNameFollowsTheRequestThenTheColourDepth() {
        #expect(ThemeLibrary.themeName(requested: nil, colorDepth: .ansi256) == "default")
        #expect(ThemeLibrary.themeName(requested: nil, colorDepth: .monochrome) == "mono")
        #expect(ThemeLibrary.themeName(requested: "", colorDepth: .monochrome) == "mono")
        #expect(ThemeLibrary.themeName(requested: "compact", colorDepth: .monochrome) == "compact")
    }
}
