import Foundation

/// The places theme files are read from, first wins file by file: folders (each holding
/// `<theme>/` folders), then the built-in copies of the shipped themes.
struct ThemeLayers: Sendable {
    var directories: [String]
    var includesBuiltIns: Bool

    /// The first layer's copy of `<theme>/<file>`; a file that exists but cannot be read throws.
    func read(theme: String, file: String) throws(ThemeLoadError) -> ThemeSourceFile? {
        for directory in directories {
            let path = "\(directory)/\(theme)/\(file)"
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
                throw ThemeLoadError(message: "\(path): cannot be read")
            }
            guard let text = String(validating: data, as: UTF8.self) else {
                throw ThemeLoadError(message: "\(path): not UTF-8 text")
            }
            return ThemeSourceFile(text: text, origin: path)
        }
        if includesBuiltIns, let text = BuiltInThemes.files["\(theme)/\(file)"] {
            return ThemeSourceFile(text: text, origin: "built-in Themes/\(theme)/\(file)")
        }
        return nil
    }

    /// The file names in `<theme>/` over every layer.
    func fileNames(theme: String) -> Set<String> {
        var names: Set<String> = []
        for directory in directories {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: "\(directory)/\(theme)")) ?? []
            names.formUnion(files)
        }
        if includesBuiltIns {
            for key in BuiltInThemes.files.keys where key.hasPrefix("\(theme)/") {
                names.insert(String(key.dropFirst(theme.count + 1)))
            }
        }
        return names
    }

    /// Themes with a theme file in some layer.
    func themeNames() -> Set<String> {
        var names: Set<String> = []
        for directory in directories {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            where ThemeLibrary.isThemeName(entry) && FileManager.default.fileExists(atPath: "\(directory)/\(entry)/theme") {
                names.insert(entry)
            }
        }
        if includesBuiltIns {
            for key in BuiltInThemes.files.keys where key.hasSuffix("/theme") {
                names.insert(String(key.dropLast("/theme".count)))
            }
        }
        return names
    }
}
