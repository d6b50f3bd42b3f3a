import Foundation
import TermUI

/// Reads theme folders from disk into the text layers `ThemeLibrary` loads from (TermUI does no
/// file I/O): the standard search paths (docs/themes.md), each a folder of `<theme>/` folders.
enum ThemeFolders {
    /// The library for this process: the standard search paths read now, then the built-in themes.
    /// The executable's path is the running binary's own (not `argv[0]`, which may be a bare name
    /// found on `PATH`).
    static func library(environment: [String: String],
                        executablePath: String = Bundle.main.executablePath ?? CommandLine.arguments.first ?? "")
        -> ThemeLibrary {
        let paths = ThemeLibrary.standardSearchPaths(
            environment: environment, checkoutThemesFolder: checkoutThemesFolder(executablePath: executablePath))
        return ThemeLibrary(layers: paths.map(read(folder:)))
    }

    /// Every file of every `<theme>/` folder in `folder` (theme names only; a missing folder is an
    /// empty layer). A file that cannot be read, or is not UTF-8, is kept as a problem.
    static func read(folder: String) -> ThemeFileSet {
        var set = ThemeFileSet(origin: folder)
        let manager = FileManager.default
        for theme in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] where ThemeLibrary.isThemeName(theme) {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: "\(folder)/\(theme)", isDirectory: &isDirectory), isDirectory.boolValue else {
                continue
            }
            for file in (try? manager.contentsOfDirectory(atPath: "\(folder)/\(theme)")) ?? [] {
                let key = "\(theme)/\(file)"
                let path = "\(folder)/\(key)"
                var isFolder: ObjCBool = false
                guard manager.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue,
                      let data = manager.contents(atPath: path) else {
                    set.unreadable[key] = "cannot be read"
                    continue
                }
                guard let text = String(validating: data, as: UTF8.self) else {
                    set.unreadable[key] = "not UTF-8 text"
                    continue
                }
                set.files[key] = text
            }
        }
        return set
    }

    /// The `Themes` folder of the source checkout holding the executable (a folder with both
    /// `Package.swift` and `Themes/`, found walking up from the binary, through symbolic links).
    static func checkoutThemesFolder(executablePath: String) -> String? {
        guard !executablePath.isEmpty else { return nil }
        var url = URL(fileURLWithPath: executablePath).resolvingSymlinksInPath().deletingLastPathComponent()
        let manager = FileManager.default
        while true {
            let themes = url.appendingPathComponent("Themes").path
            var isDirectory: ObjCBool = false
            if manager.fileExists(atPath: url.appendingPathComponent("Package.swift").path),
               manager.fileExists(atPath: themes, isDirectory: &isDirectory), isDirectory.boolValue {
                return themes
            }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }
}
