import Foundation
import Testing
import TermUI
import TermletsTestSupport

/// `termlets terminal-check` in a real terminal (tmux): what the user types, pastes, clicks and
/// resizes arrives as the right events, and Unicode and colours land where they should.
@Suite("terminal-check in tmux")
struct TerminalCheckTests {
    /// `swift test` runs tests with `NO_COLOR=1`, and tmux passes its environment on: clear it
    /// (empty means unset, per no-color.org) unless a test sets it.
    static func start(columns: Int = 100, rows: Int = 30, environment: [String: String] = [:]) async throws -> TmuxSession {
        let session = try TmuxSession([TermletsBinary.url.path, "terminal-check"], columns: columns, rows: rows,
                                      environment: ["NO_COLOR": ""].merging(environment) { $1 })
        // The first frame is complete once its last row (drawn last) is there.
        try await session.waitForScreen("the first frame") { $0.contains("events 0") && $0.contains("END") }
        return session
    }

    /// The line of the screen starting with `prefix` (after the left margin).
    static func line(_ prefix: String, in screen: String) -> String? {
        screen.split(separator: "\n", omittingEmptySubsequences: false).first { $0.hasPrefix(" " + prefix) }.map(String.init)
    }

    @Test func anUnknownTerminalTypeFailsCleanly() async throws {
        // tmux sets TERM for the pane itself, so override it in the command.
        let terminal = try TmuxSession(["env", "TERM=no-such-terminal", TermletsBinary.url.path, "terminal-check"])
        let screen = try await terminal.waitFor(text: "[exit ")
        #expect(screen.contains("error: input: cannot open the terminal: unknown terminal type \"no-such-terminal\""))
        #expect(screen.contains("[exit 1]"))
        #expect(try terminal.format("#{alternate_on}#{mouse_standard_flag}") == "00")
    }

    @Test func keysArriveAsKeyEvents() async throws {
        let terminal = try await Self.start()
        let keys: [(String, String)] = [
            ("a", "key a"), ("Up", "key up"), ("BTab", "key shift+tab"), ("C-s", "key ctrl+s"),
            ("M-x", "key alt+x"), ("F5", "key f5"), ("Enter", "key enter"), ("Escape", "key esc"),
        ]
        for (index, (key, shown)) in keys.enumerated() {
            try terminal.send(key)
            try await terminal.waitForScreen("\(key) shown as \(shown)") {
                $0.contains("last: \(shown)\n") && $0.contains("events \(index + 1)\n")
            }
        }
    }

    @Test func aPasteArrivesAsOneEvent() async throws {
        let terminal = try await Self.start()
        try terminal.paste("hello\nworld\tq")
        let screen = try await terminal.waitFor(text: "last: paste")
        #expect(screen.contains("last: paste 13 chars, 2 lines: hello⏎world→q"))
        #expect(screen.contains("events 1\n"), "one event, not 13 keys (and the q did not quit)")
    }

    @Test func mouseClicksAndTheWheelArrive() async throws {
        let terminal = try await Self.start()
        try terminal.sendBytes(Array("\u{1B}[<0;10;5M".utf8))
        try await terminal.waitFor(text: "last: mouse press left at 9,4")
        try terminal.sendBytes(Array("\u{1B}[<65;3;7M".utf8))
        try await terminal.waitFor(text: "last: mouse wheel down at 2,6")
        #expect(try terminal.format("#{mouse_standard_flag}#{mouse_sgr_flag}") == "11")
    }

    @Test func aResizeIsReportedAndTheScreenLaidOutAgain() async throws {
        let terminal = try await Self.start()
        try terminal.resize(columns: 72, rows: 20)
        // tmux may show a frame half drawn: wait for its last row too.
        let screen = try await terminal.waitForScreen("the new size on screen") {
            $0.contains("size 72x20  resizes 1") && $0.contains("last: resize 72x20") && $0.contains("END")
        }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The status line moved to the new last row and reaches the new right edge.
        #expect(lines.count >= 20)
        #expect(lines[19].hasPrefix(" q quit"))
        #expect(lines[19].hasSuffix("END"))
        #expect(lines[19].displayWidth == 72)
        // The pid is right-aligned to the new width, before a one-column margin (trimmed by tmux).
        #expect(lines[0].displayWidth == 71)
    }

    @Test func wideAndCombiningCharactersTakeTheirColumns() async throws {
        let terminal = try await Self.start()
        let screen = try terminal.screen()
        let wide = try #require(Self.line("wide:", in: screen))
        #expect(wide.contains("日本語"))
        // The marker after them sits at column 24: the three ideographs took two columns each.
        #expect(wide.prefix { $0 != "|" }.displayWidth == 24)
        let combining = try #require(Self.line("combining:", in: screen))
        #expect(combining.contains("e\u{301}"))
        #expect(combining.prefix { $0 != "|" }.displayWidth == 24)
        let emoji = try #require(Self.line("emoji:", in: screen))
        #expect(emoji.prefix { $0 != "|" }.displayWidth == 24)
    }

    @Test func coloursAreDrawn() async throws {
        let terminal = try await Self.start()
        let styled = try terminal.screenWithStyles()
        #expect(styled.contains("41m red "))
        #expect(styled.contains("48;5;208m 208 "))
        #expect(styled.contains("44m"), "the blue title bar")
    }

    @Test func noColorTurnsColoursOff() async throws {
        let terminal = try await Self.start(environment: ["NO_COLOR": "1"])
        let styled = try terminal.screenWithStyles()
        #expect(styled.contains(" red "))
        for code in ["41m", "42m", "44m", "48;5;", "38;5;", "[90m", "[97m"] {
            #expect(!styled.contains(code), "\(code) in \(styled.debugDescription)")
        }
        #expect(styled.contains("[7m"), "backgrounds become reverse video")
    }
}
