import Testing
import TermUI

/// A backend that hands input to the runtime directly (`deliverInput(to:)`), as the curses backend
/// does when it reads the terminal on the main thread: `press` calls the runtime's handler.
@MainActor
final class DirectInputBackend: TerminalBackend {
    let size = Size(width: 12, height: 1)
    let inputEvents: AsyncStream<InputEvent>
    private let continuation: AsyncStream<InputEvent>.Continuation
    private var handler: ((InputEvent) -> Void)?
    private var handlerInstalled: CheckedContinuation<Void, Never>?
    private(set) var presented = 0

    init() { (inputEvents, continuation) = AsyncStream.makeStream(of: InputEvent.self) }

    func present(_ update: FrameUpdate) { presented += 1 }
    func setCursor(_ position: Point?) {}

    func deliverInput(to handler: @escaping @MainActor (InputEvent) -> Void) -> Bool {
        self.handler = handler
        handlerInstalled?.resume()
        handlerInstalled = nil
        return true
    }

    /// Returns once the runtime has asked for direct delivery.
    func waitForHandler() async {
        guard handler == nil else { return }
        await withCheckedContinuation { handlerInstalled = $0 }
    }

    /// A key, handed to the runtime synchronously.
    func press(_ character: Character) { handler?(.key(.character(character))) }

    func endInput() { continuation.finish() }
}

@MainActor
@Suite("Runtime with input delivered directly")
struct RuntimeDirectInputTests {
    @Test func aKeyIsHandledAndDrawnWithinTheBackendsCall() async {
        let backend = DirectInputBackend()
        let runtime = Runtime(program: Counter(), backend: backend)
        runtime.start()
        await runtime.waitUntilIdle()  // the initial load (10) has landed
        let run = Task { await runtime.run() }
        await backend.waitForHandler()
        let frames = backend.presented
        backend.press("+")
        // No await in between: the key was updated and drawn inside `press`.
        #expect(runtime.model.count == 11)
        #expect(backend.presented == frames + 1)
        backend.press("q")
        #expect(runtime.isFinished)
        await run.value  // run() returns without the stream having ended
        backend.press("+")  // ignored after quit
        #expect(runtime.model.count == 11)
    }

    @Test func runEndsWhenDirectInputEnds() async {
        let backend = DirectInputBackend()
        let runtime = Runtime(program: Counter(), backend: backend)
        let run = Task { await runtime.run() }
        await backend.waitForHandler()
        backend.endInput()
        await run.value
        #expect(runtime.isFinished)
    }
}
