import DDM
import Foundation
import GRDB

/// A registered OAuth 2 application (`oauth2Application`).
struct OAuth2ApplicationRow: Sendable, Decodable, FetchableRecord {
    var clientId: String
    /// Nil for a public client (a native application with PKCE).
    var clientSecret: String?
    var name: String
    /// `NATIVE_APPLICATION`, `HEADLESS_SERVER`, … (Liferay's client profiles).
    var clientProfile: String
    var redirectURIs: [String]
    /// A loopback redirect URI (`http://127.0.0.1`, `localhost` or `[::1]`) matches on any port.
    var anyLoopbackPort: Bool
    /// `authorization_code_pkce`, `refresh_token`, `client_credentials`.
    var grantTypes: [String]
    var clientCredentialsUserId: Int64
    var scopes: String

    func allows(_ grant: String) -> Bool { grantTypes.contains(grant) }

    /// Whether `uri` is one of the registered redirect URIs; with `anyLoopbackPort`, any plain
    /// `http://` loopback URI (any port and path, no user info or fragment) is accepted too.
    func accepts(redirectURI uri: String) -> Bool {
        if redirectURIs.contains(uri) { return true }
        guard anyLoopbackPort, let given = URLComponents(string: uri), given.scheme == "http", let host = given.host,
              ["127.0.0.1", "localhost", "[::1]", "::1"].contains(host) else { return false }
        return given.user == nil && given.password == nil && given.fragment == nil
    }

    static func fetch(_ db: Database, clientId: String) throws -> OAuth2ApplicationRow? {
        try fetchOne(db, sql: "SELECT * FROM oauth2Application WHERE clientId = ?", arguments: [clientId])
    }
}

enum OAuth2Applications {
    static let demoScopes = "Liferay.Headless.Delivery.everything Liferay.Object.Admin.REST.everything.read C_Ticket.everything C_Customer.everything liferay-json-web-services.everything"

    static func createDemo(in db: Database) throws {
        try insert(db, clientId: DemoObjectIDs.nativeClientId, secret: nil, name: "Termlets", profile: "NATIVE_APPLICATION",
                   redirectURIs: ["http://127.0.0.1/callback", "http://localhost/callback", "/o/oauth2/redirect"], anyLoopbackPort: true,
                   grants: ["authorization_code_pkce", "refresh_token"], userId: 0)
        try insert(db, clientId: DemoObjectIDs.scriptsClientId, secret: DemoObjectIDs.scriptsClientSecret, name: "Termlets scripts",
                   profile: "HEADLESS_SERVER", redirectURIs: [], anyLoopbackPort: false, grants: ["client_credentials"],
                   userId: DemoIDs.adminUserId)
    }

    static func insert(_ db: Database, clientId: String, secret: String?, name: String, profile: String, redirectURIs: [String],
                       anyLoopbackPort: Bool, grants: [String], userId: Int64) throws {
        try db.execute(sql: """
            INSERT INTO oauth2Application (clientId, clientSecret, name, clientProfile, redirectURIs, anyLoopbackPort, grantTypes,
                clientCredentialsUserId, scopes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, arguments: [clientId, secret, name, profile, JSONValue.array(redirectURIs.map { .string($0) }).serialized(), anyLoopbackPort,
                             JSONValue.array(grants.map { .string($0) }).serialized(), userId, demoScopes])
    }
}
