import Foundation

/// Where Termlets keeps its files: the XDG base directories, overridable per run.
enum Directories {
    /// `--config-dir`, else `$XDG_CONFIG_HOME/termlets`, else `~/.config/termlets`.
    static func config(override: String?, environment: [String: String]) -> URL {
        resolve(override: override, xdgVariable: "XDG_CONFIG_HOME", fallback: ".config", environment: environment)
    }

    /// `--cache-dir`, else `$XDG_CACHE_HOME/termlets`, else `~/.cache/termlets`.
    static func cache(override: String?, environment: [String: String]) -> URL {
        resolve(override: override, xdgVariable: "XDG_CACHE_HOME", fallback: ".cache", environment: environment)
    }

    private static func resolve(
        override: String?, xdgVariable: String, fallback: String, environment: [String: String]
    ) -> URL {
        if let override, !override.isEmpty {
            return URL(fileURLWithPath: (override as NSString).expandingTildeInPath, isDirectory: true)
        }
        if let base = environment[xdgVariable], base.hasPrefix("/") {
            return URL(fileURLWithPath: base, isDirectory: true).appendingPathComponent("termlets", isDirectory: true)
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home, isDirectory: true)
            .appendingPathComponent(fallback, isDirectory: true)
            .appendingPathComponent("termlets", isDirectory: true)
    }

    /// Creates `directory` (and its parents) readable by the user alone.
    static func ensurePrivate(_ directory: URL) throws(CommandFailure) {
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandFailure(.input, "cannot create \(directory.path): \(FileSystemReason.creating(directory.path, error))")
        }
    }
}
