import DDM
import Foundation
import TermletsTestSupport

/// The interactive `termlets form` screen in a real terminal (tmux), on the embedded emulator of a
/// test's own home (config and cache folders), with colours on.
struct FormScreenSession {
    let home: CLIHome
    let terminal: TmuxSession

    static func start(_ arguments: [String] = [], home: CLIHome? = nil, columns: Int = 100, rows: Int = 40,
                      environment: [String: String] = [:]) async throws -> FormScreenSession {
        let home = try home ?? CLIHome()
        let terminal = try TmuxSession([TermletsBinary.url.path, "form"] + arguments + home.options, columns: columns, rows: rows,
                                       environment: ["NO_COLOR": ""].merging(environment) { $1 })
        let session = FormScreenSession(home: home, terminal: terminal)
        try await terminal.waitForScreen("the form", timeout: 120) { $0.contains("? help") && $0.contains("Agreed") }
        return session
    }

    /// Sends tmux key names one by one.
    func keys(_ names: String...) throws {
        for name in names { try terminal.send(name) }
    }

    func type(_ text: String) throws { try terminal.type(text) }

    /// Opens the focused field's editor, replaces its text with `text`, and confirms it.
    func replaceText(_ text: String) throws {
        try keys("Enter", "C-u")
        try type(text)
        try keys("Enter")
    }

    /// Waits until the screen shows `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = TmuxSession.defaultScreenTimeout) async throws -> String {
        try await terminal.waitFor(text: text, timeout: timeout)
    }

    /// Waits until the focused row (the one with the `›` marker) starts with `label`.
    func waitForFocus(_ label: String) async throws {
        try await terminal.waitForScreen("focus on \(label)") { screen in
            screen.split(separator: "\n").contains { $0.hasPrefix("› ") && $0.dropFirst(2).trimmingCharacters(in: .whitespaces).hasPrefix(label) }
        }
    }

    /// Presses Tab (one at a time, waiting for the focus to move) until the focus is on `label`.
    func focus(_ label: String) async throws {
        // Nothing is pressed before the form shows its rows (a form still loading has no focus to move).
        try await terminal.waitForScreen("the form's rows") { Self.focusedLabel($0) != nil }
        for _ in 0..<60 {
            let screen = try terminal.screen()
            if Self.focusedLabel(screen)?.hasPrefix(label) == true { return }
            let position = Self.position(screen)
            // Tab stops at the last row: from there the search starts again at the first (Home).
            let last = position.map { $0.split(separator: "/").count == 2 && $0.split(separator: "/")[0] == $0.split(separator: "/")[1] } ?? false
            try keys(last ? "Home" : "Tab")
            try await terminal.waitForScreen("the focus to leave row \(position ?? "?")") { Self.position($0) != position }
        }
        try await waitForFocus(label)
    }

    /// The focused row's label (after the `›` marker).
    static func focusedLabel(_ screen: String) -> String? {
        screen.split(separator: "\n").first { $0.hasPrefix("› ") }.map { $0.dropFirst(2).trimmingCharacters(in: .whitespaces) }
    }

    /// The `N/M` position at the end of the title row.
    static func position(_ screen: String) -> String? {
        screen.split(separator: "\n").first.flatMap { $0.split(separator: " ").last.map(String.init) }
    }
}

/// Display columns of text as a terminal shows it: East Asian wide characters take two.
func terminalColumns<S: StringProtocol>(_ text: S) -> Int {
    text.unicodeScalars.reduce(0) { total, scalar in
        let value = scalar.value
        let wide = (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFF00...0xFF60).contains(value) || (0xFFE0...0xFFE6).contains(value)
        return total + (wide ? 2 : 1)
    }
}
