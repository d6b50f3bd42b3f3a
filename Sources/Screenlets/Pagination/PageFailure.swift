import Foundation

/// A page that could not be loaded, and when it will be tried again.
public struct PageFailure: Sendable {
    /// The page that failed.
    public let page: Int
    /// What the loader threw.
    public let error: any Error
    /// How many loads of this page have failed in a row.
    public let attempts: Int
    /// When the engine will load the page again by itself, if it is still wanted then.
    public let retryAt: ContinuousClock.Instant

    public init(page: Int, error: any Error, attempts: Int, retryAt: ContinuousClock.Instant) {
        self.page = page
        self.error = error
        self.attempts = attempts
        self.retryAt = retryAt
    }
}

/// Exponential backoff for failed pages: never a hot retry loop, never an unbounded wait.
public struct PageRetryPolicy: Sendable, Hashable {
    /// The wait after the first failure.
    public var initialDelay: Duration
    /// The factor between consecutive waits.
    public var multiplier: Double
    /// The longest wait.
    public var maximumDelay: Duration

    public init(initialDelay: Duration = .milliseconds(500), multiplier: Double = 2,
                maximumDelay: Duration = .seconds(30)) {
        self.initialDelay = max(initialDelay, .milliseconds(1))
        self.multiplier = max(1, multiplier)
        self.maximumDelay = max(maximumDelay, self.initialDelay)
    }

    /// The wait after the `attempts`-th failure in a row (1-based).
    public func delay(afterAttempts attempts: Int) -> Duration {
        let exponent = Double(max(0, min(attempts - 1, 62)))
        let seconds = initialDelay.seconds * pow(multiplier, exponent)
        return seconds >= maximumDelay.seconds ? maximumDelay : .seconds(seconds)
    }
}

extension Duration {
    /// The duration in seconds, as a floating-point number.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
