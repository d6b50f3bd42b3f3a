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

    /// Creates (or truncates) `path`.
    static func open(_ path: String) throws(CommandFailure) -> FormEventLog {
        let url = URL(fileURLWithPath: (path as NSString).expandingTildeInPath)
        guard FileManager.default.createFile(atPath: url.path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let handle = try? FileHandle(forWritingTo: url)
        else {
            throw CommandFailure(.input, "--events \(path): cannot be written")
        }
        return FormEventLog(handle: handle)
    }

    /// Writes every event of `events` until it ends, then closes the file.
    func write(_ events: AsyncStream<FormEvent>) async {
        for await event in events {
            handle.write(Data(FormEventEncoder.line(event).utf8))
        }
        try? handle.close()
    }
}
