import Foundation
import DDM
import PortalEmulator
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// The form screen in each shipped theme (the built-in copies, so the checkout's files do not
/// matter), and Swift cell renderers registered under the theme's names. Screen tests, in memory
/// (``FormScreenTestbed``).
@MainActor
@Suite("Form screen themes")
struct FormScreenThemeTests {
    nonisolated static let shipped = ["default", "mono", "compact"]

    @Test(arguments: shipped)
    func eachShippedTheme(name: String) async throws {
        let loaded = ThemeLibrary.builtIn.load(name)
        #expect(loaded.warnings.isEmpty, "\(loaded.warnings)")
        try await withFormScreen(size: Size(width: 80, height: 30), theme: loaded.theme,
                                 cellLooks: FormScreenConfiguration.looks(loaded)) { form in
            try form.focus("Greeting")
            GoldenSnapshot.assertMatches(form.grid, named: "form-theme-\(name)-80x30")
        }
    }

    /// Issue 15: a space after every glyph that prefixes a value or a message, in every shipped
    /// theme; mono's location glyph is not a plus sign.
    @Test(arguments: [("default", "▦", "⌖", "✗"), ("mono", "#", "(o)", "!"), ("compact", "▦", "⌖", "✗")])
    func glyphsAreFollowedByASpace(name: String, date: String, location: String, error: String) async throws {
        let loaded = ThemeLibrary.builtIn.load(name)
        try await withFormScreen(size: Size(width: 80, height: 40), theme: loaded.theme,
                                 cellLooks: FormScreenConfiguration.looks(loaded)) { form in
            try form.focus("DueDate")
            form.press(.space, .right, .enter)   // calendar: the testbed's today + 1 day
            for (field, text) in [("Location", "43.5, -3.8"), ("Quantity", "twelve")] {
                try form.focus(field)
                form.press(.enter, .ctrl("u"))
                form.type(text)
                form.press(.enter)
                try await form.settle()
            }
            let screen = GridText.text(form.grid)
            #expect(screen.contains(date + " June 16, 2024"), "\(screen)")
            #expect(screen.contains(location + " 43.5, -3.8"), "\(screen)")
            #expect(screen.contains(error + " “twelve” is not a number."), "\(screen)")
            #expect(!screen.contains("+43.5"))
        }
    }

    /// Below 56 columns labels go above their values, also in the shipped themes whose cells say
    /// `label = left` (issue 15).
    @Test(arguments: shipped)
    func labelsGoAboveValuesBelow56Columns(name: String) async throws {
        let loaded = ThemeLibrary.builtIn.load(name)
        try await withFormScreen(size: Size(width: 50, height: 20), theme: loaded.theme,
                                 cellLooks: FormScreenConfiguration.looks(loaded)) { form in
            let lines = GridText.text(form.grid).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let title = try #require(lines.firstIndex { $0.hasPrefix("  Title") })
            #expect(lines[title].trimmingCharacters(in: .whitespaces).hasPrefix("Title"))
            #expect(!lines[title].contains("Untitled"), "the value is on the next line: \(lines[title])")
            #expect(lines[title + 1].contains("Untitled"))
            if name == "default" { GoldenSnapshot.assertMatches(form.grid, named: "form-theme-default-50x20") }
        }
        try await withFormScreen(size: Size(width: 56, height: 20), theme: loaded.theme,
                                 cellLooks: FormScreenConfiguration.looks(loaded)) { form in
            let text = GridText.text(form.grid)
            let titleLine = text.split(separator: "\n").first { $0.hasPrefix("  Title") }
            #expect(titleLine?.contains("Untitled") == (name != "compact"), "56 columns keep the theme's left labels")
        }
    }

    @Test func theCompactThemeDrawsTheGreetingWithItsOwnCell() async throws {
        let loaded = ThemeLibrary.builtIn.load("compact")
        try await withFormScreen(size: Size(width: 80, height: 30), theme: loaded.theme,
                                 cellLooks: FormScreenConfiguration.looks(loaded)) { form in
            try form.focus("Greeting")
            let greeting = try #require(GridText.text(form.grid).split(separator: "\n").first { $0.contains("こんにちは") })
            #expect(greeting.contains("「こんにちは」"))
        }
    }

    /// Draws a value as `<<value>>`.
    struct AngleCell: FormCellRenderer {
        func drawValue(_ cell: FormCellContext, in rect: Rect, grid: inout Grid) {
            grid.write("<<\(cell.valueText)>>", fitting: rect, style: cell.look.style("value", states: cell.states))
        }
    }

    @Test func aRegisteredRendererDrawsItsFieldAndTheMostSpecificNameWins() async throws {
        var registry = FormCellRegistry()
        registry.register(AngleCell(), as: "DDLCustomFieldTitleCell")
        registry.register(AngleCell(), as: "DDLFieldIntegerCell")
        try await withFormScreen(registry: registry) { form in
            let text = GridText.text(form.grid)
            #expect(text.contains("<<Untitled>>"), "the custom-field renderer")
            #expect(text.contains("<<1>>"), "the kind renderer (Quantity)")
            #expect(text.contains("こんにちは") && !text.contains("<<こんにちは>>"), "other text fields keep the built-in cell")
        }
        #expect(FormCellRegistry.customCellName("Title") == "DDLCustomFieldTitleCell")
    }
}
