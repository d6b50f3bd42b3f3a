import Foundation

/// HTTP Basic credentials: a login (e-mail address, screen name or numeric user id, as typed)
/// and a password.
///
/// The password can be used to authenticate but is never shown: `description`,
/// `debugDescription`, `dump` and string interpolation all print `<redacted>` in its place.
public struct Credentials: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// What the user typed as their login.
    public let username: String
    private let secret: String

    public init(username: String, password: String) {
        self.username = username
        self.secret = password
    }

    /// How the portal is asked who the user is, from the shape of the login.
    public enum LoginKind: Sendable, Hashable {
        case emailAddress, userId, screenName
    }

    /// `@` means an e-mail address, all digits a user id, anything else a screen name.
    public var loginKind: LoginKind {
        if username.contains("@") { return .emailAddress }
        if !username.isEmpty, username.allSatisfy({ $0.isASCII && $0.isNumber }) { return .userId }
        return .screenName
    }

    /// The `Authorization` header value: `Basic base64(username:password)`.
    var authorizationHeader: String {
        "Basic " + Data("\(username):\(secret)".utf8).base64EncodedString()
    }

    /// Every form in which these credentials could come back in untrusted text: the password,
    /// `user:password`, its base64 (with and without padding) and the `Basic` header value.
    /// For redaction only.
    var formsForRedaction: [String] {
        let pair = "\(username):\(secret)"
        let encoded = Data(pair.utf8).base64EncodedString()
        var unpadded = encoded
        while unpadded.hasSuffix("=") { unpadded.removeLast() }
        let urlSafe = unpadded.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        return [secret, pair, encoded, unpadded, urlSafe, "Basic " + encoded]
    }

    public var description: String { "Credentials(username: \(username), password: <redacted>)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror {
        Mirror(self, children: ["username": username, "password": "<redacted>"], displayStyle: .struct)
    }
}
