import DDM
import Foundation
import OfflineStore
import Screens
import Synchronization
import TermUI

/// The interactive screens' settings for this run: language, theme and offline policy, read from
/// `config.json` at start (a `--locale` given for the run wins), changed by the settings screen,
/// which writes them back. The browser's services read them each time they open a screen, so a
/// save applies to every screen opened after it.
///
/// Only the interactive screens follow the stored theme and offline policy: commands that print
/// (`list --format`, `form --submit`…) keep their documented defaults, so a user's settings never
/// change what a script gets.
final class SettingsStore: Sendable {
    private let current: Mutex<AppSettings>
    private let configDirectory: URL
    private let environment: [String: String]
    private let onChange: @Sendable (AppSettings) async -> Void
    /// The user's keys (`<config-dir>/keys`), read once per run.
    let keys: UserKeys

    /// The settings of `settings` (the stored ones, `--locale` winning); `onChange` hears each save.
    init(_ settings: ResolvedSettings, environment: [String: String] = ProcessInfo.processInfo.environment,
         onChange: @escaping @Sendable (AppSettings) async -> Void = { _ in }) {
        let stored = settings.stored
        let policy = stored.offlinePolicy.flatMap { try? LoadPolicy(parsing: $0) } ?? .remoteFirst
        current = Mutex(AppSettings(
            locale: settings.locale, theme: stored.theme, offlinePolicy: policy.rawValue, autoSync: stored.autoSync ?? true))
        configDirectory = settings.configDirectory
        self.environment = environment
        self.onChange = onChange
        keys = UserKeys.load(from: settings.configDirectory)
    }

    /// The settings now.
    var settings: AppSettings { current.withLock { $0 } }

    /// How the screens read: the stored offline policy.
    var loadPolicy: LoadPolicy { (try? LoadPolicy(parsing: settings.offlinePolicy)) ?? .remoteFirst }

    /// How the screens write under that policy (`cache-then-remote` writes remote-first).
    var submitPolicy: SubmitPolicy {
        let load = loadPolicy
        return load == .cacheThenRemote ? .remoteFirst : (try? SubmitPolicy(parsing: load.rawValue)) ?? .remoteFirst
    }

    /// The locale the screens show.
    var locale: PortalLocale { PortalLocale(settings.locale) ?? .enUS }

    /// The stored theme, loaded and adapted to the terminal (the default one, with a warning, when
    /// it cannot be read).
    func loadedTheme() -> LoadedTheme {
        FormCommand.loadTheme(named: settings.theme, environment: environment)
    }

    /// The look of the browser's menus and list screens.
    func browserTheme() -> Theme {
        let monochrome = ColorDepth.detect(environment: environment) == .monochrome
        return loadedTheme().theme.withListComponents(monochrome: monochrome)
    }

    /// The themes the settings offer: every theme found, with its description.
    func themeChoices() -> [SettingsForm.Choice] {
        let library = ThemeFolders.library(environment: environment)
        return library.availableThemes().map { name in
            let description = library.load(name).description
            return SettingsForm.Choice(name, description.map { "\(name) — \($0)" } ?? name)
        }
    }

    /// Keeps `new`: written into `config.json` beside the server context (read again first, so a
    /// `termlets login` made meanwhile is kept), then used by the screens and told to `onChange`.
    /// Returns the file's path.
    func save(_ new: AppSettings) async throws(CommandFailure) -> String {
        var stored = try StoredConfiguration.load(from: configDirectory)
        stored.locale = new.locale
        stored.theme = new.theme
        stored.offlinePolicy = new.offlinePolicy
        stored.autoSync = new.autoSync
        try stored.save(to: configDirectory)
        current.withLock { $0 = new }
        await onChange(new)
        return configDirectory.appendingPathComponent(StoredConfiguration.fileName).path
    }
}
