import Screenlets
import TermUI
import TermUITesting

/// Drives a screen's `update` and `view` directly, the way ratatui and bubbletea tests do: a
/// message goes to `update`; `.message` effects are fed back at once; `.task` effects (the screen's
/// I/O edge, here in-memory loaders that answer at once) are awaited one after another and their
/// messages fed back. No runtime, no emulator, no HTTP, no polling: when `send` returns, the screen
/// has settled.
struct ProgramStepper<P: Program> {
    let program: P
    private(set) var model: P.Model
    private(set) var quit = false

    /// Initialises the program and runs its first effects.
    init(_ program: P) async {
        self.program = program
        let (model, effects) = program.initialize()
        self.model = model
        await run(effects)
    }

    /// Updates the model with `message`, then runs what the update asked for.
    mutating func send(_ message: P.Message) async {
        await run(program.update(&model, message))
    }

    /// The input event as the program maps it (a key through its key map), then `send`.
    mutating func handle(_ event: InputEvent) async {
        guard let message = program.message(for: event, model: model) else { return }
        await send(message)
    }

    /// The screen as text, one string per line.
    func lines(_ size: Size) -> [String] { GridText.lines(program.view(model, size: size)) }

    private mutating func run(_ effects: [Effect<P.Message>]) async {
        var queue = effects
        while !queue.isEmpty {
            let effect = queue.removeFirst()
            switch effect.kind {
            case .message(let message): queue += program.update(&model, message)
            case .task(let work): if let message = await work() { queue += program.update(&model, message) }
            case .quit: quit = true
            case .subscription: break  // a stepper runs no endless streams: the test sends what they would
            }
        }
    }
}

/// A pagination clock whose timers never fire (their tasks end at once without a message), so
/// stepping a list screen never waits on a retry or prefetch timer.
struct StoppedPaginationClock: PaginationClock {
    let now = ContinuousClock.now
    func sleep(until deadline: ContinuousClock.Instant) async throws { throw CancellationError() }
}
