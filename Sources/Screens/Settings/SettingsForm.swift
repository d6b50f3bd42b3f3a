import DDM
import Screenlets

/// The settings screen as a form: a DDM structure made here (one select per setting, the current
/// settings as its predefined values, a checkbox for automatic sync, labels in English and
/// Spanish) on a ``LocalFormScreenlet``,
/// so the form screen edits it with the same cells, pickers, validation and keys as a record.
public enum SettingsForm {
    /// One value a setting can take, with what the picker shows.
    public struct Choice: Equatable, Sendable {
        public let value: String
        public let label: String
        /// The label in Spanish, when it differs (a locale's own name does not).
        public let spanishLabel: String?

        public init(_ value: String, _ label: String, _ spanishLabel: String? = nil) {
            self.value = value
            self.label = label
            self.spanishLabel = spanishLabel
        }
    }

    /// The field names (the settings' keys in the form).
    public enum Field {
        public static let locale = "Locale"
        public static let theme = "Theme"
        public static let offlinePolicy = "OfflinePolicy"
        public static let autoSync = "AutoSync"
    }

    /// The theme value meaning "none stored": `mono` without colours, else `default`.
    public static let automaticTheme = "automatic"

    /// The locales Liferay predefines, in their own language.
    public static let locales: [Choice] = [
        Choice("en_US", "English (United States)"), Choice("es_ES", "Español (España)"),
        Choice("ca_ES", "Català (Espanya)"), Choice("de_DE", "Deutsch (Deutschland)"),
        Choice("fr_FR", "Français (France)"), Choice("pt_BR", "Português (Brasil)"),
        Choice("fi_FI", "Suomi (Suomi)"), Choice("hu_HU", "Magyar (Magyarország)"),
        Choice("iw_IL", "Hebrew (Israel)"), Choice("ja_JP", "日本語 (日本)"), Choice("zh_CN", "中文 (中国)"),
    ]

    /// The offline policies, as the screens apply them (reads; writes follow remote-first
    /// unless the policy is remote-only or cache-only).
    public static let offlinePolicies: [Choice] = policyChoices(.enUS)

    /// The offline policies described in `locale`'s language.
    static func policyChoices(_ locale: PortalLocale) -> [Choice] {
        let described: [(String, UIText)] = [
            ("remote-first", .policyRemoteFirst), ("cache-first", .policyCacheFirst), ("cache-then-remote", .policyCacheThenRemote),
            ("remote-only", .policyRemoteOnly), ("cache-only", .policyCacheOnly),
        ]
        return described.map { Choice($0.0, UIText.text($0.1, locale)) }
    }

    /// The structure of the form, showing `current`. `themes` are the themes found (name and
    /// description), offered after "automatic"; a stored value the lists do not have (a theme
    /// since removed, a locale of a portal's own) is offered too, so it is never lost silently.
    public static func structure(current: AppSettings, themes: [Choice]) -> DDMStructure {
        var themeChoices = [Choice(automaticTheme, UIText.text(.themeAutomatic, .enUS), UIText.text(.themeAutomatic, .esES))] + themes
        if let theme = current.theme, !themeChoices.contains(where: { $0.value == theme }) {
            themeChoices.append(Choice(theme, UIText.text(.themeNotFound, .enUS, theme), UIText.text(.themeNotFound, .esES, theme)))
        }
        var localeChoices = locales
        if !localeChoices.contains(where: { $0.value == current.locale }) {
            localeChoices.append(Choice(current.locale, current.locale))
        }
        var policyChoices = zip(offlinePolicies, policyChoices(.esES)).map { Choice($0.value, $0.label, $1.label) }
        if !policyChoices.contains(where: { $0.value == current.offlinePolicy }) {
            policyChoices.append(Choice(
                current.offlinePolicy, UIText.text(.policyUnknown, .enUS, current.offlinePolicy), UIText.text(.policyUnknown, .esES, current.offlinePolicy)))
        }
        let fields = [
            select(
                Field.locale, label: .settingLanguage, tip: .settingLanguageTip,
                choices: localeChoices, current: current.locale),
            select(
                Field.theme, label: .settingTheme, tip: .settingThemeTip,
                choices: themeChoices, current: current.theme ?? automaticTheme),
            select(
                Field.offlinePolicy, label: .settingOfflinePolicy, tip: .settingOfflinePolicyTip,
                choices: policyChoices, current: current.offlinePolicy),
            DDMField(
                name: Field.autoSync, kind: .boolean, editor: "checkbox", dataType: "boolean", rawType: "checkbox",
                labels: localized(.settingAutoSync), tips: localized(.settingAutoSyncTip),
                predefinedValues: Localized([.init(locale: "en_US", value: .bool(current.autoSync))], fallsBackToFirst: true)),
        ]
        return DDMStructure(format: .json, defaultLocale: .enUS, availableLocales: ["en_US", "es_ES"], fields: fields)
    }

