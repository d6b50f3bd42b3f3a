import Foundation
import Testing
@testable import CursesBackend
import TermUI
import TermletsTestSupport

/// What a key press costs on the wire: curses draws into a file as its terminal
/// (`newterm` with `TERM=xterm-256color`), and the file grows by exactly the bytes written.
/// No terminal needed, so it runs in CI. Curses is process-wide state: one test at a time.
@MainActor
@Suite("bytes written per frame", .serialized)
struct BytesWrittenTests {
    static let size = Size(width: 100, height: 30)

    /// A list screen: title, 27 rows with the focused one highlighted, a status line.
    static func listFrame(focus: Int) -> Grid {
        var grid = Grid(size: size)
        let title = Style(foreground: .brightWhite, background: .blue, attributes: .bold)
        grid.write("Records — 記録", fitting: Rect(x: 0, y: 0, width: size.width, height: 1), style: title)
        for row in 0..<27 {
            let style = row == focus ? Style(foreground: .black, background: .cyan) : Style.plain
            let text = "Record \(row + 1)  Ada Lovelace  ada@example.com  2026-11-22"
            grid.write(text, fitting: Rect(x: 2, y: row + 1, width: 60, height: 1), style: style)
        }
        grid.write("row \(focus + 1) of 27", at: Point(x: 0, y: size.height - 1), style: Style(attributes: .reverse))
        return grid
    }

    /// A backend drawing into a fresh file; returns it with the file's path.
    static func fileBackend(in directory: TemporaryDirectory, environment: [String: String] = [:]) throws -> (CursesBackend, String) {
        let path = directory.path("terminal").path
        let output = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let input = open("/dev/null", O_RDONLY)
        defer { Glibc.close(output); Glibc.close(input) }
        var configuration = CursesConfiguration()
        configuration.outputDescriptor = output
        configuration.inputDescriptor = input
        configuration.terminalType = "xterm-256color"
        configuration.environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8"].merging(environment) { $1 }
        configuration.readsInput = false
        configuration.installsSignalHandlers = false
        configuration.capturesStandardError = false
        configuration.fixedSize = size
        return (try CursesBackend(configuration: configuration), path)
    }

    static func fileSize(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? -1
    }

