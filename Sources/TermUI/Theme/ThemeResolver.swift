/// A theme file read from a layer: its text and where it came from (for messages).
struct ThemeSourceFile: Sendable, Equatable {
    var text: String
    /// E.g. `/home/ada/.config/termlets/Themes/ocean/theme` or `built-in Themes/default/theme`.
    var origin: String
}

/// A failure to load a theme, fully described (origin and line included).
struct ThemeLoadError: Error, Sendable, Equatable {
    var message: String
}

/// Merges a theme's `extends` chain and resolves palette names into a `Theme`.
struct ThemeResolver {
    /// One theme of a chain.
    struct Link {
        var themeName: String
        var definition: ThemeDefinition
        var origin: String
    }

    struct Result {
        var theme: Theme
        /// The merged palette, as colour words (cell files resolve through it).
        var paletteWords: [String: String]
        var palette: [String: Color]
        /// The merged `[cell]` sections.
        var cellDefaults: CellLayout
    }

    /// `chain` is root first (the theme named last extends the one before it, and so on);
    /// later entries override earlier ones key by key, and palette names are resolved after merging,
    /// so a theme that changes a palette entry recolours every style its parents wrote with it.
    static func resolve(name: String, chain: [Link]) throws(ThemeLoadError) -> Result {
        var paletteEntries: [String: (entry: ThemeFileEntry, origin: String)] = [:]
        var styleEntries: [String: (entry: ThemeFileEntry, origin: String)] = [:]
        var styleOrder: [String] = []
        var glyphs: [String: String] = [:]
        var cellEntries: [String: (entry: ThemeFileEntry, origin: String)] = [:]
        for link in chain {
            for entry in link.definition.palette { paletteEntries[entry.key] = (entry, link.origin) }
            for entry in link.definition.styles {
                if styleEntries[entry.key] == nil { styleOrder.append(entry.key) }
                styleEntries[entry.key] = (entry, link.origin)
            }
            for entry in link.definition.glyphs { glyphs[entry.key] = entry.value }
            for entry in link.definition.cell { cellEntries[entry.key] = (entry, link.origin) }
        }
        let words = paletteEntries.mapValues(\.entry.value)
        var palette: [String: Color] = [:]
        for (name, source) in paletteEntries.sorted(by: { $0.key < $1.key }) {
            do { palette[name] = try ThemeValues.color(source.entry.value, palette: words) } catch {
                throw ThemeLoadError(message: error.at(source.entry.line).describe(origin: source.origin))
            }
        }
        var theme = Theme(name: name, glyphs: glyphs)
        for key in styleOrder {
            guard let source = styleEntries[key] else { continue }
            do {
                let style = try ThemeValues.style(source.entry.value, palette: words)
                if key == "base" {
                    theme.base = style
                } else {
                    let styleKey = try ThemeValues.styleKey(key)
                    theme.set(style, for: styleKey.component, state: styleKey.state)
                }
            } catch {
                throw ThemeLoadError(message: error.at(source.entry.line).describe(origin: source.origin))
            }
        }
        var cellDefaults = CellLayout()
        for (_, source) in cellEntries.sorted(by: { $0.value.entry.line < $1.value.entry.line }) {
            do { _ = try CellFile.apply(source.entry, to: &cellDefaults) } catch {
                throw ThemeLoadError(message: error.describe(origin: source.origin))
            }
        }
        return Result(theme: theme, paletteWords: words, palette: palette, cellDefaults: cellDefaults)
    }
}
