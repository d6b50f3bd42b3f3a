/// A theme loaded by a `ThemeLibrary`, with its cell files; resolves a field's cell by name.
public struct LoadedTheme: Sendable, Equatable {
    public var theme: Theme
    /// What went wrong or was ignored while loading, one sentence each, e.g.
    /// `"…/Themes/ocean/theme: line 7: unknown colour 'blu' … — using the default theme"`.
    public var warnings: [String]
    /// Cell files of the theme and of the themes it extends (nearest wins), by file name.
    public var cells: [String: CellLayout]
    /// Cell files of the `default` theme, by file name.
    public var defaultCells: [String: CellLayout]
    /// The theme's `[cell]` section: what a cell file leaves nil.
    public var cellDefaults: CellLayout
    /// The theme's named colours (after `extends`).
    public var palette: [String: Color]
    /// The theme file's `description` (nil when it gives none), for pickers and listings.
    public var description: String?

    public init(theme: Theme, warnings: [String] = [], cells: [String: CellLayout] = [:],
                defaultCells: [String: CellLayout] = [:], cellDefaults: CellLayout = CellLayout(),
                palette: [String: Color] = [:]) {
        self.theme = theme
        self.warnings = warnings
        self.cells = cells
        self.defaultCells = defaultCells
        self.cellDefaults = cellDefaults
        self.palette = palette
    }

    /// The kind names of `DDLField<Kind>Cell` files.
    public static let cellKinds = [
        "Boolean", "Text", "TextBox", "Integer", "Decimal", "Date", "Radio", "Select",
        "Document", "Image", "Geolocation", "Unsupported",
    ]

    /// `"DDLCustomField<FieldName>Cell"` then `"DDLField<Kind>Cell"` (names used as given).
    public static func cellNames(fieldName: String, kind: String) -> [String] {
        ["DDLCustomField\(fieldName)Cell", "DDLField\(kind)Cell"]
    }

    /// Whether `fileName` has the form of a cell file name.
    public static func isCellFileName(_ fileName: String) -> Bool {
        (fileName.hasPrefix("DDLCustomField") && fileName.count > "DDLCustomFieldCell".count
            || fileName.hasPrefix("DDLField") && fileName.count > "DDLFieldCell".count)
            && fileName.hasSuffix("Cell") && !fileName.contains(".")
    }

    /// Most specific first: the custom-field cell in this theme, in the default theme, the kind
    /// cell in this theme, in the default theme. Returns the file name found and its layout, with
    /// what it leaves nil taken from the theme's `[cell]` section; nil when none exists.
    public func resolveCell(fieldName: String, kind: String) -> (name: String, layout: CellLayout)? {
        let names = Self.cellNames(fieldName: fieldName, kind: kind)
        for name in names {
            if let layout = cells[name] ?? defaultCells[name] { return (name, layout.filled(from: cellDefaults)) }
        }
        return nil
    }

    /// The layout for a field: `resolveCell`'s, else the theme's `[cell]` defaults.
    public func cell(fieldName: String, kind: String) -> CellLayout {
        resolveCell(fieldName: fieldName, kind: kind)?.layout ?? cellDefaults
    }

    /// This theme with every colour (theme and cells) mapped to what a terminal of `depth` can show.
    public func adapted(to depth: ColorDepth) -> LoadedTheme {
        guard depth != .trueColor else { return self }
        var copy = self
        copy.theme = theme.adapted(to: depth)
        copy.cells = cells.mapValues { $0.adapted(to: depth) }
        copy.defaultCells = defaultCells.mapValues { $0.adapted(to: depth) }
        copy.cellDefaults = cellDefaults.adapted(to: depth)
        copy.palette = palette.mapValues { $0.downgraded(to: depth) }
        return copy
    }
}
