import Foundation
import Synchronization

/// The one answer, for a whole run, to "does the portal answer?": every load, submit and sync of
/// the run reports what it saw, the status line and automatic sync listen, and a quiet probe
/// brings it back online.
///
/// - Every portal request made through ``guarded(_:)`` reports its outcome: a connectivity
///   failure (``OfflineClassifiable``) turns the state offline at once, any answer (an error
///   from the portal too) online.
/// - While offline **and probed** (``startProbing(every:upTo:probe:)``), guarded requests do not
///   touch the network: they fail at once with ``PortalUnreachable``, so the load policies answer
///   from the cache and the submit policies queue without waiting. Without a probe, nothing would
///   bring the state back, so requests are always tried (the state is still reported).
/// - The probe asks only while offline: after `every`, then doubling up to `upTo`.
///
/// The cache database of a run holds one (``CacheDatabase/connectivity``), so every loader,
/// queue and screen on that database shares it.
public final class Connectivity: Sendable {
    /// What is known about the portal.
    public enum State: Sendable, Equatable {
        /// Nothing has been asked yet.
        case unknown
        /// The last request was answered.
        case online
        /// The last request could not reach the portal.
        case offline
    }

    private struct Inner {
        var state: State
        var isProbed = false
        var watchers: [UUID: AsyncStream<State>.Continuation] = [:]
    }

    private let inner: Mutex<Inner>
    private let probing = Mutex<Task<Void, Never>?>(nil)

    /// A connectivity truth starting in `state`.
    public init(_ state: State = .unknown) {
        inner = Mutex(Inner(state: state))
    }

    deinit {
        probing.withLock { $0?.cancel() }
    }

    /// The current state.
    public var state: State { inner.withLock { $0.state } }

    /// True when the portal is known to be unreachable.
    public var isOffline: Bool { state == .offline }

    /// True when requests skip the network: offline, with a probe watching for the portal's return.
    public var skipsNetwork: Bool { inner.withLock { $0.state == .offline && $0.isProbed } }

    /// Records that a request reached the portal.
    public func reportReachable() { set(.online) }

    /// Records that a request could not reach the portal.
    public func reportUnreachable() { set(.offline) }

    /// Records the outcome of a request that failed with `error`: offline for a connectivity
    /// failure, online for an answer from the portal; a cancellation says nothing.
    public func report(_ error: any Error) {
        if error is CancellationError || error is PortalUnreachable { return }
        if isConnectivityFailure(error) { reportUnreachable() } else { reportReachable() }
    }

    private func set(_ state: State) {
        let watchers: [AsyncStream<State>.Continuation] = inner.withLock { inner in
            guard inner.state != state else { return [] }
            inner.state = state
            return Array(inner.watchers.values)
        }
        for watcher in watchers { watcher.yield(state) }
    }

    /// The current state, then every change, until the consumer stops iterating.
    public func changes() -> AsyncStream<State> {
        let (stream, continuation) = AsyncStream.makeStream(of: State.self, bufferingPolicy: .bufferingNewest(8))
        let id = UUID()
        let current = inner.withLock { inner in
            inner.watchers[id] = continuation
            return inner.state
        }
        continuation.yield(current)
        continuation.onTermination = { [weak self] _ in
            _ = self?.inner.withLock { $0.watchers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Returns once the state is no longer offline (or the task is cancelled).
    public func waitUntilReachable() async {
        for await state in changes() where state != .offline { return }
    }

    /// Runs a portal request: fails at once with ``PortalUnreachable`` when ``skipsNetwork``,
    /// otherwise runs `request` and reports its outcome.
    public func guarded<T: Sendable>(_ request: @Sendable () async throws -> T) async throws -> T {
        if skipsNetwork { throw PortalUnreachable() }
        do {
            let value = try await request()
            reportReachable()
            return value
        } catch {
            report(error)
            throw error
        }
    }

    /// A sender whose sends are ``guarded(_:)``: offline, a write is queued without waiting.
    public func guarding(_ sender: QueueSender) -> QueueSender {
        QueueSender(send: { item in try await self.guarded { try await sender.send(item) } }, entryChanges: sender.entryChanges)
    }

    /// Starts the quiet probe (once): while offline, `probe` is asked after `every` seconds,
    /// then after twice as long each time it finds nothing, at most every `upTo` seconds; when it
    /// answers true the state turns online. From now on requests skip the network while offline.
    public func startProbing(every initial: TimeInterval, upTo cap: TimeInterval, probe: @escaping @Sendable () async -> Bool) {
        probing.withLock { task in
            guard task == nil else { return }
            inner.withLock { $0.isProbed = true }
            task = Task { [weak self] in
                guard let changes = self?.changes() else { return }
                for await state in changes where state == .offline {
                    var delay = initial
                    while let self, self.isOffline, !Task.isCancelled {
                        try? await Task.sleep(nanoseconds: UInt64(max(0, delay) * 1_000_000_000))
                        if Task.isCancelled || !self.isOffline { break }
                        if await probe() {
                            self.reportReachable()
                        } else {
                            delay = min(cap, delay * 2)
                        }
                    }
                    if Task.isCancelled { return }
                }
            }
        }
    }

    /// Stops the probe; requests are tried again whatever the state.
    public func stopProbing() {
        inner.withLock { $0.isProbed = false }
        probing.withLock { task in
            task?.cancel()
            task = nil
        }
    }
}

/// Thrown instead of sending a request while the portal is known to be unreachable (see
/// ``Connectivity``): a connectivity failure, so the cache answers and writes are queued.
public struct PortalUnreachable: Error, OfflineClassifiable, CustomStringConvertible, Sendable {
    public init() {}
    public var isConnectivityFailure: Bool { true }
    public var certainlyNotSent: Bool { true }
    public var description: String { "network: the portal is unreachable (offline)" }
}
