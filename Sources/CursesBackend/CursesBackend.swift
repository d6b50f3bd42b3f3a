import CNcurses
import Foundation
import Glibc
import TermUI

/// The `TerminalBackend` on a real terminal, through ncurses. It writes only the changed runs of
/// each `FrameUpdate` (curses' own optimisation comes on top) with one `doupdate` per frame, and
/// restores the terminal on `close()` — and on signals, crashes and `exit()` through `TerminalRestore`.
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
    private var styles: CursesStyles
    private var cursor: Point? = nil
    private var needsClear = false
    private var scratch = [wchar_t](repeating: 0, count: 8)

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
        styles = CursesStyles(pairs: ColorPairTable(capacity: min(cn_color_pairs() - 1, Int32(Int16.max)), palette: palette))

        if let fixed = configuration.fixedSize {
            _ = resizeterm(Int32(fixed.height), Int32(fixed.width))
        }
        size = Size(width: Int(cn_cols()), height: Int(cn_lines()))
        _ = curs_set(0)

        TerminalRestore.setScreenReset(TerminalStrings.terminfo(["sgr0", "cnorm", "rmcup"]))
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

    /// Writes the changed runs of `update` (all cells after a resize, with the terminal cleared),
    /// places or hides the cursor, then refreshes the terminal once.
    public func present(_ update: FrameUpdate) {
        guard isOpen else { return }
        TerminalRestore.insideCurses {
            let window = cn_stdscr()!
            if update.isFullRepaint || needsClear { _ = werase(window) }
            if needsClear {
                _ = clearok(cn_curscr(), true)
                needsClear = false
            }
            for change in update.changes { draw(change, in: window) }
            place(cursor: update.cursor, in: window)
            _ = wnoutrefresh(window)
            _ = doupdate()
        }
    }

    /// Shows the cursor at `position`, or hides it; nothing is written when it is already so.
    public func setCursor(_ position: Point?) {
        guard isOpen, position != cursor else { return }
        TerminalRestore.insideCurses {
            let window = cn_stdscr()!
            place(cursor: position, in: window)
            _ = wnoutrefresh(window)
            _ = doupdate()
        }
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

    // MARK: - Drawing

    private func draw(_ change: Change, in window: UnsafeMutablePointer<WINDOW>) {
        let (attributes, pair) = styles.resolve(change.style)
        let y = Int32(change.position.y)
        var x = Int32(change.position.x)
        let width = Int32(size.width)
        if drawNarrowRun(change.text, y: y, x: x, width: width, attributes: attributes, pair: pair, in: window) { return }
        for grapheme in change.text {
            guard x < width else { break }
            if let ascii = grapheme.asciiValue, ascii >= 0x20, ascii < 0x7F {
                // The common case, without building a cell.
                put(CollectionOfOne(UInt32(ascii)), y: y, x: x, attributes: attributes, pair: pair, in: window)
                x += 1
                continue
            }
            let columns = max(1, DisplayWidth.of(grapheme))
            let cell = CursesCell(grapheme, width: columns)
            put(cell.scalars, y: y, x: x, attributes: attributes, pair: pair, in: window)
            if cell.padded && x + 1 < width { put([0x20], y: y, x: x + 1, attributes: attributes, pair: pair, in: window) }
            x += Int32(columns)
        }
    }

    /// Draws a run of one-cell characters (the common case: ASCII, and marks such as `›` or `•`)
    /// in one call, as the cells adding each character with the run's attributes would make.
    /// Every scalar must be a grapheme of its own, one cell wide for the grid and for curses'
    /// `wcwidth` alike. False (nothing drawn) for any other text.
    private func drawNarrowRun(_ text: String, y: Int32, x: Int32, width: Int32, attributes: attr_t, pair: Int16,
                               in window: UnsafeMutablePointer<WINDOW>) -> Bool {
        let room = Int(width - x)
        guard room > 0 else { return true }
        // Whole cells, the run's attributes and pair in each, put in the window in one call
        // (`wadd_wchnstr` copies them; adding characters one by one runs curses' character
        // processing for each: a third of a list frame's drawing). The buffer is on the stack: the
        // backend is a class, whose arrays are checked for exclusive access at each use (issue 17).
        var blank = cchar_t()
        _ = withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: 2) { space in
            space[0] = 0x20
            space[1] = 0
            return setcchar(&blank, space.baseAddress, attributes, pair, nil)
        }
        // No more cells than the text has bytes: a run's few cells stay on the stack.
        let capacity = min(room, text.utf8.count)
        return withUnsafeTemporaryAllocation(of: cchar_t.self, capacity: capacity) { cells in
            var count = 0
            var text = text
            let ascii = text.withUTF8 { bytes in
                // Plain ASCII (most runs): byte by byte, without decoding scalars.
                for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
                for byte in bytes.prefix(capacity) {
                    var cell = blank
                    cell.chars.0 = wchar_t(byte)
                    (cells.baseAddress! + count).initialize(to: cell)
                    count += 1
                }
                return true
            }
            if ascii {
                if count > 0 { _ = mvwadd_wchnstr(window, y, x, cells.baseAddress, Int32(count)) }
                return true
            }
            for scalar in text.unicodeScalars {
                let value = scalar.value
                if value >= 0x7F || value < 0x20 {
                    guard DisplayWidth.isSimple(value), DisplayWidth.simpleWidth(value) == 1, cn_wcwidth(value) == 1 else { return false }
                }
                if count < capacity {
                    var cell = blank
                    cell.chars.0 = wchar_t(bitPattern: value)
                    (cells.baseAddress! + count).initialize(to: cell)
                    count += 1
                }
            }
            guard count > 0 else { return true }
            _ = mvwadd_wchnstr(window, y, x, cells.baseAddress, Int32(count))
            return true
        }
    }

    private func put<C: Collection<UInt32>>(_ scalars: C, y: Int32, x: Int32, attributes: attr_t, pair: Int16,
                                            in window: UnsafeMutablePointer<WINDOW>) {
        var count = 0
        for scalar in scalars.prefix(scratch.count - 1) {
            scratch[count] = wchar_t(bitPattern: scalar)
            count += 1
        }
        scratch[count] = 0
        var character = cchar_t()
        _ = setcchar(&character, scratch, attributes, pair, nil)
        _ = mvwadd_wch(window, y, x, &character)
    }

    private func place(cursor position: Point?, in window: UnsafeMutablePointer<WINDOW>) {
        if let position {
            _ = leaveok(window, false)
            _ = wmove(window, Int32(position.y), Int32(position.x))
            if cursor == nil { _ = curs_set(1) }
        } else {
            _ = leaveok(window, true)
            if cursor != nil { _ = curs_set(0) }
        }
        JobControl.setCursorHidden(position == nil)
        cursor = position
    }

    // MARK: - Input and terminal modes

    /// A resize read by the input thread reaches curses here, on the main actor, in its place
    /// among the keys: curses learns the new size, and the program gets the size curses took.
    public func received(_ event: InputEvent) -> InputEvent {
        guard isOpen, case .resize(let newSize) = event else { return event }
        TerminalRestore.insideCurses { _ = resizeterm(Int32(newSize.height), Int32(newSize.width)) }
        size = Size(width: Int(cn_cols()), height: Int(cn_lines()))
        needsClear = true
        return .resize(size)
    }

    private func writeToTerminal(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        _ = fflush(outputFile)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(configuration.outputDescriptor, raw.baseAddress! + offset, raw.count - offset)
                if written > 0 { offset += written } else if errno != EINTR { return }
            }
        }
    }
}
