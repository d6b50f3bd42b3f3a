import DDM
/// What the settings screen edits: how the interactive screens look and read. Stored by the
/// program (in `config.json`, beside the server context); options given on the command line
/// (`--locale`, `--theme`, `--offline-policy`) still win for one run.
public struct AppSettings: Equatable, Sendable {
    /// The locale of labels, values and the portal's content (`en_US`, `es_ES`…).
    public var locale: String
    /// The theme's name; nil picks one for the terminal (`mono` without colours, else `default`).
    public var theme: String?
    /// How the interactive screens read and write: an offline policy's name (`remote-first`…).
    public var offlinePolicy: String
    /// Whether queued writes are sent on their own as soon as the portal can be reached.
    public var autoSync: Bool

    /// The locale when none is stored.
    public static let defaultLocale = "en_US"
    /// The offline policy when none is stored: the portal, the cache when it cannot be reached.
    public static let defaultOfflinePolicy = "remote-first"

    public init(locale: String = AppSettings.defaultLocale, theme: String? = nil,
                offlinePolicy: String = AppSettings.defaultOfflinePolicy, autoSync: Bool = true) {
        self.locale = locale
        self.theme = theme
        self.offlinePolicy = offlinePolicy
        self.autoSync = autoSync
    }

    /// What differs from `old`, as a user reads it in `locale`'s language (`theme compact,
    /// language es_ES`); empty when nothing does.
    public func changes(from old: AppSettings, locale: PortalLocale = .enUS) -> [String] {
        var changes: [String] = []
        if self.locale != old.locale { changes.append(UIText.text(.changedLanguage, locale, self.locale)) }
        if theme != old.theme { changes.append(UIText.text(.changedTheme, locale, theme ?? SettingsForm.automaticTheme)) }
        if offlinePolicy != old.offlinePolicy { changes.append(UIText.text(.changedOfflinePolicy, locale, offlinePolicy)) }
        if autoSync != old.autoSync { changes.append(UIText.text(autoSync ? .changedAutoSyncOn : .changedAutoSyncOff, locale)) }
        return changes
    }
}
