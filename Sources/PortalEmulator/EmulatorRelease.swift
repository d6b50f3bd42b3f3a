/// Which kind of portal the emulator stands for, beyond the JSON-WS generation (`PortalVersion`).
public enum EmulatorRelease: String, Sendable, Hashable, CaseIterable {
    /// Liferay 6.2 or 7.0–7.3 with the Liferay Screens plugin (the default).
    case screensPlugin
    /// A stock Liferay 7.4: no Screens plugin (its actions are "no such action"), no Bookmarks,
    /// core DDL JSON-WS, Liferay Objects, headless-delivery documents and OAuth 2. JSON-WS answers
    /// in the 7.x forms.
    case liferay74

    /// Reads the `--portal-version` spellings of the emulator: `7.4` (also `7.4.x`, `74`) is a
    /// stock 7.4; anything else is left to `PortalVersion(argument:)`.
    public static func stock74(argument: String) -> Bool {
        ["7.4", "7.4.x", "74", "7.4.3"].contains(argument.trimmingCharacters(in: .whitespaces).lowercased())
    }
}
