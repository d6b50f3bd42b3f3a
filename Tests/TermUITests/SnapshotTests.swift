import Foundation
import Testing
import TermUI
import TermUITesting

@MainActor
@Suite("Golden snapshots")
struct SnapshotTests {
    @Test func formAt60x16() {
        let grid = DemoForm.render(size: Size(width: 60, height: 16), focus: 1, theme: .standard)
        GoldenSnapshot.assertMatches(grid, named: "form-60x16")
    }

    @Test func formAt40x12InMonochrome() {
        let grid = DemoForm.render(size: Size(width: 40, height: 12), focus: 3,
                                   theme: Theme.standard.adapted(to: .monochrome))
        GoldenSnapshot.assertMatches(grid, named: "form-40x12-monochrome")
    }

    @Test func formEditingAFieldShowsTheCursor() {
        var input = TextInput("Ada Lovelace, Countess of Lovelace")
        input.handle(.ctrl("a"))
        input.handle(.alt("f"))
        let grid = DemoForm.render(size: Size(width: 40, height: 12), focus: 0, theme: .standard, editing: input)
        #expect(grid.cursor == Point(x: 17, y: 1))
        GoldenSnapshot.assertMatches(grid, named: "form-40x12-editing")
    }

    @Test func listAfterScrolling() {
        let size = Size(width: 60, height: 12)
        let backend = HeadlessBackend(size: size)
        let runtime = Runtime(program: DemoList(rowCount: 1000, size: size), backend: backend)
        for _ in 0..<12 { runtime.handle(.key(.down)) }
        #expect(backend.screen.cells == DemoList(rowCount: 1000, size: size).view(runtime.model, size: size).cells)
        GoldenSnapshot.assertMatches(backend.screen, named: "list-60x12-scrolled")
    }

    @Test func helpOverlayGeneratedFromTheKeyMap() {
        var grid = DemoForm.render(size: Size(width: 60, height: 24), focus: 0, theme: .standard)
        grid.drawHelpOverlay(KeyMap.defaults.helpSections(for: [.form, .global]),
                             in: grid.bounds, theme: .standard, title: "Keys")
        GoldenSnapshot.assertMatches(grid, named: "help-overlay-60x24", includeStyles: false)
    }

    // MARK: The golden-file mechanics themselves

    func temporaryGolden() -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("termui-golden-\(UUID().uuidString)")
            .appendingPathComponent("__Snapshots__/sample.txt").path
    }

    @Test func missingGoldenIsRecordedLocallyButFailsInCI() throws {
        let path = temporaryGolden()
        #expect(GoldenSnapshot.check("a\n", goldenPath: path, environment: ["CI": "true"]) == .missingInCI(path: path))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(GoldenSnapshot.check("a\n", goldenPath: path, environment: [:]) == .recorded(path: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a\n")
        #expect(GoldenSnapshot.check("a\n", goldenPath: path, environment: ["CI": "true"]) == .matched)
    }

    @Test func mismatchGivesALineDiffAndRecordingOverwrites() throws {
        let path = temporaryGolden()
        _ = GoldenSnapshot.check("one\ntwo\nthree\n", goldenPath: path, environment: [:])
        let outcome = GoldenSnapshot.check("one\n2\nthree\n", goldenPath: path, environment: ["CI": "1"])
        #expect(outcome == .mismatched(diff: "   2 -|two|\n     +|2|"))
        #expect(GoldenSnapshot.check("one\n2\nthree\n", goldenPath: path,
                                     environment: [GoldenSnapshot.recordVariable: "1", "CI": "true"]) == .recorded(path: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "one\n2\nthree\n")
    }

    @Test func styleLayerAndLegend() {
        var grid = Grid(size: Size(width: 6, height: 2))
        grid.write("ok", at: .zero, style: Style(foreground: .red))
        grid.write("日", at: Point(x: 3, y: 1), style: Style(attributes: .bold))
        grid.cursor = Point(x: 1, y: 1)
        #expect(GridText.snapshot(grid) == """
            ok
               日
            --- styles ---
            aa....
            ...bb.
            --- legend ---
            a = fg=red
            b = bold
            --- cursor: 1,1 ---

            """)
    }
}
