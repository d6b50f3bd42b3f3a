import Foundation

/// Thrown when a condition did not hold before its deadline.
public struct DeadlineExceeded: Error, CustomStringConvertible {
    public let what: String
    public let seconds: Double
    public var description: String { "timed out after \(seconds)s waiting for \(what)" }
}

/// Polls `condition` until it returns a value or `seconds` pass. Tests wait for conditions, never
/// for fixed sleeps: the poll interval only bounds how late a met condition is noticed.
public func waitFor<T>(
    _ what: String, timeout seconds: Double = 10, every interval: Double = 0.02,
    _ condition: () async throws -> T?
) async throws -> T {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
        if let value = try await condition() { return value }
        if Date() >= deadline { throw DeadlineExceeded(what: what, seconds: seconds) }
        try await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
    }
}
