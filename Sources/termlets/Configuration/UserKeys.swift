import Foundation
import Screens
import TermUI

/// The user's key overrides, `<config-dir>/keys`, one a line (`submit = ctrl-s, f10`,
/// `list.refresh = f5`, `save-draft = none`; docs/tui.md), applied to every screen's keys.
/// A line with a problem changes nothing and is reported; the defaults are never lost.
struct UserKeys: Sendable {
    /// Every screen's keys with the overrides applied.
    let keyMap: KeyMap
    /// What was wrong with the file, for the screen's message area (nil when nothing was).
    let notice: String?
    /// Every problem of the file, one a line, printed whole on standard error when the screen
    /// closes (the message area may be too narrow to show them all); nil when there was none.
    var report: String? = nil

    static let fileName = "keys"
    /// The largest file read (a key file is a few lines).
    static let maximumBytes = 64 * 1024

    /// Reads the file in `directory`; a missing file is no overrides.
    static func load(from directory: URL) -> UserKeys {
        let file = directory.appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return UserKeys(keyMap: .allScreens, notice: nil)
        }
        guard data.count <= maximumBytes, let text = String(data: data, encoding: .utf8) else {
            return UserKeys(keyMap: .allScreens, notice: "\(file.path): not a key file (UTF-8 text under 64 KB) — default keys")
        }
        let (keyMap, diagnostics) = KeyMap.allScreens.applying(configuration: text)
        guard !diagnostics.isEmpty else { return UserKeys(keyMap: keyMap, notice: nil) }
        // Every problem, whole, problems first: a long path would push them out of a narrow
        // message area. The other lines apply.
        let problems = diagnostics.map(\.description).joined(separator: "; ")
        let lines = diagnostics.count == 1 ? "that line is" : "those lines are"
        let report = diagnostics.map { "termlets: \(file.path): \($0) — ignored\n" }.joined()
        return UserKeys(keyMap: keyMap, notice: "keys \(problems) — \(lines) ignored (\(file.path))", report: report)
    }
}
