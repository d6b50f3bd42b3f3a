import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one way Termlets writes a file that may hold a secret or the user's data (`config.json`
/// with its password, `--events` logs): created with mode 0600 from its first byte, never through
/// a file that others could read for a moment, and only inside a folder others cannot enter.
enum PrivateFile {
    /// Writes `data` to `file` atomically: a new temporary file beside it is created 0600
    /// (`O_CREAT|O_EXCL|O_NOFOLLOW`), written, flushed to disk, then renamed over `file`.
    /// The folder is made private first (``ensurePrivateFolder(_:warn:)``).
    static func writeAtomically(_ data: Data, to file: URL, warn: (String) -> Void = PrivateFile.warnOnStandardError)
        throws(CommandFailure)
    {
        let folder = file.deletingLastPathComponent()
        try ensurePrivateFolder(folder, warn: warn)
        let (descriptor, temporary) = try createTemporary(beside: file)
        var written = false
        defer {
            if !written { unlink(temporary) }
        }
        guard writeAll(data, to: descriptor), fsync(descriptor) == 0 else {
            let reason = lastError
            close(descriptor)
            throw CommandFailure(.input, "cannot write \(file.path): \(reason)")
        }
        close(descriptor)
        guard rename(temporary, file.path) == 0 else {
            throw CommandFailure(.input, "cannot write \(file.path): \(lastError)")
        }
        written = true
        let folderDescriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// Creates `folder` (and its parents) with mode 0700. An existing folder that others can read,
    /// write or enter is tightened to 0700 before anything is written into it, with a warning; a
    /// folder that cannot be tightened (another user's, or a shared sticky one such as /tmp) is refused.
    static func ensurePrivateFolder(_ folder: URL, warn: (String) -> Void = PrivateFile.warnOnStandardError)
        throws(CommandFailure)
    {
        var status = stat()
        // Followed if a link (a config folder kept with the user's dotfiles); its target is checked.
        if stat(folder.path, &status) != 0 {
            do {
                try FileManager.default.createDirectory(
                    at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw CommandFailure(.input, "cannot create \(folder.path): \(FileSystemReason.creating(folder.path, error))")
            }
            guard chmod(folder.path, 0o700) == 0 else {
                throw CommandFailure(.input, "cannot make \(folder.path) private: \(lastError)")
            }
            return
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            throw CommandFailure(.input, "\(folder.path) is not a folder")
        }
        let mode = status.st_mode & 0o777
        guard mode & 0o077 != 0 else { return }
        // A sticky folder (/tmp) is shared by design: never changed, refused.
        guard status.st_uid == geteuid(), status.st_mode & S_ISVTX == 0, chmod(folder.path, 0o700) == 0 else {
            throw CommandFailure(
                .input,
                "\(folder.path) can be read by other users (mode \(String(mode, radix: 8))) and cannot be made private; "
                    + "use a folder of your own")
        }
        warn(
            "warning: \(folder.path) could be read by other users (mode \(String(mode, radix: 8))); "
                + "made it private (0700) before writing into it")
    }

    /// Opens `path` for writing (created 0600, or truncated and set to 0600), for a log written
    /// as a command runs. Only a regular file (or a new one) is accepted: a FIFO, a device such
    /// as `/dev/full`, a folder or a symbolic link is refused at once, naming `what`.
    static func openForWriting(_ path: String, what: String) throws(CommandFailure) -> FileHandle {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            let reason = errno == ELOOP ? "is a symbolic link" : errno == ENXIO ? "is not a regular file" : lastError
            throw CommandFailure(.input, "\(what) \(path): cannot be written: \(reason)")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw CommandFailure(.input, "\(what) \(path): cannot be written: not a regular file")
        }
        guard fchmod(descriptor, 0o600) == 0, ftruncate(descriptor, 0) == 0 else {
            let reason = lastError
            close(descriptor)
            throw CommandFailure(.input, "\(what) \(path): cannot be written: \(reason)")
        }
        // Writes block normally from here on (O_NONBLOCK only kept a FIFO from hanging the open).
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// A log that could be opened but not written (the disk filled up): one warning, never a crash;
    /// the command's own result is unaffected.
    static func warnWriteFailure(_ path: String, _ error: any Error) {
        let reason = (error as NSError).localizedDescription
        warnOnStandardError("warning: --events \(path): cannot be written (\(reason)); later events are not recorded")
    }

    static func warnOnStandardError(_ line: String) {
        FileHandle.standardError.write(Data((line.inertForTerminal() + "\n").utf8))
    }

    // MARK: Plumbing

    private static func createTemporary(beside file: URL) throws(CommandFailure) -> (Int32, String) {
        for _ in 0..<16 {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let path = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(suffix).tmp").path
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor >= 0 { return (descriptor, path) }
            guard errno == EEXIST else { throw CommandFailure(.input, "cannot write \(file.path): \(lastError)") }
        }
        throw CommandFailure(.input, "cannot write \(file.path): no free temporary name")
    }

    /// Whether every byte was written (`errno` tells why not).
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Bool {
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
