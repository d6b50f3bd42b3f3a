/// A locale as the portal names it: an underscore identifier such as `es_ES`, or a bare language
/// such as `es`, which is kept literally (the fallback rules treat `es` and `es_ES` differently).
public struct PortalLocale: Sendable, Hashable, CustomStringConvertible {
    /// The identifier exactly as the portal writes it, e.g. `es_ES` or `es`.
    public let identifier: String
    /// The language code, e.g. `es`.
    public let language: String
    /// The region code, e.g. `ES`, or `nil` for a bare language.
    public let region: String?

    /// Reads `ll`, `ll_CC` or `ll_CC_variant` (a BCP-47 `ll-CC` is accepted and written with an
    /// underscore). Returns `nil` for anything else, e.g. an empty string or spaces.
    public init?(_ identifier: String) {
        let normalised = identifier.replacingAll("-", with: "_")
        let parts = normalised.split(separator: "_", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCIILetter }),
            parts.count <= 3,
            parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCIIAlphanumeric } })
        else { return nil }
        self.identifier = normalised
        self.language = String(first)
        self.region = parts.count > 1 ? String(parts[1]) : nil
    }

    public var description: String { identifier }

    /// `en_US`, the portal's own default.
    public static let enUS = PortalLocale(unchecked: "en_US", language: "en", region: "US")
    /// `es_ES`.
    public static let esES = PortalLocale(unchecked: "es_ES", language: "es", region: "ES")

    private init(unchecked identifier: String, language: String, region: String?) {
        self.identifier = identifier
        self.language = language
        self.region = region
    }

    /// The portal locale for a device or terminal language (`es`, `es-MX`, `pt_PT.UTF-8`, ...): the
    /// portal supports only some predefined countries. Portuguese maps to `pt_BR` (Liferay Screens
    /// writes the invalid `pr_BR`); anything unknown maps to `en_US`.
    public static func forDeviceLanguage(_ language: String) -> PortalLocale {
        let code = String(language.lowercased().prefix(2))
        let mapped: String
        switch code {
        case "ca": mapped = "ca_ES"
        case "es": mapped = "es_ES"
        case "zh": mapped = "zh_CN"
        case "fi": mapped = "fi_FI"
        case "fr": mapped = "fr_FR"
        case "de": mapped = "de_DE"
        case "iw", "he": mapped = "iw_IL"
        case "hu": mapped = "hu_HU"
        case "ja": mapped = "ja_JP"
        case "pt": mapped = "pt_BR"
        default: return .enUS
        }
        return PortalLocale(mapped) ?? .enUS
    }
}

extension Character {
    var isASCIILetter: Bool { isASCII && isLetter }
    var isASCIIAlphanumeric: Bool { isASCII && (isLetter || isNumber) }
}
