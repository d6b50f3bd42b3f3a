import Foundation

/// Where the cache of one (server, user) pair lives: a private folder under the cache directory,
/// holding `cache.sqlite` (plus its WAL and shared-memory files), `cache.lock` and `files/`.
///
/// The folder name is derived from the server URL and the user id: readable (`portal.example.com-8080_test-liferay.com`),
/// safe (only `[a-z0-9._-]`, never `.` or `..`, at most 100 characters) and unique (a 64-bit hash of
/// the exact pair is appended, so `a/b` and `a-b` never share a database).
public struct CacheLocation: Sendable, Equatable {
    /// The folder of this (server, user) pair.
    public let folder: URL

    /// A location inside `cacheDirectory` for `server` and `userId`.
    public init(cacheDirectory: URL, server: String, userId: String) {
        folder = cacheDirectory.appendingPathComponent(
            Self.folderName(server: server, userId: userId), isDirectory: true)
    }

    /// A location in an explicit folder (tests, tools).
    public init(folder: URL) {
        self.folder = folder
    }

    /// The SQLite database file.
    public var databaseURL: URL { folder.appendingPathComponent("cache.sqlite") }
    /// The lock file that serialises opening and migrating between processes.
    public var lockURL: URL { folder.appendingPathComponent("cache.lock") }
    /// The folder for the copies of files waiting in the upload queue.
    public var filesDirectory: URL { folder.appendingPathComponent("files", isDirectory: true) }

    /// The folder name for a (server, user) pair. Pure: the same input always gives the same name.
    public static func folderName(server: String, userId: String) -> String {
        let normalizedServer = normalize(server: server)
        let readable = safeComponent(stripScheme(normalizedServer)) + "_" + safeComponent(userId)
        let clipped = String(readable.prefix(100))
        let digest = fnv1a64(normalizedServer + "\u{0}" + userId)
        return clipped + "_" + String(digest, radix: 16).leftPadded(to: 16)
    }

    /// Trims whitespace and trailing slashes, lowercases the scheme and host.
    static func normalize(server: String) -> String {
        var text = server.trimmingCharacters(in: .whitespacesAndNewlines)
        while text.hasSuffix("/") { text.removeLast() }
        guard var components = URLComponents(string: text), components.host != nil else { return text }
        components.scheme = components.scheme?.lowercased()
        components.host = components.host?.lowercased()
        return components.string ?? text
    }

    private static func stripScheme(_ server: String) -> String {
        guard let range = server.range(of: "://") else { return server }
        return String(server[range.upperBound...])
    }

    /// Replaces each run of characters outside `[a-z0-9.]` with `-`, and trims dots and dashes at
    /// both ends so that the result is never hidden, never `.` or `..`, and never empty.
    static func safeComponent(_ text: String) -> String {
        var out = ""
        var lastWasDash = false
        for scalar in text.lowercased().unicodeScalars {
            let isSafe = (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") || scalar == "."
            if isSafe {
                out.unicodeScalars.append(scalar)
                lastWasDash = false
            } else if !lastWasDash {
                out.append("-")
                lastWasDash = true
            }
        }
        let trimmed = out.trimmingCharacters(in: CharacterSet(charactersIn: ".-"))
        return trimmed.isEmpty ? "x" : trimmed
    }

    /// FNV-1a, 64 bits: stable across runs and platforms (unlike `Hasher`).
    static func fnv1a64(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
