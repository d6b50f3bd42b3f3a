/// The layers theme files are taken from, first wins file by file: the given file sets (each
/// usually a folder holding `<theme>/` folders), then the built-in copies of the shipped themes.
/// Pure: the files were read by the program's edge.
struct ThemeLayers: Sendable {
    var sets: [ThemeFileSet]
    var includesBuiltIns: Bool

    /// The first layer's copy of `<theme>/<file>`; a file that exists but could not be read throws.
    func read(theme: String, file: String) throws(ThemeLoadError) -> ThemeSourceFile? {
        let key = "\(theme)/\(file)"
        for set in sets {
            if let problem = set.unreadable[key] { throw ThemeLoadError(message: "\(set.origin)/\(key): \(problem)") }
            if let text = set.files[key] { return ThemeSourceFile(text: text, origin: "\(set.origin)/\(key)") }
        }
        if includesBuiltIns, let text = BuiltInThemes.files[key] {
            return ThemeSourceFile(text: text, origin: "built-in Themes/\(key)")
        }
        return nil
    }

    /// The file names in `<theme>/` over every layer.
    func fileNames(theme: String) -> Set<String> {
        let prefix = "\(theme)/"
        var names: Set<String> = []
        for key in allKeys() where key.hasPrefix(prefix) {
            names.insert(String(key.dropFirst(prefix.count)))
        }
        return names
    }

    /// Themes with a theme file in some layer.
    func themeNames() -> Set<String> {
        var names: Set<String> = []
        for key in allKeys() where key.hasSuffix("/theme") {
            let name = String(key.dropLast("/theme".count))
            if ThemeLibrary.isThemeName(name) { names.insert(name) }
        }
        return names
    }

    private func allKeys() -> Set<String> {
        var keys = sets.reduce(into: Set<String>()) { $0.formUnion($1.keys) }
        if includesBuiltIns { keys.formUnion(BuiltInThemes.files.keys) }
        return keys
    }
}