    /// The settings a (valid) form holds; `fallback` fills what it does not.
    public static func settings(from model: DDLFormModel, fallback: AppSettings) -> AppSettings {
        func choice(_ field: String) -> String? {
            if case .options(let values)? = model.value(of: field, instance: 0) { return values.first }
            return nil
        }
        let theme = choice(Field.theme)
        var autoSync = fallback.autoSync
        if case .boolean(let on)? = model.value(of: Field.autoSync, instance: 0) { autoSync = on }
        return AppSettings(
            locale: choice(Field.locale) ?? fallback.locale,
            theme: theme == nil ? fallback.theme : (theme == automaticTheme ? nil : theme),
            offlinePolicy: choice(Field.offlinePolicy) ?? fallback.offlinePolicy, autoSync: autoSync)
    }

    /// The settings screenlet: shows `current`; a save hands the new settings to `store`, which
    /// keeps them and says where (e.g. the file's path), and reports what changed.
    public static func screenlet(
        current: AppSettings, themes: [Choice], locale: PortalLocale,
        store: @escaping @Sendable (AppSettings) async throws -> String
    ) -> LocalFormScreenlet {
        let structure = structure(current: current, themes: themes)
        let saved = SavedSettings(current)
        return LocalFormScreenlet(title: UIText.text(.settings, locale), locale: locale, load: { structure }) { model in
            let old = await saved.value
            let new = settings(from: model, fallback: old)
            let place = try await store(new)
            await saved.set(new)
            let changes = new.changes(from: old, locale: locale)
            return changes.isEmpty
                ? UIText.text(.settingsUnchanged, locale, place) : UIText.text(.settingsSaved, locale, changes.joined(separator: ", "), place)
        }
    }

    private static func select(
        _ name: String, label: UIText, tip: UIText, choices: [Choice], current: String
    ) -> DDMField {
        DDMField(
            name: name, kind: .options, editor: "select", dataType: "string", rawType: "select", required: true,
            labels: localized(label), tips: localized(tip),
            predefinedValues: Localized([.init(locale: "en_US", value: .array([.string(current)]))], fallsBackToFirst: true),
            options: choices.map { DDMOption(name: $0.value, value: $0.value, labels: localized($0.label, $0.spanishLabel)) })
    }

    /// A catalog text in both of the structure's languages.
    private static func localized(_ key: UIText) -> Localized<String> {
        localized(UIText.text(key, .enUS), UIText.text(key, .esES))
    }

    private static func localized(_ english: String, _ spanish: String?) -> Localized<String> {
        var translations = [Localized<String>.Translation(locale: "en_US", value: english)]
        if let spanish { translations.append(.init(locale: "es_ES", value: spanish)) }
        return Localized(translations, fallsBackToFirst: true)
    }
}

/// The settings last saved, so each save reports what changed since the one before.
private actor SavedSettings {
    private(set) var value: AppSettings

    init(_ value: AppSettings) { self.value = value }

    func set(_ new: AppSettings) { value = new }
}
