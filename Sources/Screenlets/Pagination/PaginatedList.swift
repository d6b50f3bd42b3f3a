/// Runs a ``PaginationEngine`` against a ``PageLoader``: loads run as tasks (at most
/// ``PaginationConfiguration/maximumConcurrentLoads`` at once), their outcomes and backoff timers
/// come back as messages, and events are published on ``events``.
///
/// ```swift
/// let list = PaginatedList(loader: loader)
/// await list.send(.load)
/// await list.send(.viewport(ListWindow(firstRow: 0, visibleCount: 28, cursor: 0)))
/// for await event in list.events { redraw(await list.engine) }
/// ```
public actor PaginatedList<Loader: PageLoader> {
    public typealias Row = Loader.Row

    /// The engine's state; a cheap copy-on-write snapshot to render from.
    public private(set) var engine: PaginationEngine<Row>
    /// Everything that happens to the list. The newest 1,024 events are buffered for a slow reader.
    public nonisolated let events: AsyncStream<ListEvent<Row>>

    private let loader: Loader
    private let clock: any PaginationClock
    private let eventSink: AsyncStream<ListEvent<Row>>.Continuation
    private var loads: [LoadTicket: Task<Void, Never>] = [:]
    private var wakeTimer: Task<Void, Never>?

    public init(loader: Loader, configuration: PaginationConfiguration = PaginationConfiguration(),
                clock: some PaginationClock = .system) {
        self.loader = loader
        self.clock = clock
        engine = PaginationEngine(configuration: configuration)
        (events, eventSink) = AsyncStream.makeStream(of: ListEvent<Row>.self, bufferingPolicy: .bufferingNewest(1024))
    }

    deinit {
        for task in loads.values { task.cancel() }
        wakeTimer?.cancel()
        eventSink.finish()
    }

    /// Applies a UI intent and starts whatever work it calls for.
    public func send(_ intent: ListIntent) {
        apply(.intent(intent))
    }

    /// What to draw at row `index` now.
    public func row(at index: Int) -> RowSlot<Row> {
        engine.row(at: index)
    }

    /// Cancels all work and ends ``events``.
    public func close() {
        for task in loads.values { task.cancel() }
        loads.removeAll()
        wakeTimer?.cancel()
        wakeTimer = nil
        eventSink.finish()
    }

    private func apply(_ message: PaginationMessage<Row>) {
        for effect in engine.handle(message, at: clock.now) {
            run(effect)
        }
    }

    private func run(_ effect: PaginationEffect<Row>) {
        switch effect {
        case .load(let ticket):
            let loader = self.loader
            loads[ticket] = Task { [weak self] in
                let message: PaginationMessage<Row>
                do {
                    let response = try await loader.loadPage(ticket.request) { [weak self] early in
                        await self?.apply(.pageLoadedEarly(ticket, early))
                    }
                    message = .pageLoaded(ticket, response)
                } catch {
                    message = .pageFailed(ticket, error)
                }
                await self?.finish(ticket, with: message)
            }
        case .cancelLoads(let generation):
            for (ticket, task) in loads where ticket.generation < generation {
                task.cancel()
                loads[ticket] = nil
            }
        case .wake(let deadline):
            wakeTimer?.cancel()
            let clock = self.clock
            wakeTimer = Task { [weak self] in
                guard (try? await clock.sleep(until: deadline)) != nil else { return }
                await self?.apply(.tick)
            }
        case .emit(let event):
            eventSink.yield(event)
        }
    }

    private func finish(_ ticket: LoadTicket, with message: PaginationMessage<Row>) {
        loads[ticket] = nil
        apply(message)
    }
}
