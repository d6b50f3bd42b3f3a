import DDM
import TermUI

/// What the form screen is set up with, beyond the screenlet: looks, keys, the connection shown in
/// the status line, and the screenlet attributes that concern the screen.
public struct FormScreenConfiguration: Sendable {
    public var theme: Theme
    /// Cell looks by field: the theme's resolution (defaults to labels on the left, no extras).
    public var cellLooks: @Sendable (DDMField, Theme) -> FormCellLook
    public var keyMap: KeyMap
    /// Cell renderers registered by cell name (a look of your own; they win over the components' cells).
    public var registry: FormCellRegistry
    /// The field components: how each field is drawn, edited and read (register a custom field's
    /// under `DDLCustomField<Name>`).
    public var components = FieldComponentRegistry.standard
    public var connection: ConnectionStatus
    public var showSubmitButton: Bool
    /// The locales the switch key cycles through (en_US and es_ES, then the structure's).
    public var locales: [PortalLocale]
    /// The size used until the terminal reports one.
    public var initialSize: Size
    /// Today, for the calendar (the screen has no clock of its own).
    public var today: CalendarDate
    /// Where relative document paths start.
    public var workingDirectory: String
    /// The local paths that complete what was typed in the document prompt, relative ones from the
    /// given folder (the program hands the file system in: `OfflineStore.LocalPaths`; none by default).
    public var listPaths: @Sendable (_ text: String, _ directory: String) -> [String] = { _, _ in [] }
    /// Shown in the message area when the screen opens (e.g. why a theme could not be loaded).
    public var notice: String?
    /// What the form edits: a portal's record, or values kept on this machine.
    public var purpose: Purpose = .record
    /// The form was opened from a list (the browser): Esc and `q` go back to it, so the help and
    /// the unsaved-changes prompt say "back"; Ctrl-C still quits the program.
    public var returnsToList = false
    /// Automatic sync's reports, for a form on its own screen (inside the browser, the browser
    /// hands them on as ``FormScreenMessage/connection(online:pendingWrites:)``).
    public var autoSync: AutoSyncServices?
    /// Called once, after the frame that follows the screenlet's first load (successful or not;
    /// from the cache, the form is on screen): work the first frame should not compete with starts
    /// here (the `termlets form` command's login behind a cached form).
    public var afterFirstLoadShown: (@Sendable () -> Void)?

    /// What the form edits, which decides its title and how it speaks of submitting.
    public enum Purpose: Sendable, Equatable {
        /// A record of a record set: titled "<set> — Record N" (or "New record"), a Submit button,
        /// drafts.
        case record
        /// Values kept on this machine (a ``LocalFormScreenlet``, e.g. the settings): titled by
        /// the form's name alone, a Save button, no drafts.
        case local
        /// An entry of a Liferay Objects definition: titled "<objects> — Entry N" (or "New
        /// entry"), a Submit button, drafts.
        case objectEntry
    }

    /// A configuration for a ``LocalFormScreenlet``: the local purpose and its keys (Ctrl-S saves,
    /// no draft key).
    public func forLocalForm() -> FormScreenConfiguration {
        var configuration = self
        configuration.purpose = .local
        configuration.keyMap = keyMap.forLocalForm()
        return configuration
    }

    public init(theme: Theme = .standard, keyMap: KeyMap = .formScreen, registry: FormCellRegistry = FormCellRegistry(),
                connection: ConnectionStatus, showSubmitButton: Bool = true, locales: [PortalLocale] = [.enUS, .esES],
                initialSize: Size = Size(width: 80, height: 24), today: CalendarDate, workingDirectory: String = "/",
                cellLooks: @escaping @Sendable (DDMField, Theme) -> FormCellLook = FormScreenConfiguration.standardLook) {
        self.theme = theme
        self.keyMap = keyMap
        self.registry = registry
        self.connection = connection
        self.showSubmitButton = showSubmitButton
        self.locales = locales
        self.initialSize = initialSize
        self.today = today
        self.workingDirectory = workingDirectory
        self.cellLooks = cellLooks
    }

    /// The look every cell has without theme files: the kind's cell name, the theme's styles.
    public static let standardLook: @Sendable (DDMField, Theme) -> FormCellLook = { field, theme in
        FormCellLook(name: FormCellRegistry.kindCellName(field), theme: theme)
    }

    /// A configuration drawn with a loaded theme: its styles and glyphs, and each field's cell
    /// resolved by name (`DDLCustomField<Name>Cell`, then `DDLField<Kind>Cell`, each in the theme
    /// then in the default theme), else the theme's `[cell]` defaults.
    public init(loadedTheme: LoadedTheme, keyMap: KeyMap = .formScreen, registry: FormCellRegistry = FormCellRegistry(),
                connection: ConnectionStatus, showSubmitButton: Bool = true, locales: [PortalLocale] = [.enUS, .esES],
                initialSize: Size = Size(width: 80, height: 24), today: CalendarDate, workingDirectory: String = "/") {
        self.init(theme: loadedTheme.theme, keyMap: keyMap, registry: registry, connection: connection,
                  showSubmitButton: showSubmitButton, locales: locales, initialSize: initialSize, today: today,
                  workingDirectory: workingDirectory, cellLooks: FormScreenConfiguration.looks(loadedTheme))
    }

    /// Cell looks from a loaded theme's cell files.
    public static func looks(_ loaded: LoadedTheme) -> @Sendable (DDMField, Theme) -> FormCellLook {
        { field, theme in
            let kind = FormCellRegistry.kindName(field)
            if let resolved = loaded.resolveCell(fieldName: field.name, kind: kind) {
                return FormCellLook(name: resolved.name, layout: resolved.layout, theme: theme)
            }
            return FormCellLook(name: "DDLField\(kind)Cell", layout: loaded.cellDefaults, theme: theme)
        }
    }
}
