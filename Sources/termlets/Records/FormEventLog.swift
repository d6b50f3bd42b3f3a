import Foundation
import Screenlets

/// `--events FILE`: the form screenlet's events as JSON lines, written as they happen.
/// The file is created readable by the user alone (events hold no secrets, but record data).
/// The handle is only written by the one task running ``write(_:)``.
final class FormEventLog: Sendable {
    private let handle: FileHandle
    private let path: String

    private init(handle: FileHandle, path: String) {
        self.handle = handle
        self.path = path
    }

    /// Creates (or truncates) `path`, a regular file readable by the user alone.
    static func open(_ path: String) throws(CommandFailure) -> FormEventLog {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        return FormEventLog(handle: try PrivateFile.openForWriting(url.path, what: "--events"), path: path)
    }

    /// Writes every event of `events` until it ends, then closes the file.
    func write(_ events: AsyncStream<FormEvent>) async {
        var failed = false
        for await event in events where !failed {
            do {
                try handle.write(contentsOf: Data(FormEventEncoder.line(event).utf8))
            } catch {
                failed = true
                PrivateFile.warnWriteFailure(path, error)
            }
        }
        try? handle.close()
    }
}
