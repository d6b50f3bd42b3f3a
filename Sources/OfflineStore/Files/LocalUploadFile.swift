import Foundation
import DDM

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A local file accepted for upload (a form's document or image field, a gallery image), online
/// or offline. The one place that decides what may be uploaded:
///
/// - links are resolved, and what they lead to is judged: only a **regular file** is accepted
///   (not a folder, FIFO, device, socket, nor a file under `/proc`, `/sys` or `/dev`, whose sizes
///   lie);
/// - at most ``maximumSize`` bytes (60 MiB: below the 64 MiB request limit of the emulator and
///   Liferay's default upload limit of 100 MB), judged by its real size, so a sparse file is no
///   exception;
/// - it is judged on the **opened descriptor** (`O_NONBLOCK`, so a FIFO cannot hang the open;
///   `fstat` of the descriptor, not of the path), and the queue's private copy is read from a
///   descriptor judged the same way, so a file swapped between the check and the copy is judged
///   again.
///
/// Each refusal is an ``UploadFileRefusal`` (an `input` error on the command line).
public struct LocalUploadFile: Sendable, Equatable {
    /// The file the path leads to, links resolved.
    public let url: URL
    /// Its size in bytes.
    public let size: Int64
    /// What its first bytes say it is (`nil`: not a kind Termlets recognises).
    public let content: FileContentKind?

    /// The largest file accepted: 60 MiB.
    public static let maximumSize: Int64 = 60 << 20

    /// Accepts `path` (a leading `~` is expanded) or refuses it; `image` also requires its content
    /// to be an image (judged by its first bytes, not its name).
    public static func accept(_ path: String, image: Bool = false) throws(UploadFileRefusal) -> LocalUploadFile {
        let opened = try OpenedUploadFile(path)
        defer { opened.close() }
        let file = LocalUploadFile(url: opened.url, size: opened.size, content: FileContentKind.sniff(opened.leadingBytes()))
        if image { try file.requireImage(named: path) }
        return file
    }

    /// Refuses a file whose content is not an image.
    public func requireImage(named path: String) throws(UploadFileRefusal) {
        guard let content, content.isImage else {
            let looks = content.map { " (it looks like \($0.description))" } ?? ""
            throw UploadFileRefusal("\(path) is not an image\(looks); images are PNG, JPEG, GIF, WebP or BMP files")
        }
    }

    /// Copies the file at `path` into `destination` (created with mode 0600, never over an
    /// existing file or link), judging it again on the descriptor it reads from. A partial copy
    /// is removed.
    static func copy(_ path: String, to destination: URL) throws(UploadFileRefusal) {
        let opened = try OpenedUploadFile(path)
        defer { opened.close() }
        let output = open(destination.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard output >= 0 else {
            throw UploadFileRefusal("cannot keep a copy of \(path) for upload: \(String(cString: strerror(errno)))")
        }
        var failure: String?
        var copied: Int64 = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        copying: while true {
            let count = buffer.withUnsafeMutableBytes { read(opened.descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                failure = "cannot read \(path): \(String(cString: strerror(errno)))"
                break
            }
            if count == 0 { break }
            copied += Int64(count)
            guard copied <= opened.size else {
                failure = "\(path) grew while it was being copied"
                break
            }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, count - written) }
                if step < 0 {
                    if errno == EINTR { continue }
                    failure = "cannot keep a copy of \(path) for upload: \(String(cString: strerror(errno)))"
                    break copying
                }
                written += step
            }
        }
        if failure == nil, copied != opened.size { failure = "\(path) shrank while it was being copied" }
        if failure == nil, fsync(output) != 0 {
            failure = "cannot keep a copy of \(path) for upload: \(String(cString: strerror(errno)))"
        }
        Glibc.close(output)
        if let failure {
            unlink(destination.path)
            throw UploadFileRefusal(failure)
        }
    }
}

/// Why a local file was refused for upload; `message` names the file.
public struct UploadFileRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// A file opened for reading and judged on its descriptor; close it after use.
struct OpenedUploadFile {
    let url: URL
    let descriptor: Int32
    let size: Int64

    init(_ path: String) throws(UploadFileRefusal) {
        let expanded = (path as NSString).expandingTildeInPath
        guard let resolved = realpath(expanded, nil) else {
            throw UploadFileRefusal("\(path): \(errno == ENOENT ? "no such file" : String(cString: strerror(errno)))")
        }
        let real = String(cString: resolved)
        free(resolved)
        let descriptor = open(real, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw UploadFileRefusal("\(path): cannot be read (\(String(cString: strerror(errno))))")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(descriptor)
            throw UploadFileRefusal("\(path): cannot be read (\(reason))")
        }
        let kind = status.st_mode & S_IFMT
        let refusal: String?
        switch kind {
        case S_IFREG:
            if Self.systemFolders.contains(where: { real.hasPrefix($0) }) {
                refusal = "\(path) is a system file (\(real)), not a file to upload"
            } else if Int64(status.st_size) > LocalUploadFile.maximumSize {
                refusal = "\(path) is \(ByteSize.text(Int64(status.st_size))), over the upload limit of \(ByteSize.text(LocalUploadFile.maximumSize))"
            } else {
                refusal = nil
            }
        case S_IFDIR: refusal = "\(path) is a folder, not a file"
        case S_IFIFO: refusal = "\(path) is a FIFO (named pipe), not a regular file"
        case S_IFCHR, S_IFBLK: refusal = "\(path) is a device, not a regular file"
        case S_IFSOCK: refusal = "\(path) is a socket, not a regular file"
        default: refusal = "\(path) is not a regular file"
        }
        if let refusal {
            Glibc.close(descriptor)
            throw UploadFileRefusal(refusal)
        }
        // Reads block from here on (a regular file never waits long).
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        self.url = URL(fileURLWithPath: real)
        self.descriptor = descriptor
        self.size = Int64(status.st_size)
    }

    /// Up to 32 bytes from the start of the file (for ``FileContentKind/sniff(_:)``).
    func leadingBytes() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 32)
        let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        return Array(bytes.prefix(max(count, 0)))
    }

    func close() { Glibc.close(descriptor) }

    /// Where the kernel's pseudo-files live (links already resolved): their sizes are not their
    /// content (`/proc/self/mem` reports 0 bytes and cannot be read from its start).
    static let systemFolders = ["/proc/", "/sys/", "/dev/"]
}
