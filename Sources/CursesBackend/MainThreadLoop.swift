import CNcurses
import Foundation
import Glibc

/// The program's main thread as one loop that serves both the main actor and the terminal, so
/// that a key is read, handled, drawn and written on one thread, with no hand-over between threads.
///
/// Swift's async `main` ends in `dispatch_main`, after which dispatch's main queue — the main
/// actor's executor on Linux — is drained by a worker thread that is woken for every job, while the
/// terminal is read on yet another thread. `run(_:)` replaces that: the main thread polls the main
/// queue's wake-up descriptor (libdispatch's run-loop hook, as Foundation's `RunLoop` uses it)
/// together with the descriptors of the one registered `Client` (the terminal), runs the main
/// queue's jobs when it is woken, and lets the client read when its descriptors are ready —
/// on the main actor, synchronously. Effects still run in tasks and come back as main-actor jobs.
public enum MainThreadLoop {
    /// What the loop polls besides the main queue: descriptors to read, a timeout, and the work to do
    /// when they are ready or the timeout passed. Served on the main thread, on the main actor.
    @MainActor
    protocol Client: AnyObject {
        /// Polled for reading, in this order.
        var descriptors: [Int32] { get }
        /// Milliseconds to wait for them (-1: no limit).
        var timeout: Int32 { get }
        /// `ready[i]`: `descriptors[i]` can be read; all false when the timeout may have passed
        /// (the client checks its own clock: the loop also wakes for the main queue).
        func serve(ready: [Bool])
    }

    /// True once `run(_:)` serves the main thread (only then can a client be registered).
    @MainActor public static var isServing: Bool { serving }

    @MainActor private static var serving = false
    @MainActor private static weak var client: (any Client)?

    /// Runs `body` on the main actor, serving the main thread until the process exits; when
    /// `body` returns, the process exits with status 0 (as an async `main` does). Call from a
    /// synchronous `main`, on the main thread, once.
    public static func run(_ body: @escaping @MainActor @Sendable () async -> Void) -> Never {
        precondition(Thread.isMainThread, "MainThreadLoop.run must be called on the main thread")
        // Created before the first job is queued: from then on queuing wakes this descriptor.
        let wakeUp = _dispatch_get_main_queue_handle_4CF()
        MainActor.assumeIsolated { serving = true }
        Task { @MainActor in
            await body()
            exit(0)
        }
        var descriptors: [pollfd] = []
        while true {
            let (watched, timeout) = MainActor.assumeIsolated { (client?.descriptors ?? [], client?.timeout ?? -1) }
            descriptors.removeAll(keepingCapacity: true)
            descriptors.append(pollfd(fd: wakeUp, events: Int16(POLLIN), revents: 0))
            for descriptor in watched { descriptors.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
            let count = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if count < 0 {
                if errno == EINTR { continue }
                fatalError("MainThreadLoop: poll failed (errno \(errno))")
            }
            if descriptors[0].revents != 0 {
                var value: UInt64 = 0
                _ = Glibc.read(wakeUp, &value, MemoryLayout<UInt64>.size)
                _dispatch_main_queue_callback_4CF(nil)
            }
            guard !watched.isEmpty else { continue }
            let ready = descriptors.dropFirst().map { $0.revents != 0 }
            // Ready, or its time is up (also when the main queue woke the poll at the same moment).
            guard count == 0 || timeout == 0 || ready.contains(true) else { continue }
            MainActor.assumeIsolated {
                // The client may have changed while the main queue's jobs ran: serve only the one polled.
                guard let client, client.descriptors == watched else { return }
                client.serve(ready: ready)
            }
        }
    }

    /// Makes `client` the one the loop polls (nil: none). Only while `isServing`.
    @MainActor
    static func register(_ newClient: (any Client)?) {
        precondition(serving || newClient == nil, "MainThreadLoop is not running")
        client = newClient
    }
}
