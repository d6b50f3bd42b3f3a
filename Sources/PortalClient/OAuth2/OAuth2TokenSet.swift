import Foundation

/// The tokens of an OAuth 2 sign-in: an access token, the refresh token that renews it (none for
/// client credentials) and when the access token expires.
///
/// The tokens are used but never shown: `description`, `debugDescription`, `dump` and string
/// interpolation print `<redacted>` in their place.
public struct OAuth2TokenSet: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public let accessToken: String
    public let refreshToken: String?
    /// When the access token expires (epoch milliseconds); `nil` when the portal did not say.
    public let expiresAt: Int64?
    /// The scopes granted, space-separated, as the portal answered.
    public let scope: String?

    public init(accessToken: String, refreshToken: String?, expiresAt: Int64?, scope: String? = nil) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.expiresAt = expiresAt
        self.scope = scope
    }

    /// The `Authorization` header value: `Bearer <access token>`.
    var authorizationHeader: String { "Bearer " + accessToken }

    /// Whether the access token has expired (or will within `margin` milliseconds) by `now`. No
    /// margin by default: a portal's short lifetime would otherwise renew before every request, and
    /// a token that expires on the way is refused and renewed anyway.
    public func isExpired(now: Int64 = OAuth2TokenSet.nowMs(), margin: Int64 = 0) -> Bool {
        guard let expiresAt else { return false }
        return expiresAt - margin <= now
    }

    /// Every form in which these tokens could come back in untrusted text. For redaction only.
    var formsForRedaction: [String] {
        [accessToken, "Bearer " + accessToken] + (refreshToken.map { [$0] } ?? [])
    }

    /// Whether `token` can travel in a header: 1 to 8,192 visible ASCII characters (no space, no
    /// control character a hostile portal could use to inject a header).
    public static func isWellFormed(_ token: String) -> Bool {
        !token.isEmpty && token.utf8.count <= 8192 && token.utf8.allSatisfy { (0x21...0x7E).contains($0) }
    }

    /// The clock's time in epoch milliseconds.
    public static func nowMs() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

    public var description: String {
        "OAuth2TokenSet(accessToken: <redacted>, refreshToken: \(refreshToken == nil ? "none" : "<redacted>"), expiresAt: \(expiresAt.map(String.init) ?? "unknown"))"
    }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["accessToken": "<redacted>", "refreshToken": refreshToken == nil ? "none" : "<redacted>",
                                "expiresAt": expiresAt as Any], displayStyle: .struct)
    }
}
