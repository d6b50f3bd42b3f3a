import Foundation

/// A client secret read from a file (`--client-secret-file`), never from the command line where
/// other users could see it in the process list. Surrounding whitespace (a final newline) is dropped.
enum ClientSecretFile {
    static func read(_ path: String) throws(CommandFailure) -> String {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw CommandFailure(.input, "--client-secret-file \(path): no such regular file")
        }
        guard status.st_size <= 4096 else { throw CommandFailure(.input, "--client-secret-file \(path): larger than 4 KiB") }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw CommandFailure(.input, "--client-secret-file \(path): cannot be read as UTF-8 text")
        }
        let secret = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !secret.isEmpty else { throw CommandFailure(.input, "--client-secret-file \(path): the file is empty") }
        return secret
    }

    /// `path` made absolute against the current folder, so a later run from elsewhere finds it.
    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(path).standardizedFileURL.path
    }
}
