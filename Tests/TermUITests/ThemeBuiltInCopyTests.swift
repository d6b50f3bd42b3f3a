import Foundation
import Testing
import TermUI

/// The shipped themes: the copies compiled in equal the repository's Themes/ folder, and
/// `Theme.standard` / `Theme.monochrome` come from them.
@Suite("Themes: shipped themes and their built-in copies")
struct ThemeBuiltInCopyTests {
    /// `<repository>/Themes`, found from this file's path.
    private static let themesFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Themes").path

    private static func repositoryFiles() throws -> [String: String] {
        var files: [String: String] = [:]
        for theme in try FileManager.default.contentsOfDirectory(atPath: themesFolder) {
            for name in try FileManager.default.contentsOfDirectory(atPath: "\(themesFolder)/\(theme)") {
                files["\(theme)/\(name)"] = try String(contentsOfFile: "\(themesFolder)/\(theme)/\(name)", encoding: .utf8)
            }
        }
        return files
    }

    @Test func builtInCopiesEqualTheFilesInThemes() throws {
        let files = try Self.repositoryFiles()
        let builtIn = ThemeLibrary.builtInFiles
        #expect(Set(files.keys) == Set(builtIn.keys), "run scripts/themes/embed-builtins.py after changing Themes/")
        for (key, text) in files.sorted(by: { $0.key < $1.key }) {
            #expect(builtIn[key] == text, "\(key) differs from its built-in copy: run scripts/themes/embed-builtins.py")
        }
    }

    @Test func theFolderAndTheBuiltInCopiesLoadTheSame() throws {
        let folderLayer = ThemeFileSet(origin: Self.themesFolder, files: try Self.repositoryFiles())
        let folderOnly = ThemeLibrary(layers: [folderLayer], includesBuiltInThemes: false)
        #expect(folderOnly.availableThemes() == ["compact", "default", "mono"])
        for name in folderOnly.availableThemes() {
            #expect(folderOnly.load(name) == ThemeLibrary.builtIn.load(name), "\(name)")
        }
    }

    @Test func theDefaultThemeHasACellFileForEveryKind() {
        let loaded = ThemeLibrary.builtIn.load("default")
        for kind in LoadedTheme.cellKinds {
            #expect(loaded.defaultCells["DDLField\(kind)Cell"] != nil, "missing Themes/default/DDLField\(kind)Cell")
        }
        #expect(loaded.cells.count == LoadedTheme.cellKinds.count)
    }

    @Test func standardIsTheDefaultThemeAsBefore() {
        let standard = Theme.standard
        #expect(standard == ThemeLibrary.builtIn.load("default").theme)
        #expect(standard.name == "default")
        #expect(standard.base == .plain)
        #expect(standard.style(for: "field.label", state: .focused) == Style(foreground: .black, background: .indexed(117)))
        #expect(standard.style(for: "field.label") == Style(attributes: .bold))
        #expect(standard.style(for: "field.value") == .plain)
        #expect(standard.style(for: "field.error") == Style(foreground: .red))
        #expect(standard.style(for: "field", state: .error) == Style(foreground: .red, attributes: .bold))
        #expect(standard.style(for: "status") == Style(foreground: .black, background: .white))
        #expect(standard.style(for: "list.row", state: .stale) == Style(foreground: .brightBlack, attributes: .italic))
        #expect(standard.style(for: "list.header") == Style(attributes: [.bold, .underline]))
        #expect(standard.glyph("checkbox.on", fallback: "?") == "[x]")
    }

    /// `mono` is what NO_COLOR gets: no colour anywhere, before or after adaptation.
    @Test func monochromeHasAttributesOnly() {
        let mono = ThemeLibrary.builtIn.load("mono")
        #expect(Theme.monochrome == mono.theme)
        #expect(mono.theme.name == "mono")
        #expect(mono.palette.isEmpty)
        let allStyles = Array(mono.theme.styles.values) + [mono.theme.base]
            + mono.cells.values.flatMap(\.styles.values) + mono.defaultCells.values.flatMap(\.styles.values)
        #expect(allStyles.allSatisfy { $0.foreground == .default && $0.background == .default })
        #expect(mono.adapted(to: .monochrome) == mono)
        #expect(mono.theme.style(for: "field.label", state: .focused) == Style(attributes: .reverse))
        #expect(mono.theme.glyphs.values.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
        // Every glyph the default theme names, mono names too (in ASCII).
        #expect(Set(Theme.standard.glyphs.keys) == Set(mono.theme.glyphs.keys))
    }

    @Test func adaptingALoadedThemeToNoColourRemovesEveryColourAndKeepsHighlights() {
        let compact = ThemeLibrary.builtIn.load("compact").adapted(to: .monochrome)
        let allStyles = Array(compact.theme.styles.values) + compact.cells.values.flatMap(\.styles.values)
            + compact.defaultCells.values.flatMap(\.styles.values)
        #expect(allStyles.allSatisfy { $0.foreground == .default && $0.background == .default })
        #expect(compact.theme.style(for: "field.label", state: .focused).attributes.contains(.reverse))
        #expect(compact.cells["DDLCustomFieldGreetingCell"]?.styles[Theme.Key("value", .focused)]?.attributes == [.bold, .reverse])
        #expect(compact.palette.values.allSatisfy { $0 == .default })
        let sixteen = ThemeLibrary.builtIn.load("compact").adapted(to: .ansi16)
        #expect(sixteen.theme.style(for: "field", state: .focused).background == .ansi(.yellow))
    }

    @Test func compactShowsOffTheMechanism() {
        let compact = ThemeLibrary.builtIn.load("compact")
        #expect(compact.theme.style(for: "field", state: .focused) == Style(foreground: .black, background: .indexed(214)))
        #expect(compact.cell(fieldName: "Title", kind: "Text").labelPosition == .above)
        let greeting = compact.resolveCell(fieldName: "Greeting", kind: "Text")
        #expect(greeting?.name == "DDLCustomFieldGreetingCell")
        #expect(greeting?.layout.labelPosition == .left)
        #expect(greeting?.layout.prefix == "「")
        #expect(compact.theme.glyph("checkbox.on", fallback: "?") == "◉")
        #expect(compact.theme.glyph("progress.full", fallback: "?") == "█")   // inherited from default
    }
}
