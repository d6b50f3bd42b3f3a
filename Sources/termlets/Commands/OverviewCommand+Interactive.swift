import Screens

extension OverviewCommand {
    /// `termlets` on a terminal without `--format`: the portal browser instead of the overview.
    var opensBrowser: Bool { format == nil && InteractiveScreen.isAvailable }

    /// Runs the portal browser: sites → record sets and folders → lists → sync view.
    func runBrowser() async throws {
        try await connection.withCacheReadingConnection(policy: .remoteFirst) { connection in
            let browser = PortalBrowser(
                services: ScreenServices.browser(connection), size: InteractiveScreen.currentSize(),
                status: ScreenServices.status(connection))
            try await InteractiveScreen.run(browser)
        }
    }
}
