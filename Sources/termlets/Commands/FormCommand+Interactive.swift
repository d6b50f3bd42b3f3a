import ArgumentParser
import CursesBackend
import DDM
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import OfflineStore
import PortalClient
import PortalEmulator
import Screenlets
import Screens
import TermUI

/// The options only the interactive form screen takes.
struct InteractiveFormOptions: ParsableArguments {
    @Option(help: "false shows the record read-only (the screen only).")
    var editable = true

    @Option(name: .customLong("show-submit-button"), help: "false hides the Submit button at the end of the form (Ctrl-S still submits).")
    var showSubmitButton = true

    @Option(help: "The theme of the form screen: default, mono, compact, or a folder under TERMLETS_THEMES_DIR (default: the one chosen in the settings; NO_COLOR: mono).")
    var theme: String?
}

/// `termlets form` on a terminal with no `--set`, `--submit`, `--format` or `--events`: the
/// interactive form screen (docs/form-screen.md).
extension FormCommand {
    /// Whether to open the screen: standard input and output are terminals and nothing asks for
    /// the non-interactive behaviour.
    var opensScreen: Bool {
        InteractiveScreen.isAvailable && assignments.isEmpty && !submit && !draft && format == nil && eventsFile == nil
    }

    func runInteractive() async throws {
        let settings = try ResolvedSettings.resolve(connection)
        guard let recordSetId = recordSetIdOption ?? (settings.target == .embeddedEmulator ? DemoIDs.everyFieldRecordSetId : nil) else {
            throw CommandFailure(.input, "--record-set-id is required with a configured portal")
        }
        // As in the browser: without --offline-policy, the one chosen in the settings, so a submit
        // while the portal is away is queued and automatic sync sends it later.
        let policies = try Self.policies(offlinePolicy ?? Self.settingsPolicy(settings))
        let theme = Self.loadTheme(named: interactive.theme ?? settings.stored.theme)
        // A form read from the cache first opens without waiting for the portal: the login runs
        // behind the screen (docs/offline.md, "The cached form opens at once").
        let logsInBehind = policies.load == .cacheFirst || policies.load == .cacheOnly
        try await connection.withConnection(
            allowOffline: policies.submit != .remoteOnly || policies.load != .remoteOnly, logsInBehind: logsInBehind
        ) { connection in
            let cache = try OfflineCache.open(connection.settings)
            if let login = connection.loginBehind {
                let connectivity = cache.connectivity
                Task {
                    if let failure = await login.value, failure.kind == .network, !failure.isUntrustedCertificate {
                        connectivity.reportUnreachable()
                    }
                }
            }
            var attributes = attributes(connection, policies: policies)
            attributes.recordSetId = recordSetId
            attributes.autoLoad = true
            attributes.editable = interactive.editable
            attributes.showSubmitButton = interactive.showSubmitButton
            let locale = PortalLocale(connection.settings.locale) ?? .enUS
            let screenlet = Self.screenlet(connection, cache: cache, attributes: attributes)
            let pending = (try? PendingQueue(database: cache).listing().count) ?? 0
            let status = ConnectionStatus(
                server: ConnectionStatus.serverName(connection.emulator != nil ? nil : connection.session.context.serverURL),
                user: connection.user.emailAddress.isEmpty ? connection.user.screenName : connection.user.emailAddress,
                online: !connection.isOffline, pendingWrites: pending)
            let keys = UserKeys.load(from: settings.configDirectory)
            var configuration = FormScreenConfiguration(
                loadedTheme: theme, keyMap: keys.keyMap, connection: status, showSubmitButton: interactive.showSubmitButton,
                initialSize: Self.terminalSize() ?? Size(width: 80, height: 24),
                today: Self.today(), workingDirectory: FileManager.default.currentDirectoryPath)
            configuration.notice = theme.warnings.first ?? keys.notice
            configuration.listPaths = Self.localPaths
            // The login behind a cached form starts once the form is drawn (docs/offline.md).
            if let gate = connection.loginBehindGate { configuration.afterFirstLoadShown = { gate.open() } }
            // Writes queued while the portal is away go out once it answers, as in the browser.
            let autoSync = AutoSync(database: cache, connection: connection)
            await autoSync.setEnabled(settings.stored.autoSync ?? true)
            configuration.autoSync = autoSync.services
            let screen = FormScreen(screenlet: screenlet, configuration: configuration, locale: locale,
                                    editable: interactive.editable)
            do {
                let final = try await CursesTerminal.run(screen)
                if let farewell = final.farewell { Console.err(farewell.inertForTerminal() + "\n") }
            } catch let error as CursesTerminalError {
                await autoSync.close()
                await screenlet.close()
                throw CommandFailure(.input, "cannot open the terminal: \(error)")
            }
            await autoSync.close()
            await screenlet.close()
        }
    }

    /// The theme by name from the standard search paths (TERMLETS_THEMES_DIR first); without a
    /// name, `mono` under `NO_COLOR` (or on a terminal without colours), else `default`. A theme that
    /// cannot be loaded falls back to the default one with a warning (shown when the screen opens).
    static func loadTheme(named name: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> LoadedTheme {
        let depth = ColorDepth.detect(environment: environment)
        let library = ThemeFolders.library(environment: environment)
        return library.load(ThemeLibrary.themeName(requested: name, colorDepth: depth)).adapted(to: depth)
    }

    /// The offline policy chosen in the settings screen (remote-first when none or unreadable).
    static func settingsPolicy(_ settings: ResolvedSettings) -> String {
        settings.stored.offlinePolicy.flatMap { try? LoadPolicy(parsing: $0) }?.rawValue ?? AppSettings.defaultOfflinePolicy
    }

    /// The terminal's size now, so the first scroll decisions use it (resizes follow as events).
    static func terminalSize() -> Size? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return Size(width: Int(size.ws_col), height: Int(size.ws_row))
    }

    /// Today's date in the local time zone (the calendar starts there). From the C library, not
    /// `Calendar.current`, which loads ICU's locale and calendar data (about 2 MiB resident) just
    /// to open the form.
    static func today() -> CalendarDate {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil,
            let date = CalendarDate(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else { return CalendarDate(year: 2000, month: 1, day: 1)! }
        return date
    }

    /// The file system for the document prompt's Tab completion (the screens read none themselves).
    static let localPaths: @Sendable (String, String) -> [String] = { text, directory in
        LocalPaths.completions(of: text, limit: 1_000, currentDirectory: directory)
    }
}
