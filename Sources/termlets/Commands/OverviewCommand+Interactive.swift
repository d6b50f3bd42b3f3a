import Screens

extension OverviewCommand {
    /// `termlets` on a terminal without `--format`: the portal browser instead of the overview.
    var opensBrowser: Bool { format == nil && InteractiveScreen.isAvailable }

    /// Runs the portal browser: sites → record sets and folders → lists → sync view, settings.
    /// The cache is always open, so the settings can choose any offline policy during the run.
    func runBrowser() async throws {
        try await connection.withCacheReadingConnection(policy: .remoteFirst, probed: true) { connection in
            try await InteractiveBrowser.run(connection)
        }
    }
}
