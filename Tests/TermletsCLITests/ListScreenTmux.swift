import Foundation
import TermletsTestSupport

/// tmux for the screen tests without holding a cooperative thread: every tmux call (a child
/// process) runs on a thread of its own, as Swift Testing's 2-thread pool must never block.
extension TmuxSession {
    /// Starts `command` in a `columns`×`rows` tmux session, off the pool.
    static func startOffPool(
        _ command: [String], columns: Int = 100, rows: Int = 30, environment: [String: String] = [:]
    ) async throws -> TmuxSession {
        try await offPool { try TmuxSession(command, columns: columns, rows: rows, environment: environment) }
    }

    /// Waits until the screen satisfies `predicate`, polling on its own thread; returns that screen.
    @discardableResult
    func screen(
        _ what: String, timeout: Double = TmuxSession.defaultScreenTimeout, _ predicate: @escaping @Sendable (String) -> Bool
    ) async throws -> String {
        try await offPool {
            let deadline = Date().addingTimeInterval(timeout)
            var last = ""
            while true {
                last = (try? self.screen()) ?? last
                if predicate(last) { return last }
                if Date() >= deadline {
                    throw ScreenNotShown(expectation: "timed out after \(timeout)s waiting for \(what)", lastScreen: last)
                }
                Thread.sleep(forTimeInterval: 0.05)
            }
        }
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func screen(containing text: String, timeout: Double = 60) async throws -> String {
        try await screen("screen to contain \(text.debugDescription)", timeout: timeout) { $0.contains(text) }
    }

    /// Sends tmux key names, off the pool.
    func press(_ keys: String...) async throws {
        try await offPool { for key in keys { try self.send(key) } }
    }

    /// Types text literally, off the pool.
    func typeOffPool(_ text: String) async throws {
        try await offPool { try self.type(text) }
    }
}

/// The screen never showed what a test waited for; the last screen is in the message.
struct ScreenNotShown: Error, CustomStringConvertible {
    let expectation: String
    let lastScreen: String
    var description: String { "\(expectation)\n--- last screen ---\n\(lastScreen)" }
}
