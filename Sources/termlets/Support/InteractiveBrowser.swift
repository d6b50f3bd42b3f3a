import Screens

/// Runs the portal browser on a connection — `termlets`, and `list` and `bookmarks` on a terminal
/// — with the stored settings (theme, language, offline policy) and automatic sync while it runs.
enum InteractiveBrowser {
    static func run(_ connection: CacheReadingConnection, start: PortalBrowser.Start = .sites) async throws {
        let autoSync = AutoSync(connection)
        let settings = SettingsStore(connection.settings) { new in await autoSync?.setEnabled(new.autoSync) }
        await autoSync?.setEnabled(settings.settings.autoSync)
        let browser = PortalBrowser(
            services: ScreenServices.browser(connection, settings: settings, autoSync: autoSync),
            size: InteractiveScreen.currentSize(), status: ScreenServices.status(connection), start: start,
            keyMap: settings.keys.keyMap, theme: settings.browserTheme(), notice: settings.keys.notice)
        defer { if let report = settings.keys.report { Console.err(report) } }
        do {
            try await InteractiveScreen.run(browser)
        } catch {
            await autoSync?.close()
            throw error
        }
        await autoSync?.close()
    }
}
