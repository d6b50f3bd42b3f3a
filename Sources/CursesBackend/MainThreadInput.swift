import Glibc
import TermUI

/// The terminal read by `MainThreadLoop` on the main thread: polls the terminal and the resize
/// pipe, decodes what arrives (`TerminalInput`) and hands every event to `deliver` right there, on
/// the main actor. `ended` runs once when the terminal goes away.
@MainActor
final class MainThreadInput: MainThreadLoop.Client {
    private var terminal: TerminalInput
    private let deliver: @MainActor (InputEvent) -> Void
    private let ended: @MainActor () -> Void
    private(set) var isReading = false

    init(terminal: TerminalInput, deliver: @escaping @MainActor (InputEvent) -> Void, ended: @escaping @MainActor () -> Void) {
        self.terminal = terminal
        self.deliver = deliver
        self.ended = ended
    }

    var descriptors: [Int32] { [terminal.input, terminal.resizePipe] }
    var timeout: Int32 { terminal.timeout }

    /// Starts being polled by the main thread's loop (once).
    func start() {
        guard !isReading else { return }
        isReading = true
        MainThreadLoop.register(self)
    }

    /// Stops being polled.
    func stop() {
        guard isReading else { return }
        isReading = false
        MainThreadLoop.register(nil)
    }

    func serve(ready: [Bool]) {
        guard ready.contains(true) else {
            for event in terminal.timedOut() { deliver(event) }
            return
        }
        guard let events = terminal.read(inputReady: ready[0], resizeReady: ready[1]) else {
            stop()
            ended()
            return
        }
        for event in events {
            guard isReading else { return }
            deliver(event)
        }
    }
}
