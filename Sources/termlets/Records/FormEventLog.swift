import Foundation
import Screenlets

/// `--events FILE`: the form screenlet's events as JSON lines, written as they happen.
/// The file is created readable by the user alone (events hold no secrets, but record data).
/// `@unchecked Sendable`: the handle is only written by the one task running ``write(_:)``.
final class FormEventLog: @unchecked Sendable {
    private let handle: FileHandle

    private init(handle: FileHandle) {
        self.handle = handle
    }

    /// Creates (or truncates) `path`, a regular file readable by the user alone.
    static func open(_ path: String) throws(CommandFailure) -> FormEventLog {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        return FormEventLog(handle: try PrivateFile.openForWriting(url.path, what: "--events"))
    }

    /// Writes every event of `events` until it ends, then closes the file.
    func write(_ events: AsyncStream<FormEvent>) async {
        for await event in events {
            handle.write(Data(FormEventEncoder.line(event).utf8))
        }
        try? handle.close()
    }
}
