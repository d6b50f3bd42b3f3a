import Foundation

/// Exponential backoff for writes that could not be sent.
public struct WriteRetryPolicy: Sendable, Equatable {
    /// The wait after the first failed attempt, in seconds.
    public var initialDelay: TimeInterval
    /// How much each further failure multiplies the wait.
    public var multiplier: Double
    /// The longest wait, in seconds.
    public var maximumDelay: TimeInterval

    /// A policy; the defaults wait 5 s, 10 s, 20 s… up to an hour.
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
