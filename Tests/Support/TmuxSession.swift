import Foundation

/// A real terminal for tests: a detached tmux session of a given size running one command, with
/// keys sent and the screen read as a user would see it. Each session uses its own tmux server
/// socket, so tests run in parallel and never touch a developer's tmux.
public final class TmuxSession: @unchecked Sendable {
    public let name: String
    private let socket: String

    /// Starts `command` (argv) in a `columns`×`rows` terminal with a UTF-8 locale.
    public init(
        _ command: [String], columns: Int = 100, rows: Int = 30, environment: [String: String] = [:],
        workingDirectory: URL? = nil
    ) throws {
        name = "t\(UUID().uuidString.prefix(8))"
        socket = "termlets-\(name)"
        var arguments = ["new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)"]
        if let workingDirectory { arguments += ["-c", workingDirectory.path] }
        let env = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": "tmux-256color"].merging(environment) { $1 }
        for (key, value) in env.sorted(by: { $0.key < $1.key }) { arguments += ["-e", "\(key)=\(value)"] }
        // Keep the pane after the program exits, so its last screen and exit status can be read.
        arguments.append(command.map(Self.shellQuote).joined(separator: " ") + "; echo \"[exit $?]\"; sleep 600")
        try tmux(arguments)
    }

    /// Sends tmux key names (`Tab`, `Enter`, `C-s`, `Down`, …) or literal text with `literal`.
    public func send(_ keys: String..., literal: Bool = false) throws {
        // `--`: a text that starts with a dash (a random code "-q…") is keys, not tmux options.
        try tmux(["send-keys", "-t", name] + (literal ? ["-l"] : []) + ["--"] + keys)
    }

    /// Types text literally.
    public func type(_ text: String) throws { try tmux(["send-keys", "-t", name, "-l", "--", text]) }

    /// The visible screen as text, one line per row.
    public func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", name]) }

    /// The scrollback and the visible screen, for output that scrolled away.
    public func history() throws -> String { try tmux(["capture-pane", "-p", "-S", "-", "-t", name]) }

    /// The screen with SGR attributes, for style assertions.
    public func screenWithStyles() throws -> String { try tmux(["capture-pane", "-p", "-e", "-t", name]) }

    /// Pastes `text` as the terminal would: wrapped in bracketed-paste markers when the program
    /// asked for them (`set-buffer` + `paste-buffer -p`).
    public func paste(_ text: String) throws {
        try tmux(["set-buffer", "-b", "\(name)-paste", "--", text])
        try tmux(["paste-buffer", "-p", "-d", "-b", "\(name)-paste", "-t", name])
    }

    /// Sends raw bytes to the program (`send-keys -H`), e.g. a mouse report.
    public func sendBytes(_ bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", name, "-H"] + bytes.map { String($0, radix: 16) })
    }

    /// A tmux format expanded for the pane, e.g. `#{alternate_on}` or `#{mouse_sgr_flag}`.
    public func format(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", name, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public func resize(columns: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// How long a wait for the screen allows by default: generous, because the whole round of
    /// terminal tests shares two cores with the binaries and emulators they start (a deadline,
    /// not a sleep: a passing wait returns as soon as the screen is right).
    public static let defaultScreenTimeout: Double = 60

    /// Waits until the screen satisfies `predicate`, returning that screen.
    @discardableResult
    public func waitForScreen(
        _ what: String, timeout: Double = TmuxSession.defaultScreenTimeout, _ predicate: @escaping (String) -> Bool
    ) async throws -> String {
        do {
            return try await TermletsTestSupport.waitFor(what, timeout: timeout) {
                let text = try self.screen()
                return predicate(text) ? text : nil
            }
        } catch let error as DeadlineExceeded {
            let last = (try? screen()) ?? "<no screen>"
            throw TmuxScreenMismatch(expectation: error.description, lastScreen: last)
        }
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    public func waitFor(text: String, timeout: Double = TmuxSession.defaultScreenTimeout) async throws -> String {
        try await waitForScreen("screen to contain \(text.debugDescription)", timeout: timeout) { $0.contains(text) }
    }

    deinit { _ = try? tmux(["kill-server"]) }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["tmux", "-L", socket] + arguments, timeout: 60)
        guard result.status == 0 else {
            throw TmuxFailure(arguments: arguments, stderr: result.stderr)
        }
        return result.stdout
    }

    static func shellQuote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

public struct TmuxFailure: Error, CustomStringConvertible {
    public let arguments: [String]
    public let stderr: String
    public var description: String { "tmux \(arguments.joined(separator: " ")) failed: \(stderr)" }
}

public struct TmuxScreenMismatch: Error, CustomStringConvertible {
    public let expectation: String
    public let lastScreen: String
    public var description: String { "\(expectation)\n--- last screen ---\n\(lastScreen)" }
}
