import Foundation
import TermUI

/// `keystroke`: the CPU time and the terminal bytes of one key press in a 10-field and a
/// 1,000-field form: Tab (focus to the next field, scrolling when it leaves the screen) and a
/// typed character (into the focused field). Each key runs update → view → frame diff → ANSI
/// encoding, the work the interactive program does per key; the bytes are what a terminal
/// receives (ANSIFrameEncoder over FrameDiff), the CPU time is the thread's own.
///
/// The form is ``BenchForm``, a stand-in of labelled TextInput rows drawn only when visible (the
/// interactive form screen is not merged into this branch yet).
struct KeystrokeScenario {
    struct Settings: Sendable {
        /// Key presses measured per kind and form.
        var keys: Int
        static let full = Settings(keys: 500)
        static let quick = Settings(keys: 100)
        var description: String { "\(keys) Tabs and \(keys) typed characters per form, 100×30, stand-in form of TextInput rows" }
    }

    struct Figures: Sendable {
        var usPerTab = 0.0
        var bytesPerTab = 0.0
        var usPerChar = 0.0
        var bytesPerChar = 0.0
        var firstFrameUs = 0.0
        var firstFrameBytes = 0
        /// Field rows on screen.
        var visibleRows = 0

        var usPerKey: Double { (usPerTab + usPerChar) / 2 }
        var bytesPerKey: Double { (bytesPerTab + bytesPerChar) / 2 }

        var json: [String: Double] {
            [
                "usPerKey": usPerKey.rounded(to: 1), "bytesPerKey": bytesPerKey.rounded(to: 1),
                "usPerTab": usPerTab.rounded(to: 1), "bytesPerTab": bytesPerTab.rounded(to: 1),
                "usPerChar": usPerChar.rounded(to: 1), "bytesPerChar": bytesPerChar.rounded(to: 1),
                "firstFrameUs": firstFrameUs.rounded(to: 0), "firstFrameBytes": Double(firstFrameBytes),
                "visibleRows": Double(visibleRows),
            ]
        }
    }

    let settings: Settings

    /// The 10- and 1,000-field forms, and a 28-field one that exactly fills the screen: the 10-field
    /// form draws 10 rows, the others 28, so the 1,000-field cost is flat when it matches the 28's.
    func run() -> (fields10: Figures, fields28: Figures, fields1000: Figures) {
        (measure(fields: 10), measure(fields: 28), measure(fields: 1_000))
    }

    /// Runs on the calling thread without suspending, so the thread's CPU clock is the key's cost.
    func measure(fields: Int) -> Figures {
        var figures = Figures()
        var terminal = BenchTerminal(size: Size(width: 100, height: 30))
        var form = BenchForm(fieldCount: fields, height: 30)
        figures.visibleRows = form.viewport.visibleRows(rowCount: fields).count

        var cpu = BenchClock.threadCPUMicroseconds()
        figures.firstFrameBytes = terminal.present(form.view(width: 100))
        figures.firstFrameUs = BenchClock.threadCPUMicroseconds() - cpu

        var bytes = 0
        cpu = BenchClock.threadCPUMicroseconds()
        for _ in 0..<settings.keys {
            form.handle(KeyEvent(.tab))
            bytes += terminal.present(form.view(width: 100))
        }
        figures.usPerTab = (BenchClock.threadCPUMicroseconds() - cpu) / Double(settings.keys)
        figures.bytesPerTab = Double(bytes) / Double(settings.keys)

        bytes = 0
        let letters = Array("the quick brown fox jumps over the lazy dog ")
        cpu = BenchClock.threadCPUMicroseconds()
        for index in 0..<settings.keys {
            form.handle(KeyEvent(.character(letters[index % letters.count])))
            bytes += terminal.present(form.view(width: 100))
        }
        figures.usPerChar = (BenchClock.threadCPUMicroseconds() - cpu) / Double(settings.keys)
        figures.bytesPerChar = Double(bytes) / Double(settings.keys)
        return figures
    }
}

/// A terminal that counts bytes: each frame is diffed against the last and ANSI-encoded.
struct BenchTerminal {
    let size: Size
    private var renderer = FrameRenderer()
    private var encoder = ANSIFrameEncoder(colorDepth: .ansi256)

    init(size: Size) { self.size = size }

    /// The bytes that bring the terminal from the last frame to `grid`.
    mutating func present(_ grid: Grid) -> Int {
        encoder.encode(renderer.update(to: grid)).count
    }
}

/// A form of `fieldCount` one-line text fields under a title, with a status line: Tab moves the
/// focus (wrapping), printable keys type into the focused field, and only the rows on screen are
/// drawn (the viewport follows the focus).
struct BenchForm {
    var inputs: [TextInput]
    var focus = 0
    var viewport: TermUI.Viewport
    let height: Int

    init(fieldCount: Int, height: Int) {
        inputs = Array(repeating: TextInput(), count: fieldCount)
        self.height = height
        viewport = TermUI.Viewport(height: height - 2)
    }

    mutating func handle(_ key: KeyEvent) {
        switch key.key {
        case .tab:
            focus = (focus + 1) % inputs.count
            viewport.scrollToShow(focus, rowCount: inputs.count, margin: 1)
        default:
            _ = inputs[focus].handle(key)
        }
        // Keep the horizontal scroll with the cursor, as a screen does after every key: the
        // visible part of a long value is then found from the last offset, not from the start.
        inputs[focus].ensureCursorVisible(width: Self.inputWidth(ofScreen: 100))
    }

    static let labelWidth = 24

    static func inputWidth(ofScreen width: Int) -> Int { width - labelWidth - 3 }

    func view(width: Int) -> Grid {
        var grid = Grid(size: Size(width: width, height: height))
        grid.write("New record — \(inputs.count) fields", fitting: Rect(x: 0, y: 0, width: width, height: 1), style: Style(attributes: .bold))
        let labelWidth = Self.labelWidth
        let inputWidth = Self.inputWidth(ofScreen: width)
        for (line, index) in viewport.visibleRows(rowCount: inputs.count).enumerated() {
            let y = line + 1
            let focused = index == focus
            grid.write("Field \(index + 1)", fitting: Rect(x: 1, y: y, width: labelWidth, height: 1), style: focused ? Style(attributes: .bold) : .plain)
            let shown = inputs[index].visibleText(width: inputWidth)
            let box = Rect(x: labelWidth + 2, y: y, width: inputWidth, height: 1)
            grid.write(shown.text, fitting: box, style: focused ? Style(attributes: .reverse) : Style(attributes: .underline))
            if focused { grid.cursor = Point(x: box.origin.x + shown.cursorColumn, y: y) }
        }
        grid.write("field \(focus + 1) of \(inputs.count)", fitting: Rect(x: 0, y: height - 1, width: width, height: 1))
        return grid
    }
}
