import Foundation

/// Exponential backoff for writes that could not be sent.
public struct RetryPolicy: Sendable, Equatable {
    public var initialDelay: TimeInterval
    public var multiplier: Double
    public var maximumDelay: TimeInterval

    public init(initialDelay: TimeInterval = 5, multiplier: Double = 2, maximumDelay: TimeInterval = 3600) {
        self.initialDelay = initialDelay
        self.multiplier = multiplier
        self.maximumDelay = maximumDelay
    }

    /// The wait after the `attempts`-th failed attempt (1-based): 5 s, 10 s, 20 s… up to an hour.
    public func delay(afterAttempts attempts: Int) -> TimeInterval {
        let exponent = Double(max(0, attempts - 1))
        return min(maximumDelay, initialDelay * pow(multiplier, min(exponent, 60)))
    }
}
