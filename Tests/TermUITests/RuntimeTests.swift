import Testing
import TermUI
import TermUITesting

/// A tiny counter: keys change it, one effect loads a starting value, another increments later.
struct Counter: Program {
    struct Model: Equatable, Sendable {
        var count = 0
    }

    enum Message: Sendable, Equatable {
        case increment, decrement, incrementLater, nothing, quit, loaded(Int)
    }

    func initialize() -> (Model, [Effect<Message>]) {
        (Model(), [.task { .loaded(10) }])
    }

    func update(_ model: inout Model, _ message: Message) -> [Effect<Message>] {
        switch message {
        case .increment: model.count += 1
        case .decrement: model.count -= 1
        case .incrementLater: return [.task { .increment }]
        case .nothing: break
        case .quit: return [.quit]
        case .loaded(let value): model.count += value
        }
        return []
    }

    func view(_ model: Model, size: Size) -> Grid {
        var grid = Grid(size: size)
        grid.write("Count: \(model.count)", at: .zero)
        grid.cursor = Point(x: 7, y: 0)
        return grid
    }

    func message(for event: InputEvent, model: Model) -> Message? {
        guard case .key(let key) = event else { return nil }
        switch key {
        case .character("+"): return .increment
        case .character("-"): return .decrement
        case .character("l"): return .incrementLater
        case .character("n"): return .nothing
        case .character("q"): return .quit
        default: return nil
        }
    }
}

/// Messages that queue more messages: the order they run in, and where a quit stops them.
struct Chain: Program {
    struct Model: Equatable, Sendable {
        var ran: [String] = []
    }

    func initialize() -> (Model, [Effect<String>]) { (Model(), [.message("init")]) }

    func update(_ model: inout Model, _ message: String) -> [Effect<String>] {
        model.ran.append(message)
        switch message {
        case "a": return [.message("b"), .message("c")]
        case "b": return [.message("d")]
        case "stop": return [.message("e"), .quit, .message("never")]
        default: return []
        }
    }

    func view(_ model: Model, size: Size) -> Grid {
        var grid = Grid(size: size)
        grid.write(model.ran.joined(separator: " "), at: .zero)
        return grid
    }

    func message(for event: InputEvent, model: Model) -> String? {
        guard case .key(let key) = event else { return nil }
        switch key {
        case .character("a"): return "a"
        case .character("s"): return "stop"
        default: return nil
        }
    }
}

@MainActor
@Suite("Runtime loop")
struct RuntimeTests {
    /// A key's message runs first, the messages it queues after it in order (and theirs after
    /// them), all before one frame; a quit ends the run there.
    @Test func queuedMessagesRunInOrderBeforeOneFrame() {
        let backend = HeadlessBackend(size: Size(width: 30, height: 1))
        let runtime = Runtime(program: Chain(), backend: backend)
        runtime.start()
        #expect(runtime.model.ran == ["init"])
        let frames = runtime.renderCount
        runtime.handle(.key(.character("a")))
        #expect(runtime.model.ran == ["init", "a", "b", "c", "d"])
        #expect(runtime.renderCount == frames + 1)
        #expect(GridText.lines(backend.screen)[0].hasPrefix("init a b c d"))
        runtime.handle(.key(.character("s")))
        #expect(runtime.model.ran == ["init", "a", "b", "c", "d", "stop"], "a quit ends the run at once: nothing queued runs after it")
        #expect(runtime.isFinished)
    }

    @Test func updateIsPureAndEffectsAreValues() {
        var model = Counter.Model()
        let effects = Counter().update(&model, .incrementLater)
        #expect(model.count == 0 && effects.count == 1)
        #expect(Counter().update(&model, .quit).first?.isQuit == true)
    }

    @Test func effectsComeBackAsMessagesAndRenderOnlyOnChange() async {
        let backend = HeadlessBackend(size: Size(width: 12, height: 2))
        let runtime = Runtime(program: Counter(), backend: backend)
        runtime.start()
        #expect(runtime.renderCount == 1)
        #expect(GridText.lines(backend.screen)[0] == "Count: 0")
        await runtime.waitUntilIdle()
        #expect(runtime.model.count == 10)
        #expect(runtime.renderCount == 2)
        #expect(GridText.lines(backend.screen)[0] == "Count: 10")

        runtime.handle(.key(.character("+")))
        #expect(runtime.model.count == 11)
        #expect(runtime.renderCount == 3)
        #expect(backend.updates.last?.cellCount == 1)  // "10" → "11": one cell

        runtime.handle(.key(.character("n")))  // model unchanged
        runtime.handle(.key(.character("x")))  // no message
        #expect(runtime.renderCount == 3)

        runtime.handle(.key(.character("l")))
        #expect(runtime.pendingEffectCount == 1)
        await runtime.waitUntilIdle()
        #expect(runtime.model.count == 12)
        #expect(runtime.renderCount == 4)
        #expect(backend.cursor == Point(x: 7, y: 0))
    }

    @Test func resizeRepaintsEverythingWithoutAModelChange() {
        let backend = HeadlessBackend(size: Size(width: 12, height: 2))
        let runtime = Runtime(program: Counter(), backend: backend)
        runtime.start()
        backend.resize(to: Size(width: 15, height: 3))
        runtime.handle(.resize(Size(width: 15, height: 3)))
        #expect(runtime.renderCount == 2)
        #expect(backend.updates.last?.isFullRepaint == true)
        #expect(backend.screen.size == Size(width: 15, height: 3))
    }

