import Foundation

/// Tab completion of a local path, as a shell does it, for the prompts that ask for a file (the
/// form's document picker, the gallery's upload). It reads the file system: run it as an effect.
public enum PathCompletion {
    /// A completion step: the text to put in the prompt and, when several names matched, them all.
    public struct Result: Equatable, Sendable {
        /// The text with the longest common completion applied.
        public let text: String
        /// The names that matched (shown when there are several).
        public let candidates: [String]
    }

    /// The entries of the folder typed so far whose names start with the last component, each as
    /// the full text to put in the prompt; folders end in `/`; `~` is the home folder; relative
    /// paths start at `currentDirectory`; hidden entries only when the component starts with a dot.
    /// Sorted, at most `limit`.
    public static func completions(
        of text: String, limit: Int = 50, homeDirectory: String = NSHomeDirectory(),
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> [String] {
        let slash = text.lastIndex(of: "/")
        let folderPart = slash.map { String(text[...$0]) } ?? ""
        let prefix = slash.map { String(text[text.index(after: $0)...]) } ?? text
        var folder = folderPart.isEmpty ? currentDirectory : folderPart
        if folder.hasPrefix("~") { folder = homeDirectory + folder.dropFirst() }
        if !folder.hasPrefix("/") { folder = currentDirectory + "/" + folder }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        let matches = names.filter { $0.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.hasPrefix(".")) }.sorted()
        return matches.prefix(limit).map { name in
            var isFolder: ObjCBool = false
            let full = (folder.hasSuffix("/") ? folder : folder + "/") + name
            _ = FileManager.default.fileExists(atPath: full, isDirectory: &isFolder)
            return folderPart + name + (isFolder.boolValue ? "/" : "")
        }
    }

    /// One Tab press: a single match completes fully (a folder gets its `/`); several extend the
    /// text to their longest common prefix and are listed as candidates (their last components).
    public static func complete(_ text: String, directory: String = FileManager.default.currentDirectoryPath) -> Result {
        let matches = completions(of: text, limit: 1_000, currentDirectory: directory)
        guard let first = matches.first else { return Result(text: text, candidates: []) }
        if matches.count == 1 { return Result(text: first, candidates: []) }
        var common = first
        for match in matches.dropFirst() {
            while !match.hasPrefix(common) { common.removeLast() }
        }
        let folderPart = text.lastIndex(of: "/").map { String(text[...$0]) } ?? ""
        let names = matches.map { match in
            var name = String(match.dropFirst(folderPart.count))
            if name.hasSuffix("/") { name.removeLast() }
            return name
        }
        return Result(text: common, candidates: names)
    }
}
