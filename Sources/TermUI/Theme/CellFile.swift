/// Reads cell files (`DDLField<Kind>Cell`, `DDLCustomField<Name>Cell`) and a theme's `[cell]`
/// section into `CellLayout`s.
enum CellFile {
    /// The keys before any section (and in a theme's `[cell]` section).
    static let scalarKeys = ["label", "label-width", "label-suffix", "prefix", "suffix", "placeholder", "value-format"]

    /// A cell file; colour words are resolved through `palette`. Throws its first error.
    static func decode(_ text: String, palette: [String: String]) throws(ThemeFileProblem)
        -> (layout: CellLayout, warnings: [ThemeFileProblem]) {
        var layout = CellLayout()
        var warnings: [ThemeFileProblem] = []
        var warnedSections: Set<String> = []
        for entry in try ThemeFileSyntax.parse(text) {
            switch entry.section {
            case "":
                if !(try apply(entry, to: &layout)) {
                    warnings.append(ThemeFileProblem(
                        line: entry.line, message: "unknown key '\(entry.key)' (\(scalarKeys.joined(separator: ", "))) — ignored"))
                }
            case "styles":
                do {
                    let key = try ThemeValues.styleKey(entry.key)
                    layout.styles[key] = try ThemeValues.style(entry.value, palette: palette)
                } catch {
                    throw error.at(entry.line)
                }
            case "glyphs":
                guard ThemeValues.isComponentName(Substring(entry.key)) else {
                    throw ThemeFileProblem(line: entry.line, message: "'\(entry.key)' is not a glyph name (e.g. checkbox.on)")
                }
                layout.glyphs[entry.key] = entry.value
            default:
                if warnedSections.insert(entry.section).inserted {
                    warnings.append(ThemeFileProblem(
                        line: entry.line, message: "unknown section [\(entry.section)] (styles, glyphs) — its lines are ignored"))
                }
            }
        }
        return (layout, warnings)
    }

    /// Applies one scalar key; false when the key is unknown.
    static func apply(_ entry: ThemeFileEntry, to layout: inout CellLayout) throws(ThemeFileProblem) -> Bool {
        switch entry.key {
        case "label":
            guard let position = CellLabelPosition(rawValue: entry.value) else {
                throw ThemeFileProblem(line: entry.line, message: "label must be left, above or hidden, not '\(entry.value)'")
            }
            layout.labelPosition = position
        case "label-width":
            guard let width = Int(entry.value), (0...200).contains(width) else {
                throw ThemeFileProblem(line: entry.line, message: "label-width must be a number of columns from 0 to 200, not '\(entry.value)'")
            }
            layout.labelWidth = width
        case "label-suffix": layout.labelSuffix = entry.value
        case "prefix": layout.prefix = entry.value
        case "suffix": layout.suffix = entry.value
        case "placeholder": layout.placeholder = entry.value
        case "value-format":
            guard let format = CellValueFormat(rawValue: entry.value) else {
                let formats = CellValueFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw ThemeFileProblem(line: entry.line, message: "value-format must be one of \(formats), not '\(entry.value)'")
            }
            layout.valueFormat = format
        default:
            return false
        }
        return true
    }
}

extension CellLayout {
    /// This layout with its nil properties taken from `defaults` (glyphs and styles: this one's win).
    public func filled(from defaults: CellLayout) -> CellLayout {
        CellLayout(
            labelPosition: labelPosition ?? defaults.labelPosition,
            labelWidth: labelWidth ?? defaults.labelWidth,
            labelSuffix: labelSuffix ?? defaults.labelSuffix,
            prefix: prefix ?? defaults.prefix,
            suffix: suffix ?? defaults.suffix,
            placeholder: placeholder ?? defaults.placeholder,
            valueFormat: valueFormat ?? defaults.valueFormat,
            glyphs: defaults.glyphs.merging(glyphs) { _, own in own },
            styles: defaults.styles.merging(styles) { _, own in own }
        )
    }
}
