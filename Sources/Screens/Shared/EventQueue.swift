import Foundation

/// A multi-producer, single-consumer queue of events with an awaiting `next()`: how a service hands
/// events to a screen one at a time (the gallery's events, automatic sync's reports). Events pushed
/// before `next()` is called wait in order; after `finish()` it drains, then answers nil.
public final class EventQueue<Element: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var buffer: [Element] = []
    private var waiter: CheckedContinuation<Element?, Never>?
    private var finished = false

    public init() {}

    /// Adds an event (dropped once finished).
    public func push(_ element: Element) {
        lock.lock()
        if let waiter {
            self.waiter = nil
            lock.unlock()
            waiter.resume(returning: element)
            return
        }
        if !finished { buffer.append(element) }
        lock.unlock()
    }

    /// Ends the queue: `next()` drains what is left, then answers nil.
    public func finish() {
        lock.lock()
        finished = true
        let waiter = self.waiter
        self.waiter = nil
        lock.unlock()
        waiter?.resume(returning: nil)
    }

    /// The next element, waiting for one; nil once finished and drained.
    public func next() async -> Element? {
        await withCheckedContinuation { continuation in
            lock.lock()
            if !buffer.isEmpty {
                let element = buffer.removeFirst()
                lock.unlock()
                continuation.resume(returning: element)
            } else if finished {
                lock.unlock()
                continuation.resume(returning: nil)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}
