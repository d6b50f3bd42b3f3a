import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets
import Screens
import TermUI

/// Key presses through the interactive form screen (`FormScreen`, run by TermUI's `Runtime` on
/// a terminal that counts bytes): the work a key costs in the program, end to end — the form's
/// update, its view of the visible rows, the frame diff and the ANSI bytes.
///
/// The form is a structure of N text fields handed to the screen directly (no portal: the
/// session is never contacted), as the form screen's own key-cost test does.
@MainActor
enum FormScreenKeystrokes {
    static let size = Size(width: 100, height: 30)

    static func measure(fields count: Int, keys: Int, cacheFolder: URL) throws -> KeystrokeScenario.Figures {
        let server = "http://127.0.0.1:9"
        let session = try PortalSession(
            context: ServerContext(serverURL: URL(string: server)!, groupId: 1), credentials: Credentials(username: "bench", password: "bench"))
        let cache = try CacheDatabase(cacheDirectory: cacheFolder, server: server, userId: "bench-\(count)")
        let screenlet = FormScreenlet(portal: FormPortal(session: session), cache: cache, attributes: FormScreenletAttributes(), locale: .enUS)
        let configuration = FormScreenConfiguration(
            connection: ConnectionStatus(server: "bench", user: "bench"), initialSize: size,
            today: CalendarDate(year: 2024, month: 1, day: 1)!)
        let screen = FormScreen(screenlet: screenlet, configuration: configuration, locale: .enUS)
        let terminal = ByteCountingBackend(size: size)
        let runtime = Runtime(program: screen, backend: terminal)
        defer {
            runtime.finish()
            try? cache.close()
            let shutdown = session
            Task { try? await shutdown.shutdown() }
        }

        var figures = KeystrokeScenario.Figures()
        var cpu = BenchClock.threadCPUMicroseconds()
        let loaded = FormEngine(model: DDLFormModel(structure: try structure(fields: count), locale: .enUS), locale: .enUS)
        runtime.send(.loaded(loaded.state))
        figures.firstFrameUs = BenchClock.threadCPUMicroseconds() - cpu
        figures.firstFrameBytes = terminal.takeBytes()

        // Tabs from the top; at the last field (where Tab stops) back to the top with Home, which
        // is not counted, so every counted Tab moves the focus.
        var tabCPU = 0.0
        var tabBytes = 0
        for _ in 0..<keys {
            if runtime.model.focus >= count - 1 {
                runtime.handle(.key(KeyEvent(.home)))
                _ = terminal.takeBytes()
            }
            cpu = BenchClock.threadCPUMicroseconds()
            runtime.handle(.key(KeyEvent(.tab)))
            tabCPU += BenchClock.threadCPUMicroseconds() - cpu
            tabBytes += terminal.takeBytes()
        }
        figures.usPerTab = tabCPU / Double(keys)
        figures.bytesPerTab = Double(tabBytes) / Double(keys)

        // Typing: from the first field, open the focused field's editor, type up to 40 characters,
        // confirm, next field (the opening, confirming and moving are not counted). With fewer
        // fields than bursts, the first field again.
        runtime.handle(.key(KeyEvent(.home)))
        _ = terminal.takeBytes()
        let letters = Array("the quick brown fox jumps over the lazy dog ")
        var typedCPU = 0.0
        var typedBytes = 0
        var typed = 0
        while typed < keys {
            runtime.handle(.key(KeyEvent(.enter)))
            _ = terminal.takeBytes()
            let burst = min(40, keys - typed)
            cpu = BenchClock.threadCPUMicroseconds()
            for index in 0..<burst { runtime.handle(.key(KeyEvent(.character(letters[(typed + index) % letters.count])))) }
            typedCPU += BenchClock.threadCPUMicroseconds() - cpu
            typedBytes += terminal.takeBytes()
            typed += burst
            runtime.handle(.key(KeyEvent(.enter)))
            runtime.handle(.key(KeyEvent(.tab)))
            if runtime.model.focus >= count { runtime.handle(.key(KeyEvent(.home))) }
            _ = terminal.takeBytes()
        }
        figures.usPerChar = typedCPU / Double(keys)
        figures.bytesPerChar = Double(typedBytes) / Double(keys)
        return figures
    }

    /// A 7.x structure of `count` text fields.
    static func structure(fields count: Int) throws -> DDMStructure {
        let fields = (1...count).map {
            #"{"name":"F\#($0)","dataType":"string","type":"text","label":{"en_US":"Field \#($0)"}}"#
        }
        return try DDMStructure.parse(
            #"{"availableLanguageIds":["en_US"],"defaultLanguageId":"en_US","fields":[\#(fields.joined(separator: ","))]}"#)
    }
}

/// A terminal that keeps nothing but the number of bytes it would have received: each update
/// is ANSI-encoded (cursor moves, SGR changes, text) and counted.
@MainActor
final class ByteCountingBackend: TerminalBackend {
    let size: Size
    let inputEvents: AsyncStream<InputEvent>
    private var encoder = ANSIFrameEncoder(colorDepth: .ansi256)
    private var bytes = 0
    private var cursor: Point?

    init(size: Size) {
        self.size = size
        inputEvents = AsyncStream { _ in }
    }

    func present(_ update: FrameUpdate) {
        bytes += encoder.encode(update).count
    }

    func setCursor(_ position: Point?) {
        guard position != cursor else { return }
        cursor = position
        bytes += position.map { "\u{1B}[\($0.y + 1);\($0.x + 1)H\u{1B}[?25h".utf8.count } ?? "\u{1B}[?25l".utf8.count
    }

    /// The bytes counted since the last call.
    func takeBytes() -> Int {
        defer { bytes = 0 }
        return bytes
    }
}
