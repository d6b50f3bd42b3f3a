import Synchronization

/// A multi-producer, single-consumer queue of events with an awaiting `next()`: how a service hands
/// events to a screen one at a time (the gallery's events, automatic sync's reports). Events pushed
/// before `next()` is called wait in order; after `finish()` it drains, then answers nil.
public final class EventQueue<Element: Sendable>: Sendable {
    private struct State {
        var buffer: [Element] = []
        var waiter: CheckedContinuation<Element?, Never>?
        var finished = false
    }

    private let state = Mutex(State())

    public init() {}

    /// Adds an event (dropped once finished).
    public func push(_ element: Element) {
        let waiter: CheckedContinuation<Element?, Never>? = state.withLock { state in
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            if !state.finished { state.buffer.append(element) }
            return nil
        }
        waiter?.resume(returning: element)
    }

    /// Ends the queue: `next()` drains what is left, then answers nil.
    public func finish() {
        let waiter = state.withLock { state in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// The next element, waiting for one; nil once finished and drained.
    public func next() async -> Element? {
        await withCheckedContinuation { continuation in
            let answer: Element?? = state.withLock { state in
                if !state.buffer.isEmpty { return .some(state.buffer.removeFirst()) }
                if state.finished { return .some(nil) }
                state.waiter = continuation
                return .none
            }
            if let answer { continuation.resume(returning: answer) }
        }
    }
}
