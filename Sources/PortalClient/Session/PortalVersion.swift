import Foundation

/// The two families of Liferay portals Termlets speaks to.
///
/// 7.0 to 7.3 share the `v7` service paths; 6.2 has its own (no context prefixes, `screens-web`
/// plugin, other wrapper classes). Build numbers below 7000 are 6.2, the rest 7.x.
public enum PortalVersion: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case v62 = "6.2"
    case v7 = "7"

    /// The version for a portal build number such as 6205 or 7010.
    public init(buildNumber: Int) {
        self = buildNumber < 7000 ? .v62 : .v7
    }

    /// Parses `6.2`, `62`, `7`, `7.0`…`7.4`, `70`…`74` (as typed on a command line or stored in a config file).
    public init?(parsing text: String) {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "6.2", "62", "v62": self = .v62
        case "7", "7.0", "7.1", "7.2", "7.3", "7.4", "70", "71", "72", "73", "74", "v7": self = .v7
        default: return nil
        }
    }

    public var description: String { rawValue }
}
