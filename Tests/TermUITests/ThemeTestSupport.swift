import TermUI

/// A layer of theme files built in memory, as the program's edge would read one folder of theme
/// folders: `write("ocean/theme", "...")`. TermUI parses text only, so its tests feed strings.
final class ThemeFolder {
    private(set) var files = ThemeFileSet(origin: "/themes")
    var path: String { files.origin }

    init() {}

    /// Adds `text` as `<theme>/<file>`; returns the path messages name it by.
    @discardableResult
    func write(_ relativePath: String, _ text: String) -> String {
        files.files[relativePath] = text
        return "\(path)/\(relativePath)"
    }

    /// Marks `<theme>/<file>` as found but unreadable, as the edge does for a file it cannot read.
    func markUnreadable(_ relativePath: String, _ problem: String) {
        files.unreadable[relativePath] = problem
    }

    /// A library reading this layer, then the built-in themes.
    var library: ThemeLibrary { ThemeLibrary(layers: [files]) }
}
