import Foundation

/// Completes a local path as a shell does: the entries of the folder typed so far whose names
/// start with the last component; folders end in `/`; `~` is the home folder; hidden entries
/// only when the component starts with a dot. Sorted, at most `limit`.
public enum PathCompletion {
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
}
