import Synchronization

/// A form's event stream that knows when its one consumer has handled every event: the consumer
/// asks for the next event only once it is done with the last one (a runtime's stream effect
/// sends each event's message before asking again), so "nothing buffered, and the consumer asked
/// again" means every event so far has reached the screen. ``handled()`` waits for that: how a
/// test waits for an in-memory form's events without polling.
final class FormEventChannel: Sendable {
    private struct Inner: Sendable {
        var buffered: [FormEvent] = []
        /// The consumer, waiting for the next event.
        var consumer: CheckedContinuation<FormEvent?, Never>?
        /// An event was handed out and the consumer has not asked for the next one yet.
        var handing = false
        /// No more events (buffered ones are still handed out).
        var finished = false
        /// The consumer's task was cancelled: nothing more is handed out.
        var cancelled = false
        var idleWaiters: [CheckedContinuation<Void, Never>] = []

        var isIdle: Bool { cancelled || (buffered.isEmpty && !handing) }

        mutating func takeWaitersIfIdle() -> [CheckedContinuation<Void, Never>] {
            guard isIdle else { return [] }
            defer { idleWaiters = [] }
            return idleWaiters
        }
    }

    private let inner = Mutex(Inner())

    /// The events, for one consumer.
    var stream: AsyncStream<FormEvent> {
        AsyncStream(unfolding: { [self] in await next() })
    }

    /// Hands `event` to the consumer (at once when it waits).
    func yield(_ event: FormEvent) {
        let consumer: CheckedContinuation<FormEvent?, Never>? = inner.withLock { state in
            guard !state.finished, !state.cancelled else { return nil }
            guard let consumer = state.consumer else {
                state.buffered.append(event)
                return nil
            }
            state.consumer = nil
            state.handing = true
            return consumer
        }
        consumer?.resume(returning: event)
    }

    /// No more events: the consumer gets those buffered, then the end.
    func finish() {
        let (consumer, waiters) = inner.withLock { state in
            state.finished = true
            let consumer = state.consumer
            state.consumer = nil
            return (consumer, state.takeWaitersIfIdle())
        }
        consumer?.resume(returning: nil)
        for waiter in waiters { waiter.resume() }
    }

    /// Waits until every event yielded so far has been handled by the consumer (it asked for the
    /// next one), or the consumer stopped.
    func handled() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let idle = inner.withLock { state in
                if state.isIdle { return true }
                state.idleWaiters.append(waiter)
                return false
            }
            if idle { waiter.resume() }
        }
    }

    private func next() async -> FormEvent? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (consumer: CheckedContinuation<FormEvent?, Never>) in
                let (answer, waiters): (FormEvent??, [CheckedContinuation<Void, Never>]) = inner.withLock { state in
                    state.handing = false
                    if state.cancelled { return (.some(nil), state.takeWaitersIfIdle()) }
                    if !state.buffered.isEmpty {
                        state.handing = true
                        return (.some(state.buffered.removeFirst()), [])
                    }
                    if state.finished { return (.some(nil), state.takeWaitersIfIdle()) }
                    state.consumer = consumer
                    return (nil, state.takeWaitersIfIdle())
                }
                for waiter in waiters { waiter.resume() }
                if let answer { consumer.resume(returning: answer) }
            }
        } onCancel: {
            cancel()
        }
    }

    private func cancel() {
        let (consumer, waiters) = inner.withLock { state in
            state.cancelled = true
            state.buffered = []
            let consumer = state.consumer
            state.consumer = nil
            return (consumer, state.takeWaitersIfIdle())
        }
        consumer?.resume(returning: nil)
        for waiter in waiters { waiter.resume() }
    }
}
