import CNcurses
import Foundation
import Glibc
import TermUI

/// The `TerminalBackend` on a real terminal. ncurses sets the terminal up (modes, the alternate
/// screen, colours) and puts it back; each `FrameUpdate` is written by a ``FrameWriter`` with the
/// terminal's terminfo strings, in one `write`. The terminal is restored on `close()` — and on
/// signals, crashes and `exit()` through `TerminalRestore`.
///
/// Input is read on the main thread when `MainThreadLoop` serves it (the `termlets` program): the
/// loop polls the terminal, and each event goes straight to the runtime (`deliverInput(to:)`) or
/// into `inputEvents`, from the first use of either. Otherwise (tests) a background thread
/// (`InputReader`) reads it into `inputEvents` from the start.
///
/// Everything curses is confined to the main actor; only one backend can be open at a time
/// (curses keeps process-wide state). Call `close()` when done (`CursesTerminal.run` does).
@MainActor
public final class CursesBackend: TerminalBackend {
    /// The terminal's size in cells; updated before a `.resize` event is delivered.
    public private(set) var size: Size
    /// Keys, pastes, mouse events and resizes. Ends when the terminal goes away or on `close()`.
    public var inputEvents: AsyncStream<InputEvent> {
        mainThreadInput?.start()
        return events
    }
    /// The depth colours are drawn in (environment, `NO_COLOR`, terminfo and the configured cap).
    public let colorDepth: ColorDepth
    /// False once `close()` ran.
    public private(set) var isOpen = true

    private static var anyOpen = false

    private let configuration: CursesConfiguration
    private let screen: OpaquePointer
    private let outputFile: UnsafeMutablePointer<FILE>
    private let inputFile: UnsafeMutablePointer<FILE>
    private let resizePipe: (read: Int32, write: Int32)
    private let events: AsyncStream<InputEvent>
    private let continuation: AsyncStream<InputEvent>.Continuation
    private var reader: InputReader?
    private var mainThreadInput: MainThreadInput?
    private var directHandler: (@MainActor (InputEvent) -> Void)?
    private var writer: FrameWriter

    /// Opens the terminal described by `configuration`: curses on its output, raw input (Ctrl-C,
    /// Ctrl-S and Ctrl-Z arrive as keys), colours, mouse and bracketed paste reporting.
    public init(configuration: CursesConfiguration = CursesConfiguration()) throws {
        guard !Self.anyOpen else { throw CursesTerminalError.alreadyOpen }
        let terminalType = configuration.terminalType ?? configuration.environment["TERM"] ?? ""
        guard !terminalType.isEmpty else { throw CursesTerminalError.unknownTerminal("") }
        self.configuration = configuration
        _ = cn_setlocale_from_environment()

        // Everything that can fail before curses changes the terminal.
        let resizePipe = try Pipe.make()
        let (events, continuation) = AsyncStream.makeStream(of: InputEvent.self, bufferingPolicy: .unbounded)
        let readsOnMainThread = configuration.readsInput && MainThreadLoop.isServing
        let reader = configuration.readsInput && !readsOnMainThread
            ? try? InputReader(input: configuration.inputDescriptor, resizePipe: resizePipe.read,
                               escapeDelay: configuration.escapeDelay, sink: continuation)
            : nil
        let output = fdopen(dup(configuration.outputDescriptor), "w")
        let input = fdopen(dup(configuration.inputDescriptor), "r")
        guard let output, let input, reader != nil || !configuration.readsInput || readsOnMainThread else {
            let code = errno
            if let output { fclose(output) }
            if let input { fclose(input) }
            reader?.stop(started: false)
            Glibc.close(resizePipe.read)
            Glibc.close(resizePipe.write)
            throw CursesTerminalError.systemCall(reader == nil && configuration.readsInput ? "pipe" : "fdopen", code)
        }
        TerminalRestore.prepare(terminal: configuration.outputDescriptor, modeReset: TerminalStrings.reporting(configuration, on: false))
        if configuration.installsSignalHandlers {
            // Before newterm, so ncurses leaves SIGINT, SIGTERM, SIGWINCH and SIGTSTP to us.
            TerminalRestore.installHandlers(resizePipe: configuration.readsInput ? resizePipe.write : nil)
            JobControl.install()
        }
        guard let screen = newterm(terminalType, output, input) else {
            TerminalRestore.removeHandlers()
            JobControl.remove()
            fclose(output)
            fclose(input)
            reader?.stop(started: false)
            Glibc.close(resizePipe.read)
            Glibc.close(resizePipe.write)
            throw CursesTerminalError.unknownTerminal(terminalType)
        }
        _ = set_term(screen)
        self.screen = screen
        self.outputFile = output
        self.inputFile = input
        self.resizePipe = resizePipe

        let window = cn_stdscr()!
        _ = raw()  // no ISIG, no IXON: Ctrl-C and Ctrl-S are keys
        _ = noecho()
        _ = nonl()
        _ = intrflush(window, false)
        _ = leaveok(window, true)
        _ = set_escdelay(Int32(configuration.escapeDelay))
        // Input is read by `TerminalInput`, never by curses: no typeahead check in `doupdate`. With
        // one, every frame polled the terminal's input twice (strace of a typed character: read,
        // poll, poll, write; now read, write) and flushed early when a key was waiting.
        _ = typeahead(-1)
        FrameBuffering.enable(outputDescriptor: fileno(output))
        var hasDefaultColors = false
        let hasColors = has_colors()
        if hasColors {
            _ = start_color()
            hasDefaultColors = use_default_colors() == OK
        }
        let colorCount = Int(cn_colors())
        let maximum = CursesPalette.maximumDepth(colorCount: colorCount, hasColors: hasColors)
        colorDepth = min(ColorDepth.detect(environment: configuration.environment, maximum: maximum),
                         configuration.maximumColorDepth)
        let palette = CursesPalette(depth: colorDepth, colorCount: colorCount, hasDefaultColors: hasDefaultColors)
        let capabilities = OutputCapabilities.current()
        writer = FrameWriter(capabilities: capabilities, palette: palette)

        if let fixed = configuration.fixedSize {
            _ = resizeterm(Int32(fixed.height), Int32(fixed.width))
        }
        size = Size(width: Int(cn_cols()), height: Int(cn_lines()))
        _ = curs_set(0)

        TerminalRestore.setScreenReset(TerminalStrings.terminfo(["sgr0", "cnorm", "rmcup"]))
        // Frames leave their attributes on (curses, which resets them at the end of each update,
        // does not know them): every restore turns them off first.
        TerminalRestore.setAttributeReset(capabilities.resetAttributes)
        JobControl.setCursorHidden(true)
        JobControl.prepare(resume: TerminalStrings.terminfo(["smcup"]) + TerminalStrings.reporting(configuration, on: true),
                           hideCursor: TerminalStrings.terminfo(["civis"]))
        TerminalRestore.activate()
        if configuration.capturesStandardError { StandardErrorCapture.capture() }
        Self.anyOpen = true
        (self.events, self.continuation) = (events, continuation)
        writeToTerminal(TerminalStrings.reporting(configuration, on: true))
        if let reader {
            self.reader = reader
            reader.start()
        } else if readsOnMainThread {
            let terminal = TerminalInput(input: configuration.inputDescriptor, resizePipe: resizePipe.read,
                                         escapeDelay: configuration.escapeDelay)
            mainThreadInput = MainThreadInput(
                terminal: terminal,
                deliver: { [unowned self] event in
                    if let directHandler { directHandler(event) } else { continuation.yield(event) }
                },
                ended: { continuation.finish() })
        }
    }

