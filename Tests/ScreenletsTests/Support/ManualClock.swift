import Foundation
import Screenlets
import Synchronization

/// A clock that moves only when the test says so. Sleepers wake when `advance(by:)` passes their
/// deadline; cancelled sleepers are removed.
final class ManualClock: PaginationClock, Sendable {
    private struct State {
        var current = ContinuousClock.now
        var sleepers: [UUID: (deadline: ContinuousClock.Instant, wake: CheckedContinuation<Void, any Error>)] = [:]
    }

    private let state = Mutex(State())

    var now: ContinuousClock.Instant { state.withLock { $0.current } }

    /// The deadlines of the sleepers, earliest first.
    var deadlines: [ContinuousClock.Instant] { state.withLock { $0.sleepers.values.map(\.deadline).sorted() } }

    func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.current += duration
            let due = state.sleepers.filter { $0.value.deadline <= state.current }
            for id in due.keys { state.sleepers[id] = nil }
            return due.values.map(\.wake)
        }
        for wake in due { wake.resume() }
    }

    func sleep(until deadline: ContinuousClock.Instant) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
                let resumeNow: Result<Void, any Error>? = state.withLock { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.current { return .success(()) }
                    state.sleepers[id] = (deadline, wake)
                    return nil
                }
                if let resumeNow { wake.resume(with: resumeNow) }
            }
        } onCancel: {
            let wake = state.withLock { $0.sleepers.removeValue(forKey: id)?.wake }
            wake?.resume(throwing: CancellationError())
        }
    }
}
