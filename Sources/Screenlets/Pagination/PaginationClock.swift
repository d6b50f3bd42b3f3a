/// The time source of a ``PaginatedList``: when messages happen, and the backoff timers.
/// Inject a manual clock in tests to step through backoff without sleeping.
public protocol PaginationClock: Sendable {
    /// The current instant.
    var now: ContinuousClock.Instant { get }
    /// Returns at `deadline`, or throws when the task is cancelled.
    func sleep(until deadline: ContinuousClock.Instant) async throws
}

/// The real clock (`ContinuousClock`).
public struct SystemPaginationClock: PaginationClock {
    public init() {}

    public var now: ContinuousClock.Instant { ContinuousClock.now }

    public func sleep(until deadline: ContinuousClock.Instant) async throws {
        try await ContinuousClock().sleep(until: deadline, tolerance: .milliseconds(5))
    }
}

extension PaginationClock where Self == SystemPaginationClock {
    /// The real clock.
    public static var system: SystemPaginationClock { SystemPaginationClock() }
}
