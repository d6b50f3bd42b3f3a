import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files and folders readable by the user alone, and an advisory lock shared between processes.
enum PrivateFiles {
    /// Creates `folder` (mode 0700) if missing; a folder we create is chmod-ed explicitly so the
    /// process umask cannot widen it. Existing folders are left as they are.
    static func ensureFolder(_ folder: URL) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw OfflineStoreError.io("\(folder.path) is not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw OfflineStoreError.io("cannot create \(folder.path): \(error.localizedDescription)")
        }
        try restrict(folder.path, mode: 0o700)
    }

    /// Creates `path` with mode 0600 when it does not exist, and forces 0600 when it does.
    static func ensurePrivateFile(_ path: String) throws {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw OfflineStoreError.io("cannot create \(path): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        try restrict(path, mode: 0o600)
    }

    /// Sets the mode of `path` when it exists.
    static func restrict(_ path: String, mode: mode_t) throws {
        guard chmod(path, mode) == 0 || errno == ENOENT else {
            throw OfflineStoreError.io("cannot restrict \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Runs `body` holding an exclusive `flock` on `lockPath` (created 0600). Other processes
    /// wait; the lock is released when `body` returns or throws, and by the kernel if we die.
    static func withExclusiveLock<T>(_ lockPath: String, _ body: () throws -> T) throws -> T {
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw OfflineStoreError.io("cannot open \(lockPath): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw OfflineStoreError.io("cannot lock \(lockPath): \(String(cString: strerror(errno)))")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Whether a process with this id exists (signal 0 probes without sending anything).
    static func processIsAlive(_ pid: Int32) -> Bool {
        guard pid > 0 else { return false }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    static var currentProcessID: Int32 { getpid() }
}
