import Foundation
import GRDB

/// OAuth 2 access and refresh tokens (`oauth2Token`): opaque random strings kept in the portal's
/// database, so a restart on the same data directory keeps them.
enum OAuth2Tokens {
    /// Access tokens live 10 minutes, as Liferay's default; refresh tokens a week.
    static let accessLifetimeMs: Int64 = 600_000
    static let refreshLifetimeMs: Int64 = 7 * 86_400_000

    /// The token of an `Authorization: Bearer <token>` header.
    static func bearerToken(_ authorization: String) -> String? {
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    /// The user a live access token stands for.
    static func user(_ db: Database, accessToken: String, now: Int64) throws -> UserRow? {
        try UserRow.fetchOne(db, sql: """
            SELECT user.* FROM oauth2Token JOIN user ON user.userId = oauth2Token.userId
            WHERE oauth2Token.accessToken = ? AND oauth2Token.revoked = 0 AND oauth2Token.accessExpiresAt > ?
            """, arguments: [accessToken, now])
    }

    /// A new random token: 32 bytes, base64url.
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return base64URL(bytes)
    }

    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Issues an access token (and a refresh token when `withRefresh`), returning the token response.
    static func issue(_ db: Database, clientId: String, userId: Int64, scope: String, withRefresh: Bool, now: Int64,
                      accessLifetimeMs: Int64 = OAuth2Tokens.accessLifetimeMs) throws -> [String: String] {
        let access = random()
        let refresh = withRefresh ? random() : nil
        try db.execute(sql: """
            INSERT INTO oauth2Token (accessToken, refreshToken, clientId, userId, scope, accessExpiresAt, refreshExpiresAt)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, arguments: [access, refresh, clientId, userId, scope, now + accessLifetimeMs, now + refreshLifetimeMs])
        var answer = ["access_token": access, "scope": scope]
        if let refresh { answer["refresh_token"] = refresh }
        return answer
    }
}
