import Foundation

extension ProcessRunner {
    /// ``run(_:_:environment:stdin:timeout:)`` waited for on a thread of its own: use this from
    /// async tests, so the wait does not hold one of Swift concurrency's cooperative threads (there
    /// are as many as cores, two here, and in-process emulators and other suites need them).
    @discardableResult
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil,
        timeout: Double = 60
    ) async throws -> ProcessResult {
        try await offPool { try run(executable, arguments, environment: environment, stdin: stdin, timeout: timeout) }
    }

    /// The real `termlets` binary, waited for off the cooperative pool.
    @discardableResult
    public static func termlets(
        _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil, timeout: Double = 60
    ) async throws -> ProcessResult {
        try await offPool { try termlets(arguments, environment: environment, stdin: stdin, timeout: timeout) }
    }

    /// ``termlets(_:environment:stdin:timeout:)`` waited for on a thread of its own, so an async
    /// test does not hold one of Swift concurrency's few cooperative threads (an in-process
    /// emulator, and every other suite, need them) for the whole life of the child.
    public static func termletsOffPool(
        _ arguments: [String], environment: [String: String] = [:], stdin: String? = nil, timeout: Double = 120
    ) async throws -> ProcessResult {
        try await offPool { try termlets(arguments, environment: environment, stdin: stdin, timeout: timeout) }
    }
}

/// Runs blocking `work` on a new thread and resumes with its result.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}
