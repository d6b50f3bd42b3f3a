import Foundation

/// Tab completion for the document path prompt (run as an effect: it reads the file system).
public enum PathCompletion {
    public struct Result: Equatable, Sendable {
        /// The text with the longest common completion applied.
        public let text: String
        /// The names that matched (shown when there are several).
        public let candidates: [String]
    }

    /// Completes the last path component of `text` against the directory it names (`~` is the
    /// home folder; relative paths start at `directory`). A single match gets a `/` when it is a
    /// folder; several extend the text to their common prefix.
    public static func complete(_ text: String, directory: String = FileManager.default.currentDirectoryPath) -> Result {
        let folderPart: String
        let prefix: String
        if text.hasSuffix("/") || text.isEmpty {
            folderPart = text
            prefix = ""
        } else {
            folderPart = (text as NSString).deletingLastPathComponent.isEmpty ? "" : (text as NSString).deletingLastPathComponent + "/"
            prefix = (text as NSString).lastPathComponent
        }
        var folder = (folderPart as NSString).expandingTildeInPath
        if folder.isEmpty { folder = directory } else if !folder.hasPrefix("/") { folder = directory + "/" + folder }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            .filter { $0.hasPrefix(prefix) && ($0.hasPrefix(".") == prefix.hasPrefix(".")) }
            .sorted()
        guard !names.isEmpty else { return Result(text: text, candidates: []) }
        if names.count == 1 {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder + "/" + names[0], isDirectory: &isDirectory)
            return Result(text: folderPart + names[0] + (isDirectory.boolValue ? "/" : ""), candidates: [])
        }
        var common = names[0]
        for name in names.dropFirst() {
            while !name.hasPrefix(common) { common.removeLast() }
        }
        return Result(text: folderPart + common, candidates: names)
    }
}