    // MARK: - TerminalBackend

    /// Writes the changed runs of `update` (after a resize, the whole screen, cleared first) and
    /// places or hides the cursor, in one `write`.
    public func present(_ update: FrameUpdate) {
        guard isOpen else { return }
        writer.write(update)
        sendFrame()
    }

    /// Shows the cursor at `position`, or hides it; nothing is written when it is already so.
    public func setCursor(_ position: Point?) {
        guard isOpen else { return }
        writer.showCursor(at: position)
        sendFrame()
    }

    /// Hands every input event to `handler` as it is read, on the main thread, when input is read
    /// there (`MainThreadLoop`): no hop to another thread or task between the key and its frame.
    /// `inputEvents` then only ends. False (and nothing changes) when input is read on a thread.
    public func deliverInput(to handler: @escaping @MainActor (InputEvent) -> Void) -> Bool {
        guard isOpen, let mainThreadInput else { return false }
        directHandler = handler
        mainThreadInput.start()
        return true
    }

    /// Restores the terminal (reporting off, `endwin`, the shell's modes), stops reading input,
    /// ends `inputEvents` and frees curses. Idempotent.
    public func close() {
        guard isOpen else { return }
        isOpen = false
        reader?.stop(started: true)
        mainThreadInput?.stop()
        directHandler = nil
        TerminalRestore.restore()
        TerminalRestore.removeHandlers()
        JobControl.remove()
        delscreen(screen)
        fclose(outputFile)
        fclose(inputFile)
        Glibc.close(resizePipe.read)
        Glibc.close(resizePipe.write)
        continuation.finish()
        Self.anyOpen = false
    }

    // MARK: - Output

    /// Sends the writer's output to the terminal, whole, and tells job control whether the cursor
    /// is hidden (to hide it again after a stop).
    private func sendFrame() {
        JobControl.setCursorHidden(writer.isCursorHidden)
        guard !writer.output.isEmpty else { return }
        let descriptor = fileno(outputFile)
        writer.output.withUnsafeBytes { TerminalWrite.all($0.baseAddress, count: $0.count, to: descriptor) }
    }

    // MARK: - Input and terminal modes

    /// A resize read by the input thread reaches curses here, on the main actor, in its place
    /// among the keys: curses learns the new size, and the program gets the size curses took.
    public func received(_ event: InputEvent) -> InputEvent {
        guard isOpen, case .resize(let newSize) = event else { return event }
        TerminalRestore.insideCurses { _ = resizeterm(Int32(newSize.height), Int32(newSize.width)) }
        size = Size(width: Int(cn_cols()), height: Int(cn_lines()))
        writer.invalidate()
        return .resize(size)
    }

    private func writeToTerminal(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        _ = fflush(outputFile)
        let descriptor = fileno(outputFile)
        bytes.withUnsafeBytes { TerminalWrite.all($0.baseAddress, count: $0.count, to: descriptor) }
    }
}
