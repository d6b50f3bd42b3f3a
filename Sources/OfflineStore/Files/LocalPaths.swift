import Foundation

/// The local file system as path completion sees it: the entries of a folder that complete what
/// has been typed. The screens never read the file system; the program hands them this (the form's
/// document picker, the gallery's upload prompt).
public enum LocalPaths {
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
}
