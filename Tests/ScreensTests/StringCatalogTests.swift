@testable import DDM
import Foundation
import Screenlets
@testable import Screens
import TermUI
import Testing

/// The string catalogs (issue 13 item 7, issue 15 "Language"): every key in both languages, the
/// same arguments in both, no unused key, and the Spanish words of values and states.
@Suite("String catalogs")
struct StringCatalogTests {
    @Test func everyScreenKeyIsInBothLanguages() {
        #expect(UIText.catalog.missing(in: .english) == [])
        #expect(UIText.catalog.missing(in: .spanish) == [], "these keys fall back to English in Spanish")
    }

    @Test func everyValueKeyIsInBothLanguages() {
        #expect(ValueText.catalog.missing(in: .english) == [])
        #expect(ValueText.catalog.missing(in: .spanish) == [], "these keys fall back to English in Spanish")
    }

    /// `{0}`, `{1}`, `{n}` as written in a template (both forms of a plural).
    private static func placeholders(_ entry: CatalogEntry?) -> Set<String> {
        let texts: [String]
        switch entry {
        case .text(let text)?: texts = [text]
        case .plural(let one, let other)?: texts = [one, other]
        case nil: texts = []
        }
        var found: Set<String> = []
        for text in texts {
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
                found.insert(String(rest[open...close]))
                rest = rest[rest.index(after: close)...]
            }
        }
        return found
    }

    @Test func bothLanguagesTakeTheSameArguments() {
        for key in UIText.allCases {
            #expect(Self.placeholders(UIText.english[key]) == Self.placeholders(UIText.spanish[key]), "\(key)")
        }
        for key in ValueText.allCases {
            #expect(Self.placeholders(ValueText.catalog.english[key]) == Self.placeholders(ValueText.catalog.spanish[key]), "\(key)")
        }
    }

    /// Every screen key is used by some source file outside the catalog's own folder.
    @Test func everyScreenKeyIsUsed() throws {
        let screens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/Screens")
        var sources = ""
        let files = FileManager.default.enumerator(at: screens, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift", !file.path.contains("/Strings/UIText") else { continue }
            sources += try String(contentsOf: file, encoding: .utf8)
        }
        #expect(!sources.isEmpty)
        let unused = UIText.allCases.filter { key in
            !sources.contains(".\(key.rawValue))") && !sources.contains(".\(key.rawValue),")
                && !sources.contains(".\(key.rawValue) ") && !sources.contains(".\(key.rawValue):")
                && !sources.contains(".\(key.rawValue)\n")
        }
        #expect(unused == [], "keys no screen uses")
    }

    /// The lists', browser's, sync view's and gallery's key help (help line and `?` overlay).
    @Test func everyScreenKeyHelpIsInSpanish() {
        for keyMap in [KeyMap.screens, KeyMap.gallery(from: .screens)] {
            for binding in keyMap.bindings where binding.context != .form {
                #expect(KeyHelpText.spanish[binding.help] != nil, "no Spanish for help \"\(binding.help)\" (\(binding.context))")
                #expect(KeyHelpText.spanish[binding.category] != nil, "no Spanish for category \"\(binding.category)\"")
            }
        }
    }

    @Test func everyFormKeyHelpIsInSpanish() {
        for keyMap in [KeyMap.formScreen, KeyMap.formScreen.forLocalForm()] {
            for returnsToList in [false, true] {
                let shown = FormKeyHelp.shown(keyMap, returnsToList: returnsToList, .enUS)
                for binding in shown.bindings where binding.context != .list && binding.context != .browser {
                    #expect(KeyHelpText.spanish[binding.help] != nil, "no Spanish for help \"\(binding.help)\"")
                    #expect(KeyHelpText.spanish[binding.category] != nil, "no Spanish for category \"\(binding.category)\"")
                }
            }
        }
    }

    @Test func aMissingSpanishTextFallsBackToEnglishAndIsListed() {
        enum Probe: String, CatalogKey { case one, two }
        let catalog = StringCatalog<Probe>(english: [.one: "One {0}", .two: "Two"], spanish: [.one: "Uno {0}"])
        #expect(catalog.missing(in: .spanish) == [.two])
        #expect(catalog.text(.two, .esES) == "Two")
        #expect(catalog.text(.one, .esES, "{1}") == "Uno {1}", "an argument's braces are not placeholders")
    }

    @Test func placeholdersAreFilledAndOtherBracesKept() {
        typealias Catalog = StringCatalog<UIText>
        #expect(Catalog.fill("row {0} of {1}", count: nil, ["3", "10.000"]) == "row 3 of 10.000")
        #expect(Catalog.fill("{1}{0}{1}", count: nil, ["a", "b"]) == "bab")
        #expect(Catalog.fill("{n} años — {0}", count: 7, ["ñandú {0}"]) == "7 años — ñandú {0}", "an argument is not read again")
        #expect(Catalog.fill("{n} left", count: nil, []) == "{n} left", "no count: kept")
        #expect(Catalog.fill("{2} {x} {} {-1} { 0} {", count: 1, ["a"]) == "{2} {x} {} {-1} { 0} {")
        #expect(Catalog.fill("a {{0}} b", count: nil, ["z"]) == "a {z} b")
        #expect(Catalog.fill("{00012}", count: nil, Array(repeating: "x", count: 13)) == "{00012}", "at most four digits")
        #expect(Catalog.fill("{012}", count: nil, Array(repeating: "x", count: 12) + ["twelve"]) == "twelve")
        #expect(Catalog.fill("plain — text", count: 3, ["a"]) == "plain — text")
        #expect(Catalog.fill("日本{0}語", count: nil, ["—"]) == "日本—語")
    }

    @Test func pluralsInBothLanguages() {
        #expect(FormText.invalidForm(1, .enUS) == "1 field needs attention")
        #expect(FormText.invalidForm(3, .enUS) == "3 fields need attention")
        #expect(FormText.invalidForm(1, .esES) == "1 campo requiere atención")
        #expect(FormText.invalidForm(0, .esES) == "0 campos requieren atención")
    }

    @Test func spanishWorkflowStatesPlaceholdersAndCalendar() {
        #expect(FormText.workflow(0, .esES) == "aprobado")
        #expect(FormText.workflow(1, .esES) == "pendiente")
        #expect(FormText.workflow(2, .esES) == "borrador")
        #expect(FormText.workflow(3, .esES) == "caducado")
        #expect(FormText.workflow(7, .esES) == "estado 7")
        #expect(FormText.workflow(0, .enUS) == "approved")
        #expect(FormText.placeholder("(no image)", .esES) == "(sin imagen)")
        #expect(FormText.placeholder("latitude, longitude", .esES) == "latitud; longitud")
        #expect(FormText.placeholder("YYYY-MM-DD", .esES) == "AAAA-MM-DD")
        #expect(FormText.placeholder("0.0", .esES) == "0,0")
        #expect(FormText.placeholder("(my own)", .esES) == "(my own)", "a theme's own placeholder is kept")
        #expect(FormText.month(6, year: 2024, .esES) == "junio de 2024")
        #expect(FormText.month(6, year: 2024, .enUS) == "June 2024")
    }

    @Test func theStatusLineAndTheBrowserSpeakTheStatusLanguage() {
        let spanish = ConnectionStatus(server: "p", user: "u", online: false, pendingWrites: 3, locale: .esES)
        #expect(StatusLine.summary(spanish) == "u @ p · sin conexión · 3 pendientes")
        var english = spanish
        english.locale = .enUS
        #expect(StatusLine.summary(english) == "u @ p · offline · 3 pending")
        let folder = FolderSummary(folderId: 50001, name: "Demo images", count: 1)
        #expect(BrowserMenu.texts(.imageFolder(folder), .esES).1 == "1 imagen · 50001")
        #expect(BrowserMenu.texts(.imageFolder(folder), .enUS).1 == "1 image · 50001")
        #expect(SyncRunSummary(synced: 2, failed: 0, conflicts: 0, pending: 0).automaticSummary(.esES)
            == "2 escrituras en cola sincronizadas automáticamente")
    }

    @Test func oneWordingForAFieldProblem() {
        #expect(FieldIssue.required.message(for: "Name", in: .enUS) == "Name: This field is required.")
        #expect(FieldIssue.required.message(for: "Nombre", in: .esES) == "Nombre: Este campo es obligatorio.")
    }
}
