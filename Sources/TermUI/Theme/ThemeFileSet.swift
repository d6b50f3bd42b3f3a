/// One layer of theme files as text, keyed `<theme>/<file name>` — what a folder of theme folders
/// holds, read by the program's edge (TermUI reads no files). A file the edge found but could not
/// read is kept as a problem, so loading a theme that needs it says why instead of skipping it.
public struct ThemeFileSet: Sendable, Equatable {
    /// Where the files come from, prefixed to a file's key in messages (a folder's path).
    public var origin: String
    /// File texts by `<theme>/<file name>`.
    public var files: [String: String]
    /// Files found but not readable, by `<theme>/<file name>`: why (“cannot be read”, “not UTF-8 text”).
    public var unreadable: [String: String]

    public init(origin: String, files: [String: String] = [:], unreadable: [String: String] = [:]) {
        self.origin = origin
        self.files = files
        self.unreadable = unreadable
    }

    /// Whether the layer has `<theme>/<file>`, readable or not.
    func contains(theme: String, file: String) -> Bool {
        files["\(theme)/\(file)"] != nil || unreadable["\(theme)/\(file)"] != nil
    }

    /// Every `<theme>/<file>` key, readable or not.
    var keys: Set<String> { Set(files.keys).union(unreadable.keys) }
}
