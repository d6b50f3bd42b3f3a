import Foundation
import Screenlets

/// A clock that moves only when the test says so. Sleepers wake when `advance(by:)` passes their
/// deadline; cancelled sleepers are removed.
final class ManualClock: PaginationClock, @unchecked Sendable {
    private let lock = NSLock()
    private var current = ContinuousClock.now
    private var sleepers: [UUID: (deadline: ContinuousClock.Instant, wake: CheckedContinuation<Void, any Error>)] = [:]

    var now: ContinuousClock.Instant { lock.withLock { current } }

    /// The deadlines of the sleepers, earliest first.
    var deadlines: [ContinuousClock.Instant] { lock.withLock { sleepers.values.map(\.deadline).sorted() } }

    func advance(by duration: Duration) {
        let due = lock.withLock {
            current += duration
            let due = sleepers.filter { $0.value.deadline <= current }
            for id in due.keys { sleepers[id] = nil }
            return due.values.map(\.wake)
        }
        for wake in due { wake.resume() }
    }

    func sleep(until deadline: ContinuousClock.Instant) async throws {
        let id = UUID()
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (wake: CheckedContinuation<Void, any Error>) in
                let resumeNow: Result<Void, any Error>? = lock.withLock {
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= current { return .success(()) }
                    sleepers[id] = (deadline, wake)
                    return nil
                }
                if let resumeNow { wake.resume(with: resumeNow) }
            }
        } onCancel: {
            let wake = lock.withLock { sleepers.removeValue(forKey: id)?.wake }
            wake?.resume(throwing: CancellationError())
        }
    }
}
