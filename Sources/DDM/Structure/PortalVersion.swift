/// The portal generation a value or a request is meant for. Liferay 6.2 and 7.x differ in their
/// structure format, their date server format and their service paths.
public enum PortalVersion: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case v62 = "6.2"
    case v7 = "7"

    /// Reads `6.2` or `7` (also `62`, `7.0`, `7.x`, `70`); `nil` for anything else.
    public init?(argument: String) {
        switch argument.trimmingASCIIWhitespace().lowercased() {
        case "6.2", "62", "6.2.x": self = .v62
        case "7", "7.0", "7.x", "70", "7.1", "7.2", "7.3", "7.4": self = .v7
        default: return nil
        }
    }

    public var description: String { rawValue }
}
