import Synchronization

/// A theme loaded by a `ThemeLibrary`, with its cell files; resolves a field's cell by name.
public struct LoadedTheme: Sendable, Equatable {
    public var theme: Theme
    /// What went wrong or was ignored while loading, one sentence each, e.g.
    /// `"…/Themes/ocean/theme: line 7: unknown colour 'blu' … — using the default theme"`.
    public var warnings: [String]
    /// Cell files of the theme and of the themes it extends (nearest wins), by file name.
    public var cells: [String: CellLayout] { didSet { resolvedCells = ResolvedCells() } }
    /// Cell files of the `default` theme, by file name.
    public var defaultCells: [String: CellLayout] { didSet { resolvedCells = ResolvedCells() } }
    /// The theme's `[cell]` section: what a cell file leaves nil.
    public var cellDefaults: CellLayout { didSet { resolvedCells = ResolvedCells() } }
    /// `resolveCell`'s answers so far (screens ask for every visible row's cell on every frame).
    private var resolvedCells = ResolvedCells()
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
        let key = ResolvedCells.Key(fieldName: fieldName, kind: kind)
        if let known = resolvedCells.lookup(key) { return known }
        let resolved = resolveCellUncached(fieldName: fieldName, kind: kind)
        resolvedCells.store(resolved, for: key)
        return resolved
    }

    private func resolveCellUncached(fieldName: String, kind: String) -> (name: String, layout: CellLayout)? {
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

/// A loaded theme's memo of resolved cells: a reference shared by copies of the theme until one of
/// them changes its cells (then that copy gets a new, empty memo).
final class ResolvedCells: Sendable, Equatable {
    struct Key: Hashable, Sendable {
        var fieldName: String
        var kind: String
    }

    private struct Entry: Sendable {
        var resolved: (name: String, layout: CellLayout)?
    }

    private let table = Mutex<[Key: Entry]>([:])

    /// The memo of a lookup: nil when not resolved yet; `.some(nil)` when no cell file matched.
    func lookup(_ key: Key) -> (name: String, layout: CellLayout)?? {
        table.withLock { $0[key].map(\.resolved) }
    }

    func store(_ resolved: (name: String, layout: CellLayout)?, for key: Key) {
        table.withLock { table in
            // One entry per field of the forms shown; the cap bounds a misuse.
            if table.count >= 65_536 { table.removeAll(keepingCapacity: true) }
            table[key] = Entry(resolved: resolved)
        }
    }

    /// Memos never make two themes differ.
    static func == (lhs: ResolvedCells, rhs: ResolvedCells) -> Bool { true }
}
