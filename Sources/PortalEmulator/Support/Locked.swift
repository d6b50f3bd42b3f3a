import Synchronization

/// A value guarded by a lock, for state shared between the server's tasks and the public API.
/// A class around the standard library's `Mutex`, so that it can be shared by reference.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    init(_ value: Value) {
        mutex = Mutex(value)
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { try body(&$0) }
    }

    var current: Value { withLock { $0 } }
}
