import DDM
import Foundation

/// What the `inspect` subcommands share: reading files, and reading their option values into
/// DDM types with `input` errors (status 1) rather than usage errors.
enum InspectSupport {
    /// The largest file read, in bytes.
    static let maximumFileBytes = DDMStructure.maximumInputBytes

    /// The text of `path`, or of standard input for `-`.
    static func readText(_ path: String) throws -> String {
        let data: Data
        if path == "-" {
            var collected = Data()
            while collected.count <= maximumFileBytes {
                let chunk = FileHandle.standardInput.readData(ofLength: 1 << 16)
                if chunk.isEmpty { break }
                collected.append(chunk)
            }
            data = collected
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CommandFailure(.input, "\(path): no such file")
            }
            guard !isDirectory.boolValue else { throw CommandFailure(.input, "\(path): is a directory") }
            if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? NSNumber,
                size.intValue > maximumFileBytes
            {
                throw CommandFailure(.input, "\(path): larger than \(maximumFileBytes) bytes")
            }
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw CommandFailure(.input, "\(path): cannot be read")
            }
            data = contents
        }
        guard data.count <= maximumFileBytes else {
            throw CommandFailure(.input, "\(path == "-" ? "standard input" : path): larger than \(maximumFileBytes) bytes")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(.input, "\(path == "-" ? "standard input" : path): not UTF-8 text")
        }
        return text
    }

    /// The structure in `path`; a malformed one is an `input` error saying what and where.
    static func readStructure(_ path: String) throws -> DDMStructure {
        let text = try readText(path)
        do {
            return try DDMStructure.parse(text)
        } catch {
            throw CommandFailure(.input, "\(path == "-" ? "standard input" : path): \(error.description)")
        }
    }

    /// `--locale`, or the structure's default locale when none is given.
    static func locale(_ option: String?, default defaultLocale: PortalLocale) throws -> PortalLocale {
        guard let option else { return defaultLocale }
        guard let locale = PortalLocale(option) else {
            throw CommandFailure(.input, "invalid --locale \"\(option)\": expected a locale such as es_ES or a language such as es")
        }
        return locale
    }

    /// `--portal-version`, 7 when none is given.
    static func portalVersion(_ option: String?) throws -> PortalVersion {
        guard let option else { return .v7 }
        guard let version = PortalVersion(argument: option) else {
            throw CommandFailure(.input, "invalid --portal-version \"\(option)\": expected 6.2 or 7")
        }
        return version
    }

    /// `--format json|text`; without it, text on a terminal and JSON otherwise.
    static func format(_ option: String?) throws -> OutputFormat {
        try OutputFormat.resolve(option, allowed: [.json, .text])
    }
}