    /// Every parameter of every SGR sequence (`ESC [ … m`) in `text`.
    static func sgrParameters(in text: String) -> [Int] {
        var result: [Int] = []
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            let body = rest.prefix { $0.isNumber || $0 == ";" }
            if rest.dropFirst(body.count).first == "m" {
                result += body.split(separator: ";").compactMap { Int($0) }
            }
        }
        return result
    }

    @Test func aOneCellChangeWritesTensOfBytesNotAScreen() throws {
        let directory = try TemporaryDirectory()
        let (backend, path) = try Self.fileBackend(in: directory)
        defer { backend.close() }
        #expect(backend.size == Self.size)
        var renderer = FrameRenderer()
        var frame = Self.listFrame(focus: 3)
        backend.present(renderer.update(to: frame))
        let firstFrame = try Self.fileSize(path)

        frame.write("X", at: Point(x: 70, y: 12))
        let update = renderer.update(to: frame)
        #expect(update.cellCount == 1)
        backend.present(update)
        let oneCell = try Self.fileSize(path) - firstFrame
        print("curses bytes: first frame \(firstFrame), one-cell change \(oneCell)")
        #expect(firstFrame > 1_500)
        #expect(oneCell > 0)
        #expect(oneCell <= 24)
    }

    @Test func aFocusMoveWritesOnlyTheTwoRowsAndTheCounter() throws {
        let directory = try TemporaryDirectory()
        let (backend, path) = try Self.fileBackend(in: directory)
        defer { backend.close() }
        var renderer = FrameRenderer()
        backend.present(renderer.update(to: Self.listFrame(focus: 3)))
        let before = try Self.fileSize(path)
        let update = renderer.update(to: Self.listFrame(focus: 4))
        var encoder = ANSIFrameEncoder(colorDepth: backend.colorDepth)
        let ansiBytes = encoder.encode(update).count
        backend.present(update)
        let moved = try Self.fileSize(path) - before
        print("curses bytes per focus move: \(moved) (ANSIFrameEncoder: \(ansiBytes), cells \(update.cellCount))")
        #expect(moved > 120)  // two 60-cell rows change colour
        #expect(moved < 220)  // and nothing else but the counter
        #expect(moved <= ansiBytes + 8)  // no worse than writing the diff by hand

        // CPU per present of a focus move (diff excluded), printed for docs/curses.md.
        let frames = [Self.listFrame(focus: 5), Self.listFrame(focus: 4)]
        let updates = (0..<100).map { renderer.update(to: frames[$0 % 2]) }
        let start = Self.threadCPUTime()
        for update in updates { backend.present(update) }
        let perPresent = (Self.threadCPUTime() - start) / Double(updates.count)
        print("curses CPU per focus-move present: \(Int(perPresent * 1_000_000)) µs")
        #expect(perPresent < 0.005)
    }

    static func threadCPUTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// A form: 20 labelled fields, the focused field's 30-cell value box highlighted.
    static func formFrame(focus: Int) -> Grid {
        var grid = Grid(size: size)
        for field in 0..<20 {
            grid.write("Field \(field + 1)", at: Point(x: 2, y: field + 2), style: Style(foreground: .brightBlack))
            let style = field == focus ? Style(foreground: .black, background: .cyan) : Style(attributes: .underline)
            grid.write("value \(field + 1)", fitting: Rect(x: 20, y: field + 2, width: 30, height: 1), style: style)
        }
        return grid
    }

    @Test func aFieldFocusMoveWritesLessThanDialog() throws {
        let directory = try TemporaryDirectory()
        let (backend, path) = try Self.fileBackend(in: directory)
        defer { backend.close() }
        var renderer = FrameRenderer()
        backend.present(renderer.update(to: Self.formFrame(focus: 5)))
        let before = try Self.fileSize(path)
        backend.present(renderer.update(to: Self.formFrame(focus: 6)))
        let moved = try Self.fileSize(path) - before
        print("curses bytes per field focus move: \(moved)")
        #expect(moved > 60)  // two 30-cell boxes change style
        #expect(moved < 97)  // dialog --form: 97 bytes per field move (SPEC §4)
    }

    @Test func anUnchangedFrameWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let (backend, path) = try Self.fileBackend(in: directory)
        defer { backend.close() }
        var renderer = FrameRenderer()
        backend.present(renderer.update(to: Self.listFrame(focus: 0)))
        let before = try Self.fileSize(path)
        backend.present(renderer.update(to: Self.listFrame(focus: 0)))
        backend.setCursor(nil)
        #expect(try Self.fileSize(path) == before)
    }

    @Test func escapeSequencesInTextNeverReachTheTerminal() throws {
        let directory = try TemporaryDirectory()
        let (backend, path) = try Self.fileBackend(in: directory)
        var renderer = FrameRenderer()
        backend.present(renderer.update(to: Grid(size: Self.size)))
        let before = try Self.fileSize(path)
        // A hostile value, even handed over as a raw change (bypassing the grid), is drawn inert.
        let hostile = Change(position: Point(x: 0, y: 5), text: "\u{1B}]0;pwned\u{07}\u{1B}[2J", cellCount: 14, style: .plain)
        backend.present(FrameUpdate(changes: [hostile], isFullRepaint: false, cursor: nil, size: Self.size))
        backend.close()
        let written = try Data(contentsOf: URL(fileURLWithPath: path)).dropFirst(before)
        #expect(!written.isEmpty)
        #expect(!written.contains(0x07))
        #expect(String(decoding: written, as: UTF8.self).contains("\u{FFFD}]0;pwned\u{FFFD}\u{FFFD}[2J"))
        #expect(!String(decoding: written, as: UTF8.self).contains("\u{1B}]0;"))
    }

    @Test func noColorDrawsWithoutColourSequences() throws {
        let directory = try TemporaryDirectory()
        let (backend, path) = try Self.fileBackend(in: directory, environment: ["NO_COLOR": "1"])
        #expect(backend.colorDepth == .monochrome)
        var renderer = FrameRenderer()
        backend.present(renderer.update(to: Self.listFrame(focus: 2)))
        backend.close()
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(text.contains("Record 3"))
        let parameters = Self.sgrParameters(in: text)
        let colours = parameters.filter { [30, 40, 90, 100].contains($0 / 10 * 10) && $0 % 10 != 9 || $0 == 38 || $0 == 48 }
        #expect(colours.isEmpty, "no colour in \(parameters)")
        #expect(parameters.contains(7), "the highlight survives as reverse video")
    }

    /// Write system calls made so far by the calling thread (`syscw` of /proc/thread-self/io).
    static func writeCalls() throws -> Int {
        let text = try String(contentsOfFile: "/proc/thread-self/io", encoding: .utf8)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("syscw:") })
        return try #require(Int(line.dropFirst("syscw:".count).trimmingCharacters(in: .whitespaces)))
    }

    /// A whole new screen of scattered runs — the cursor jumps dozens of times — reaches the
    /// terminal in one `write`, and the start does not send the screen's entry twice. (ncurses
    /// flushed after every cursor movement until the backend left its initial state: issue 17.)
    @Test func aFrameReachesTheTerminalInOneWrite() throws {
        let directory = try TemporaryDirectory()
        let (backend, path) = try Self.fileBackend(in: directory)
        defer { backend.close() }
        let start = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(start.components(separatedBy: "\u{1B}[?1049h").count <= 2, "the alternate screen entered once: \(start.debugDescription)")
        #expect(!start.contains("\u{1B}[?1049l"), "never left at the start")
        var renderer = FrameRenderer()
        backend.present(renderer.update(to: Self.listFrame(focus: 3)))
        var scattered = Self.listFrame(focus: 4)
        for row in stride(from: 1, to: 28, by: 2) {
            scattered.write("\(row)", at: Point(x: 70 + row % 7, y: row))
            scattered.write("·", at: Point(x: 90, y: row))
        }
        let update = renderer.update(to: scattered)
        let before = try Self.writeCalls()
        backend.present(update)
        let calls = try Self.writeCalls() - before
        #expect(update.changes.count >= 20)
        #expect(calls == 1, "\(update.changes.count) changed runs written with \(calls) write calls")
    }

    @Test func closingTwiceIsHarmlessAndAnotherBackendCanOpenAfter() throws {
        let directory = try TemporaryDirectory()
        let (backend, _) = try Self.fileBackend(in: directory)
        #expect(throws: CursesTerminalError.alreadyOpen) { _ = try Self.fileBackend(in: directory) }
        backend.close()
        backend.close()
        #expect(!backend.isOpen)
        let (again, _) = try Self.fileBackend(in: directory)
        again.close()
    }
}