    /// A program that takes the resize as a message which changes nothing (as a resume after a
    /// stop does: the same size) still gets the screen drawn whole.
    struct ResizeTaking: Program {
        let counter = Counter()
        func initialize() -> (Counter.Model, [Effect<Counter.Message>]) { (Counter.Model(), []) }
        func update(_ model: inout Counter.Model, _ message: Counter.Message) -> [Effect<Counter.Message>] {
            counter.update(&model, message)
        }
        func view(_ model: Counter.Model, size: Size) -> Grid { counter.view(model, size: size) }
        func message(for event: InputEvent, model: Counter.Model) -> Counter.Message? {
            if case .resize = event { return .nothing }
            return counter.message(for: event, model: model)
        }
    }

    @Test func aResizeToTheSameSizeRepaintsEverythingWhenTheMessageChangesNothing() {
        let backend = HeadlessBackend(size: Size(width: 12, height: 2))
        let runtime = Runtime(program: ResizeTaking(), backend: backend)
        runtime.start()
        let before = backend.updates.count
        runtime.handle(.resize(Size(width: 12, height: 2)))
        #expect(backend.updates.count == before + 1)
        #expect(backend.updates.last?.isFullRepaint == true)
        #expect(GridText.lines(backend.screen)[0] == "Count: 0")
    }

    @Test func runConsumesInputUntilQuit() async {
        let backend = HeadlessBackend(size: Size(width: 12, height: 1))
        let runtime = Runtime(program: Counter(), backend: backend)
        runtime.start()
        await runtime.waitUntilIdle()  // the initial load (10) has landed
        for key in ["+", "+", "-", "q", "+"] { backend.send(.key(.character(Character(key)))) }
        await runtime.run()
        #expect(runtime.isFinished)
        #expect(runtime.model.count == 11)  // the "+" after "q" was not handled
        #expect(runtime.pendingEffectCount == 0)
        runtime.handle(.key(.character("+")))  // ignored after quit
        #expect(runtime.model.count == 11)
        #expect(GridText.lines(backend.screen)[0] == "Count: 11")
    }

    @Test func runEndsWhenInputEnds() async {
        let backend = HeadlessBackend(size: Size(width: 12, height: 1))
        let runtime = Runtime(program: Counter(), backend: backend)
        backend.send(.key(.character("+")))
        backend.endInput()
        await runtime.run()
        #expect(runtime.isFinished)
    }
}

/// Quits from an effect's message, with no key pressed.
struct QuitsFromAnEffect: Program {
    struct Model: Equatable, Sendable { var quitting = false }
    enum Message: Sendable { case quitNow }
    func initialize() -> (Model, [Effect<Message>]) { (Model(), [.task { .quitNow }]) }
    func update(_ model: inout Model, _ message: Message) -> [Effect<Message>] {
        model.quitting = true
        return [.quit]
    }
    func view(_ model: Model, size: Size) -> Grid { Grid(size: size) }
    func message(for event: InputEvent, model: Model) -> Message? { nil }
}

@MainActor
@Suite("Runtime quit from an effect")
struct RuntimeQuitFromEffectTests {
    @Test func runReturnsWithoutWaitingForAnotherKey() async {
        let backend = HeadlessBackend(size: Size(width: 10, height: 2))
        let runtime = Runtime(program: QuitsFromAnEffect(), backend: backend)
        await runtime.run()   // would wait forever for input before the fix: the stream is never ended
        #expect(runtime.isFinished)
        #expect(runtime.model.quitting)
    }
}

/// A program whose model holds what its frame does not show (`hidden`): its snapshot leaves it
/// out, and the runtime compares snapshots to decide whether to draw.
struct Tally: Program {
    struct Model: Equatable, Sendable {
        var shown = 0
        var hidden: [Int] = []
    }

    func snapshot(of model: Model) -> Int { model.shown }

    func initialize() -> (Model, [Effect<Character>]) { (Model(), []) }

    func update(_ model: inout Model, _ message: Character) -> [Effect<Character>] {
        if message == "+" { model.shown += 1 } else { model.hidden.append(model.hidden.count) }
        return []
    }

    func view(_ model: Model, size: Size) -> Grid {
        var grid = Grid(size: size)
        grid.write("Shown: \(model.shown)", at: .zero)
        return grid
    }

    func message(for event: InputEvent, model: Model) -> Character? {
        guard case .key(let key) = event else { return nil }
        switch key {
        case .character("+"): return "+"
        case .character("h"): return "h"
        default: return nil
        }
    }
}

@MainActor
@Suite("Runtime snapshots")
struct RuntimeSnapshotTests {
    @Test func onlyAChangedSnapshotDrawsAFrame() {
        let runtime = Runtime(program: Tally(), backend: HeadlessBackend(size: Size(width: 12, height: 1)))
        runtime.start()
        #expect(runtime.renderCount == 1)
        runtime.handle(.key(.character("h")))
        #expect(runtime.model.hidden == [0] && runtime.renderCount == 1, "the model changed, its snapshot did not")
        runtime.handle(.key(.character("+")))
        #expect(runtime.model.shown == 1 && runtime.renderCount == 2)
    }
}
