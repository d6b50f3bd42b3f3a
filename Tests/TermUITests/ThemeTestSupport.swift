import Foundation
import TermUI
import TermletsTestSupport

/// A temporary folder of theme folders: `write("ocean/theme", "...")`.
final class ThemeFolder: Sendable {
    let directory: TemporaryDirectory
    var path: String { directory.url.path }

    init() throws { directory = try TemporaryDirectory(prefix: "termlets-themes") }

    /// Writes `text` to `<folder>/<relativePath>`, creating folders.
    @discardableResult
    func write(_ relativePath: String, _ text: String) throws -> String {
        let url = directory.path(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A library searching this folder, then the built-in themes.
    var library: ThemeLibrary { ThemeLibrary(searchPaths: [path]) }
}
