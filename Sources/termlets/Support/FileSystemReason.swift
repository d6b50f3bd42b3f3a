import Foundation

/// A file-system failure in the system's own words ("No such file or directory", "Not a
/// directory"), never a Foundation `NSError` dump.
enum FileSystemReason {
    /// The POSIX reason under `error`, else its description.
    static func of(_ error: any Error) -> String {
        posixReason(error) ?? (error as NSError).localizedDescription
    }

    /// Why creating the folder `path` (with its parents) failed. Foundation does not always keep
    /// the POSIX cause, so it is then asked of the first missing folder on the way.
    static func creating(_ path: String, _ error: any Error) -> String {
        if let reason = posixReason(error) { return reason }
        var missing = URL(fileURLWithPath: path).standardizedFileURL
        while true {
            let parent = missing.deletingLastPathComponent()
            if parent.path == missing.path || FileManager.default.fileExists(atPath: parent.path) { break }
            missing = parent
        }
        if mkdir(missing.path, 0o700) != 0 { return String(cString: strerror(errno)) }
        return (error as NSError).localizedDescription
    }

    private static func posixReason(_ error: any Error) -> String? {
        var current: (any Error)? = error
        while let candidate = current {
            if let posix = candidate as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
            let bridged = candidate as NSError
            if bridged.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(bridged.code))) }
            current = bridged.userInfo[NSUnderlyingErrorKey] as? any Error
        }
        return nil
    }
}
