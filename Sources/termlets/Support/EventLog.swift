import Foundation
import Screenlets

/// `--events FILE`: a screenlet's events as JSON lines, appended as they happen.
final class EventLog: Sendable {
    private let handle: FileHandle
    private let path: String

    /// Creates (or truncates) `path`, a regular file readable by the user alone; `-` is standard error.
    init(path: String) throws(CommandFailure) {
        self.path = path
        if path == "-" {
            handle = FileHandle.standardError
            return
        }
        handle = try PrivateFile.openForWriting(path, what: "--events")
    }

    /// Writes every event of `events` until the stream ends; run it in a task.
    func record<Event: JSONLineEvent>(_ events: AsyncStream<Event>) async {
        var failed = false
        for await event in events where !failed {
            do {
                try handle.write(contentsOf: Data(event.jsonLine.utf8))
            } catch {
                failed = true
                PrivateFile.warnWriteFailure(path, error)
            }
        }
    }

    /// Starts recording `events` in the background, or does nothing without a log.
    static func start<Event: JSONLineEvent>(_ path: String?, _ events: AsyncStream<Event>) throws(CommandFailure)
        -> Task<Void, Never>?
    {
        guard let path else { return nil }
        let log = try EventLog(path: path)
        return Task { await log.record(events) }
    }
}
