import PortalClient

/// What a portal's capabilities mean for the user, in words.
enum CapabilityWords {
    /// The reason DDL record values cannot be read on a portal without the Screens plugin.
    static let noScreensPlugin =
        "this portal has no Screens plugin: DDL record values cannot be read through its remote APIs; new records can still be added"

    /// The overview's paragraph: one line per capability, present or not.
    static func describe(_ capabilities: PortalCapabilities) -> String {
        [
            capabilities.screensPlugin
                ? "Screens plugin: yes — record sets can be listed, read and edited."
                : "Screens plugin: no — DDL record values cannot be read through this portal's remote APIs; new records can still be added.",
            "Headless delivery: \(capabilities.headlessDelivery ? "yes" : "no") — documents over REST.",
            "Liferay Objects: \(capabilities.objects ? "yes" : "no").",
            "OAuth 2: \(capabilities.oauth2 ? "yes" : "no").",
        ].joined(separator: "\n")
    }
}

extension CacheReadingConnection {
    /// `error` in the user's words when it is a Screens call answering "No JSON web service action"
    /// and the portal, probed again (and stored), has no Screens plugin: a `server` failure
    /// `record set N: this portal has no Screens plugin: …`. `nil` for any other error.
    func noScreensPluginFailure(_ error: any Error, recordSetId: Int64) async -> PortalError? {
        guard let portal = error as? PortalError, PortalSession.isMissingAction(portal), let online else { return nil }
        guard await !online.capabilities(refresh: true).screensPlugin else { return nil }
        return PortalError(kind: .server, message: "record set \(recordSetId): \(CapabilityWords.noScreensPlugin)")
    }
}
