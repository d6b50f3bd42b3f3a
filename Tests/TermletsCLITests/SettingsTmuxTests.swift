import DDM
import Foundation
import Testing
import TermletsTestSupport

/// The settings screen on a real terminal with the real binary: opened from the browser, edited
/// with the form screen's pickers, saved into `config.json`, applied at once and on the next run.
@Suite("Settings in tmux")
struct SettingsTmuxTests {
    static func cursorLine(_ screen: String) -> String? { ListScreenTests.cursorLine(screen) }

    /// The focused row of the form (the `›` marker), if any.
    static func focusedRow(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.hasPrefix("› ") }.map(String.init)
    }

    /// The compact theme's amber focus bar (256-colour 214), as tmux reports the pane's styles.
    static let amberBar = "48;5;214m"

    @Test func theSettingsAreSavedAppliedAtOnceAndOnTheNextRun() async throws {
        let home = try CLIHome()
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path] + home.options, columns: 100, rows: 30, environment: ListScreenTests.environment)
        let sites = try await terminal.screen("the site list with the settings", timeout: 120) {
            Self.cursorLine($0)?.contains("Termlets Demo") == true && $0.contains("Settings")
        }
        #expect(sites.contains(", settings"))
        #expect(try await offPool { try terminal.screenWithStyles() }.contains(Self.amberBar) == false)

        try await terminal.press(",")
        try await terminal.screen("the settings form") { $0.contains("Language") && $0.contains("[ Save ]") }
        // Theme: automatic → compact (the themes are listed by name after "automatic").
        try await terminal.press("Tab", "Enter")
        try await terminal.screen("the theme picker") { $0.contains("( ) compact") }
        try await terminal.press("Down", "Enter")
        try await terminal.screen("compact chosen") { Self.focusedRow($0)?.contains("compact —") == true }
        // Offline policy: remote-first → cache-first.
        try await terminal.press("Tab", "Enter")
        try await terminal.screen("the policy picker") { $0.contains("( ) cache-first") }
        try await terminal.press("Down", "Enter")
        try await terminal.screen("cache-first chosen") { Self.focusedRow($0)?.contains("cache-first —") == true }
        try await terminal.press("C-s")
        try await terminal.screen(containing: "Saved theme compact, offline policy cache-first to")

        let file = home.directory.path("config").appendingPathComponent("config.json")
        let json = try JSONValue.parse(bytes: try Data(contentsOf: file))
        #expect(json["theme"]?.stringValue == "compact")
        #expect(json["offlinePolicy"]?.stringValue == "cache-first")
        #expect(json["locale"]?.stringValue == "en_US")
        #expect(json["server"] == nil, "the embedded emulator is never stored as a server")
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        // Back in the browser: the menus are drawn with the new theme at once.
        try await terminal.press("Escape")
        try await terminal.screen("back on the site list") { $0.hasPrefix(" Sites") && Self.cursorLine($0) != nil }
        try await offPool {
            let deadline = Date().addingTimeInterval(TmuxSession.defaultScreenTimeout)
            while try !terminal.screenWithStyles().contains(Self.amberBar) {
                guard Date() < deadline else { throw ScreenNotShown(expectation: "the amber focus bar", lastScreen: try terminal.screenWithStyles()) }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
        try await terminal.press("q")
        #expect(try await terminal.screen(containing: "[exit ").contains("[exit 0]"))

        // The next run starts with the stored theme, and the settings show what was saved.
        let again = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path] + home.options, columns: 100, rows: 30, environment: ListScreenTests.environment)
        try await again.screen("the site list again", timeout: 120) { Self.cursorLine($0)?.contains("Termlets Demo") == true }
        #expect(try await offPool { try again.screenWithStyles() }.contains(Self.amberBar))
        try await again.press(",")
        let form = try await again.screen("the settings form again") { $0.contains("[ Save ]") }
        #expect(form.contains("compact —"))
        #expect(form.contains("cache-first —"))
        try await again.press("Escape")
        try await again.screen("back on the site list") { $0.hasPrefix(" Sites") }
        try await again.press("q")
        #expect(try await again.screen(containing: "[exit ").contains("[exit 0]"))
    }

    /// The user's key file (`<config-dir>/keys`) reaches the browser and the form screen's own
    /// contexts; a broken line is reported and changes nothing else.
    @Test func theUsersKeyFileRebindsTheBrowserAndTheFormsPickers() async throws {
        let home = try CLIHome()
        let folder = home.directory.path("config")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("""
            # my keys
            open-settings = f2
            popup.cursor-down = down, tab, j
            this is not a binding
            preset = vim
            nope = x
            """.utf8).write(to: folder.appendingPathComponent("keys"))
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path] + home.options, columns: 120, rows: 30, environment: ListScreenTests.environment)
        let sites = try await terminal.screen("the site list", timeout: 120) { Self.cursorLine($0)?.contains("Termlets Demo") == true }
        #expect(sites.contains("keys line 4: expected"), "the broken line is reported")
        #expect(sites.contains("f2 settings"))
        // `preset = vim`: j moves down in the browser, k back up.
        try await terminal.press("j")
        try await terminal.screen("j moved the cursor down") { Self.cursorLine($0)?.contains("Termlets Demo") == false }
        try await terminal.press("k")
        try await terminal.screen("k moved it back") { Self.cursorLine($0)?.contains("Termlets Demo") == true }
        try await terminal.press(",")
        try await terminal.press("F2")
        try await terminal.screen("the settings opened with F2") { $0.contains("[ Save ]") }
        try await terminal.press("Enter")
        try await terminal.screen("the language picker") { $0.contains("(•) English (United States)") }
        try await terminal.press("j", "Enter")
        try await terminal.screen("Español chosen with j") { Self.focusedRow($0)?.contains("Español (España)") == true }
        try await terminal.press("Escape")
        try await terminal.screen("the unsaved-changes prompt") { $0.contains("Discard your changes") }
        try await terminal.press("d")
        try await terminal.screen("back on the site list") { $0.hasPrefix(" Sites") }
        try await terminal.press("q")
        let end = try await terminal.screen(containing: "[exit ")
        #expect(end.contains("[exit 0]"))
        // Every problem, whole, once the screen is closed (joined without spaces: the pane wraps long
        // lines, and a space where it wraps is lost, depending on how long the folder's path is).
        let printed = end.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "")
        func said(_ text: String) -> Bool { printed.contains(text.replacingOccurrences(of: " ", with: "")) }
        #expect(said("line 4: expected \"command = key, key\", found \"this is not a binding\" — ignored"), "\(end)")
        #expect(said("line 6: unknown command \"nope\" — ignored"), "\(end)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("config.json").path), "nothing was saved")
    }
}
