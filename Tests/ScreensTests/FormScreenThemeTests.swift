import DDM
import PortalEmulator
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// The form screen in each shipped theme (the built-in copies, so the checkout's files do not
/// matter), and Swift cell renderers registered under the theme's names.
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
