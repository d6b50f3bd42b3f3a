/// Tab completion of a local path, as a shell does it, for the prompts that ask for a file (the
/// form's document picker, the gallery's upload). Pure: the entries that match come from the
/// program (`OfflineStore.LocalPaths`), the screens read no file system.
public enum PathCompletion {
    /// A completion step: the text to put in the prompt and, when several names matched, them all.
    public struct Result: Equatable, Sendable {
        /// The text with the longest common completion applied.
        public let text: String
        /// The names that matched (shown when there are several).
        public let candidates: [String]
    }

    /// One Tab press on `text`, given the full paths that complete it (`matches`, sorted; folders
    /// end in `/`): a single match completes fully, several extend the text to their longest common
    /// prefix and are listed as candidates (their last components).
    public static func complete(_ text: String, matches: [String]) -> Result {
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
