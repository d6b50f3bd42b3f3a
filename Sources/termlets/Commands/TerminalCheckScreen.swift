import Foundation
import TermUI

/// The screen of `termlets terminal-check`: the terminal's size, the last input event (made inert),
/// wide and combining characters at known columns, colour swatches. `q` quits with status 0,
/// Ctrl-C with 130. A test hook can make it crash once the first frame is on the screen.
struct TerminalCheckScreen: Program {
    /// How `--crash-after-start` crashes.
    enum Crash: String, Sendable, CaseIterable {
        /// A write through an invalid pointer: SIGSEGV.
        case segv
        /// A Swift runtime trap (`fatalError`): SIGILL on x86-64, SIGTRAP on arm64.
        case trap
        /// `abort()`: SIGABRT.
        case abort
    }

    struct Model: Equatable, Sendable {
        var events = 0
        var resizes = 0
        var lastEvent = "none"
        var exitStatus: Int32 = 0
    }

    enum Message: Sendable {
        case input(InputEvent)
        case quit(Int32)
        case crash
    }

    let pid: Int32
    let crash: Crash?
    /// Written to standard error once the screen is up (the stderr capture test).
    var standardErrorLine: String? = nil

    /// The column the markers after the wide, combining and emoji samples are drawn at.
    static let markerColumn = 24

    func initialize() -> (Model, [Effect<Message>]) {
        var effects: [Effect<Message>] = []
        if let line = standardErrorLine {
            effects.append(.task {
                FileHandle.standardError.write(Data((line + "\n").utf8))
                return nil
            })
        }
        if crash != nil { effects.append(.message(.crash)) }
        return (Model(), effects)
    }

    func update(_ model: inout Model, _ message: Message) -> [Effect<Message>] {
        switch message {
        case .input(let event):
            model.events += 1
            if case .resize = event { model.resizes += 1 }
            model.lastEvent = Self.describe(event)
        case .quit(let status):
            model.exitStatus = status
            return [.quit]
        case .crash:
            Self.crash(crash ?? .segv)
        }
        return []
    }

    func message(for event: InputEvent, model: Model) -> Message? {
        if case .key(let key) = event {
            if key == .character("q") { return .quit(0) }
            if key == .ctrl("c") { return .quit(130) }
        }
        return .input(event)
    }

    func view(_ model: Model, size: Size) -> Grid {
        var grid = Grid(size: size)
        let title = Style(foreground: .brightWhite, background: .blue, attributes: .bold)
        grid.fill(Rect(origin: .zero, size: Size(width: size.width, height: 1)), style: title)
        grid.write(" termlets terminal-check", at: .zero, style: title)
        let pidText = "pid \(pid) "
        grid.write(pidText, at: Point(x: size.width - pidText.count, y: 0), style: title)
        grid.write("size \(size.width)x\(size.height)  resizes \(model.resizes)  events \(model.events)", at: Point(x: 1, y: 2))
        grid.write("last: \(model.lastEvent)", at: Point(x: 1, y: 3))

        let samples = [("wide:", "日本語"), ("combining:", "e\u{301} (e+U+0301)"), ("emoji:", "👍🏽 👍")]
        for (index, sample) in samples.enumerated() {
            let y = 5 + index
            grid.write(sample.0, at: Point(x: 1, y: y), style: Style(foreground: .brightBlack))
            grid.write(sample.1, at: Point(x: 12, y: y))
            grid.write("|", at: Point(x: Self.markerColumn, y: y))
        }

        var x = grid.write("colours:", at: Point(x: 1, y: 9), style: Style(foreground: .brightBlack)) + 1
        let swatches: [(String, Color)] = [
            ("red", .red), ("green", .green), ("blue", .blue), ("yellow", .yellow),
            ("208", .indexed(208)), ("#3399ff", .rgb(0x33, 0x99, 0xFF)),
        ]
        for (name, color) in swatches {
            x = grid.write(" \(name) ", at: Point(x: x, y: 9), style: Style(foreground: .black, background: color)) + 1
        }
        x = grid.write("styles:", at: Point(x: 1, y: 10), style: Style(foreground: .brightBlack)) + 1
        let attributes: [(String, TextAttributes)] = [
            ("bold", .bold), ("dim", .dim), ("italic", .italic), ("underline", .underline), ("reverse", .reverse),
        ]
        for (name, attribute) in attributes {
            x = grid.write(name, at: Point(x: x, y: 10), style: Style(attributes: attribute)) + 1
        }
        grid.write("Type keys, paste, click or scroll; resize the terminal.", at: Point(x: 1, y: 12))

        let bottom = Rect(x: 0, y: size.height - 1, width: size.width, height: 1)
        grid.write(" q quit  ctrl+c interrupt", fitting: bottom, style: Style(attributes: .reverse))
        grid.write("END", at: Point(x: size.width - 3, y: bottom.y), style: Style(attributes: .reverse))
        return grid
    }

    /// One line for an event; pasted text shows line breaks and tabs as symbols (the grid turns
    /// any other control character into U+FFFD).
    static func describe(_ event: InputEvent) -> String {
        switch event {
        case .key(let key): return "key \(key)"
        case .paste(let text):
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
            let shown = text.replacingOccurrences(of: "\n", with: "⏎").replacingOccurrences(of: "\t", with: "→")
            return "paste \(text.count) chars, \(lines) lines: \(shown)"
        case .mouse(let mouse): return "mouse \(describe(mouse.action)) at \(mouse.position.x),\(mouse.position.y)"
        case .resize(let size): return "resize \(size.width)x\(size.height)"
        }
    }

    static func describe(_ action: MouseEvent.Action) -> String {
        switch action {
        case .press(let button): return "press \(button)"
        case .release(let button): return "release \(button)"
        case .drag(let button): return "drag \(button)"
        case .move: return "move"
        case .wheelUp: return "wheel up"
        case .wheelDown: return "wheel down"
        case .wheelLeft: return "wheel left"
        case .wheelRight: return "wheel right"
        }
    }

    /// Crashes for real (the restore-on-crash test).
    static func crash(_ kind: Crash) -> Never {
        switch kind {
        case .segv:
            // An address computed at run time, so the store cannot be optimised away.
            let address = Int(getpid() & 0) + 8
            UnsafeMutablePointer<Int>(bitPattern: address)!.pointee = 1
            fatalError("unreachable: the store above faults")
        case .trap: fatalError("terminal-check: --crash-after-start trap")
        case .abort: Glibc.abort()
        }
    }
}
