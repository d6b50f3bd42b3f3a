/// Loads one theme from layers: the `extends` chain, the palette, styles, glyphs and cell files.
struct ThemeLoader {
    var layers: ThemeLayers

    func load(_ name: String) throws(ThemeLoadError) -> LoadedTheme {
        let chain = try chain(for: name)
        let resolved = try ThemeResolver.resolve(name: name, chain: chain)
        var warnings = chain.flatMap { link in link.definition.warnings.map { $0.describe(origin: link.origin) } }
        if let declared = chain.last?.definition.name, declared != name, let origin = chain.last?.origin {
            warnings.append("\(origin): the file says name = \(declared) but the theme's folder is '\(name)'; using '\(name)'")
        }
        // Cell files may use the theme's palette names, and the default theme's (cells of the default
        // theme are read with whichever theme is active).
        let cellPalette = defaultPaletteWords(within: chain).merging(resolved.paletteWords) { _, own in own }
        let cells = loadCells(themes: chain.reversed().map(\.themeName), palette: cellPalette, warnings: &warnings)
        let defaultCells = loadCells(themes: [ThemeLibrary.defaultThemeName], palette: cellPalette, warnings: &warnings)
        var seen: Set<String> = []
        warnings = warnings.filter { seen.insert($0).inserted }
        var loaded = LoadedTheme(theme: resolved.theme, warnings: warnings, cells: cells, defaultCells: defaultCells,
                                 cellDefaults: resolved.cellDefaults, palette: resolved.palette)
        loaded.description = chain.last?.definition.description
        return loaded
    }

    /// The default theme's merged palette as colour words; empty when it cannot be read. Taken from
    /// `loaded` (a theme's chain) when the default theme is in it — the default theme itself, or one
    /// that extends it — rather than read and decoded again.
    private func defaultPaletteWords(within loaded: [ThemeResolver.Link]) -> [String: String] {
        let defaultChain: [ThemeResolver.Link]
        if let index = loaded.firstIndex(where: { $0.themeName == ThemeLibrary.defaultThemeName }) {
            defaultChain = Array(loaded[...index])
        } else {
            guard let read = try? chain(for: ThemeLibrary.defaultThemeName) else { return [:] }
            defaultChain = read
        }
        var words: [String: String] = [:]
        for link in defaultChain {
            for entry in link.definition.palette { words[entry.key] = entry.value }
        }
        return words
    }

    /// The definitions from the root of the `extends` chain to `name`.
    func chain(for name: String) throws(ThemeLoadError) -> [ThemeResolver.Link] {
        var links: [ThemeResolver.Link] = []
        var visited: [String] = []
        var current = name
        while true {
            guard ThemeLibrary.isThemeName(current) else {
                throw ThemeLoadError(message: "'\(current)' is not a theme name (letters, digits, '.', '-', '_')")
            }
            if visited.contains(current) {
                throw ThemeLoadError(message: "themes extend each other in a circle: \((visited + [current]).joined(separator: " → "))")
            }
            visited.append(current)
            guard let file = try layers.read(theme: current, file: "theme") else {
                let available = layers.themeNames().sorted().joined(separator: ", ")
                throw ThemeLoadError(message: visited.count == 1
                    ? "no theme named '\(current)' (available: \(available))"
                    : "'\(visited[visited.count - 2])' extends '\(current)', which does not exist (available: \(available))")
            }
            let definition: ThemeDefinition
            do { definition = try ThemeDefinition.decode(file.text) } catch {
                throw ThemeLoadError(message: error.describe(origin: file.origin))
            }
            links.insert(ThemeResolver.Link(themeName: current, definition: definition, origin: file.origin), at: 0)
            guard let parent = definition.extends else { return links }
            current = parent
        }
    }

    /// Cell files of `themes` (nearest first; the first theme having a file wins). A broken cell
    /// file is reported and skipped, so resolution goes on to the next name.
    func loadCells(themes: [String], palette: [String: String], warnings: inout [String]) -> [String: CellLayout] {
        var cells: [String: CellLayout] = [:]
        for theme in themes {
            for fileName in layers.fileNames(theme: theme).sorted() where cells[fileName] == nil {
                guard LoadedTheme.isCellFileName(fileName) else {
                    if fileName.hasPrefix("DDL") {
                        warnings.append("\(theme)/\(fileName): not used — cell files are named DDLField<Kind>Cell or DDLCustomField<Name>Cell, without extension")
                    }
                    continue
                }
                do {
                    guard let file = try layers.read(theme: theme, file: fileName) else { continue }
                    do {
                        let decoded = try CellFile.decode(file.text, palette: palette)
                        cells[fileName] = decoded.layout
                        warnings += decoded.warnings.map { $0.describe(origin: file.origin) }
                    } catch {
                        warnings.append("\(error.describe(origin: file.origin)) — cell file ignored")
                    }
                } catch {
                    warnings.append("\(error.message) — cell file ignored")
                }
            }
        }
        return cells
    }
}
