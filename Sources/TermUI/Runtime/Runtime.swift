/// Runs a `Program` against a `TerminalBackend`: feeds input and effect results to `update` as
/// messages, runs effects as tasks, and presents a frame diff whenever the model changed (or the
/// terminal was resized). Lives on the main actor, like the terminal.
///
/// Drive it with `run()` (until quit or end of input), or step by step in tests with `start()`,
/// `handle(_:)`, `send(_:)` and `waitUntilIdle()`, which needs no sleeps.
@MainActor
public final class Runtime<P: Program> {
    public let program: P
    public let backend: any TerminalBackend
    /// The current model.
    public private(set) var model: P.Model
    /// True once an update asked to quit (or input ended).
    public private(set) var isFinished = false
    /// Frames presented so far.
    public private(set) var renderCount = 0
    /// Task effects started and not yet delivered (subscriptions aside).
    public var pendingEffectCount: Int { tasks.count }
    /// Subscriptions still running (event streams the runtime iterates).
    public var subscriptionCount: Int { subscriptions.count }

    private var renderer = FrameRenderer()
    private var tasks: [Int: Task<Void, Never>] = [:]
    private var subscriptions: [Int: Task<Void, Never>] = [:]
    private var nextTaskID = 0
    private var started = false
    private var lastSize: Size = .zero
    private var queue: [P.Message] = []
    private var draining = false
    private var initialEffects: [Effect<P.Message>]
    /// The task reading input in `run()`, cancelled when an effect's message quits.
    private var inputLoop: Task<Void, Never>?

    public init(program: P, backend: any TerminalBackend) {
        self.program = program
        self.backend = backend
        let (model, effects) = program.initialize()
        self.model = model
        self.initialEffects = effects
    }

    /// Presents the first frame and starts the initial effects. Called by `run()`; idempotent.
    public func start() {
        guard !started else { return }
        started = true
        render(force: true)
        let effects = initialEffects
        initialEffects = []
        perform(effects)
        drain()
    }

    /// Runs until an update quits (also one run for an effect's message) or the backend's input
    /// ends; in-flight effects are cancelled.
    /// Events reach `handle(_:)` straight from the backend where it can (`deliverInput(to:)`: read on
    /// the main thread, handled and drawn there), otherwise through `inputEvents`.
    public func run() async {
        start()
        guard !isFinished else { return }
        _ = backend.deliverInput { [weak self] event in
            guard let self, !self.isFinished else { return }
            self.handle(self.backend.received(event))
        }
        let events = backend.inputEvents
        let loop = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                self.handle(self.backend.received(event))
                if self.isFinished { break }
            }
        }
        inputLoop = loop
        await loop.value
        finish()
    }

    /// Handles one input event: the program maps the event to a message; a resize repaints
    /// everything, whether or not the model changes (a resume after a stop comes as a resize to
    /// the same size, and the terminal shows the shell's screen until it is drawn again).
    public func handle(_ event: InputEvent) {
        guard !isFinished else { return }
        start()
        guard case .resize = event else {
            if let message = program.message(for: event, model: model) { send(message) }
            return
        }
        renderer.invalidate()
        if let message = program.message(for: event, model: model) { send(message) }
        // Drawn already when the message changed the model: then this frame changes nothing.
        if renderer.lastFrame == nil { render(force: true) }
    }

    /// Delivers a message to `update`, runs its effects, and renders if the model changed.
    public func send(_ message: P.Message) {
        guard !isFinished else { return }
        start()
        if draining {
            queue.append(message)
        } else {
            drain(first: message)
        }
    }

    /// Runs `update` for every queued message (including those effects queue meanwhile), then
    /// renders once if the model changed.
    private func drain() {
        guard !draining, !queue.isEmpty else { return }
        let messages = queue
        queue = []
        drain(first: messages[0], then: messages.dropFirst())
    }

    /// Runs `update` for `first`, `then` for `rest` and every message queued meanwhile, then
    /// renders once if the model changed.
    ///
    /// The runtime is generic over its program and compiled once, unspecialised: a key's one
    /// message goes straight to `update`, and the queue is only touched when messages pile up
    /// (`removeFirst`, `removeAll` and friends run the generic collection code, 3–5 % of a
    /// typed character's CPU: issue 17).
    private func drain(first: P.Message, then rest: ArraySlice<P.Message> = []) {
        draining = true
        defer { draining = false }
        let before = program.snapshot(of: model)
        perform(program.update(&model, first))
        for message in rest where !isFinished {
            perform(program.update(&model, message))
        }
        while queue.count > 0 && !isFinished {
            let messages = queue
            queue = []
            for message in messages where !isFinished {
                perform(program.update(&model, message))
            }
        }
        if !isFinished { render(force: program.snapshot(of: model) != before) }
    }

    /// Waits until every task effect started so far, and every effect those started, has delivered
    /// its message. Subscriptions keep running (they last as long as their stream): what they emit
    /// meanwhile is handled, and is not waited for. For tests: no sleeps, no timing assumptions.
    public func waitUntilIdle() async {
        while let (_, task) = tasks.first {
            await task.value
        }
    }

    /// Waits until every subscription has ended (its stream finished, or the runtime stopped).
    /// For tests: the end of an event stream, without polling `subscriptionCount`.
    public func waitUntilSubscriptionsEnd() async {
        while let (_, subscription) = subscriptions.first {
            await subscription.value
        }
    }

    /// Stops: cancels in-flight effects. Further input is ignored.
    public func finish() {
        isFinished = true
        inputLoop?.cancel()
        inputLoop = nil
        for task in tasks.values { task.cancel() }
        tasks.removeAll()
        for subscription in subscriptions.values { subscription.cancel() }
        subscriptions.removeAll()
    }

    private func perform(_ effects: [Effect<P.Message>]) {
        guard effects.count > 0 else { return }
        for effect in effects {
            switch effect.kind {
            case .quit:
                finish()
                return
            case .message(let message):
                queue.append(message)
            case .task(let work):
                let id = nextTaskID
                nextTaskID += 1
                tasks[id] = Task { [weak self] in
                    let message = await work()
                    guard let self else { return }
                    self.tasks[id] = nil
                    if let message, !Task.isCancelled { self.send(message) }
                }
            case .subscription(let run):
                let id = nextTaskID
                nextTaskID += 1
                subscriptions[id] = Task { [weak self] in
                    await run { [weak self] message in
                        guard !Task.isCancelled else { return }
                        await self?.send(message)
                    }
                    self?.subscriptions[id] = nil
                }
            }
        }
    }

    private func render(force: Bool) {
        let size = backend.size
        let resized = size != lastSize
        guard force || resized else { return }
        if resized { renderer.invalidate() }
        lastSize = size
        let frame = program.view(model, size: size)
        let update = renderer.update(to: frame)
        renderCount += 1
        backend.present(update)
        backend.setCursor(frame.cursor)
    }
}
