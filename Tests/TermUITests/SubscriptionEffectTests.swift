import Testing
import TermUI
import TermUITesting
import Foundation

/// A program fed by an event stream the runtime iterates: each element comes back as a message,
/// mapped from the stream's own message type (as a parent maps a child's effects).
private struct Ticker: Program {
    struct Model: Equatable, Sendable {
        var ticks: [Int] = []
        var loaded = false
    }

    enum Message: Sendable, Equatable {
        case tick(Int), loaded
    }

    let events: AsyncStream<Int>

    func initialize() -> (Model, [Effect<Message>]) {
        let inner = Effect<Int>.stream(events) { $0 * 10 }
        return (Model(), [inner.map { .tick($0) }, .task { .loaded }])
    }

    func update(_ model: inout Model, _ message: Message) -> [Effect<Message>] {
        switch message {
        case .tick(let value): model.ticks.append(value)
        case .loaded: model.loaded = true
        }
        return []
    }

    func view(_ model: Model, size: Size) -> Grid {
        var grid = Grid(size: size)
        grid.write("Ticks: \(model.ticks.count)", at: .zero)
        return grid
    }

    func message(for event: InputEvent, model: Model) -> Message? { nil }
}

/// Waits (with a deadline, on the main actor) until `condition` holds.
@MainActor
private func until(_ what: String, timeout: Double = 10, _ condition: () -> Bool) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        if Date() >= deadline { throw WaitTimedOut(what: what) }
        try await Task.sleep(nanoseconds: 10_000_000)
    }
}

private struct WaitTimedOut: Error { let what: String }

@MainActor
@Suite("Runtime subscriptions")
struct SubscriptionEffectTests {
    @Test func aStreamIsIteratedByTheRuntimeInOrderAndIdleDoesNotWaitForItsEnd() async throws {
        let (events, sink) = AsyncStream<Int>.makeStream()
        let runtime = Runtime(program: Ticker(events: events), backend: HeadlessBackend(size: Size(width: 12, height: 1)))
        runtime.start()
        await runtime.waitUntilIdle()  // the task landed; the open stream does not hold it up
        #expect(runtime.model.loaded)
        #expect(runtime.pendingEffectCount == 0)
        #expect(runtime.subscriptionCount == 1)

        for value in 1...5 { sink.yield(value) }
        try await until("five ticks") { runtime.model.ticks.count == 5 }
        #expect(runtime.model.ticks == [10, 20, 30, 40, 50])  // mapped twice, in order, none re-armed

        sink.finish()
        try await until("the subscription to end") { runtime.subscriptionCount == 0 }
    }

    @Test func finishingTheRuntimeStopsItsSubscriptions() async throws {
        let (events, sink) = AsyncStream<Int>.makeStream()
        let runtime = Runtime(program: Ticker(events: events), backend: HeadlessBackend(size: Size(width: 12, height: 1)))
        runtime.start()
        #expect(runtime.subscriptionCount == 1)
        runtime.finish()
        #expect(runtime.subscriptionCount == 0)
        sink.yield(1)
        await Task.yield()
        #expect(runtime.model.ticks.isEmpty)
    }

    @Test func mapWrapsEveryKindOfEffect() async {
        #expect(Effect<Int>.quit.map { "\($0)" }.isQuit)
        guard case .message(let text) = Effect<Int>.message(4).map({ "\($0)" }).kind else {
            Issue.record("a message stays a message")
            return
        }
        #expect(text == "4")
        guard case .task(let work) = Effect<Int>.task({ 7 }).map({ "\($0)" }).kind else {
            Issue.record("a task stays a task")
            return
        }
        #expect(await work() == "7")
    }
}
