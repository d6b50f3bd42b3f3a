import DDM
import Foundation

/// Proof Key for Code Exchange (RFC 7636) with the S256 method, and the random `state` that ties
/// an authorization redirect to the request that asked for it.
public struct PKCE: Sendable {
    /// The secret kept by the client and sent with the code exchange: 43 characters of base64url.
    public let verifier: String
    /// BASE64URL(SHA-256(verifier)), sent with the authorization request.
    public var challenge: String { Self.challenge(for: verifier) }

    public init(verifier: String = PKCE.randomToken()) {
        self.verifier = verifier
    }

    /// BASE64URL(SHA-256(`verifier`)) without padding.
    public static func challenge(for verifier: String) -> String {
        base64URL(SHA256.digest(Array(verifier.utf8)))
    }

    /// 32 bytes from the system's secure generator, base64url without padding (43 characters).
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL((0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
