import DDM
import Foundation
import PortalClient

/// The OAuth 2 sign-in `termlets login --oauth2` stores in `<config-dir>/oauth2.json`, beside
/// `config.json` and kept the same way: mode 0600 from its first byte, written atomically
/// (``PrivateFile``), never printed. It holds the tokens, not the client secret: a
/// client-credentials sign-in keeps the path of the secret file it read, and reads it again for a
/// new token.
struct StoredOAuth2: Equatable, Sendable {
    enum Flow: String, Sendable {
        case pkce
        case clientCredentials = "client-credentials"
    }

    var server: String
    var clientId: String
    var flow: Flow
    var accessToken: String
    var refreshToken: String?
    /// Epoch milliseconds.
    var expiresAt: Int64?
    var scope: String?
    /// Absolute path of the client-secret file (client credentials only).
    var clientSecretFile: String?

    static let fileName = "oauth2.json"

    var tokens: OAuth2TokenSet {
        OAuth2TokenSet(accessToken: accessToken, refreshToken: refreshToken, expiresAt: expiresAt, scope: scope)
    }

    /// This sign-in with `tokens` in place of its own.
    func replacing(_ tokens: OAuth2TokenSet) -> StoredOAuth2 {
        var copy = self
        copy.accessToken = tokens.accessToken
        copy.refreshToken = tokens.refreshToken ?? (flow == .pkce ? refreshToken : nil)
        copy.expiresAt = tokens.expiresAt
        copy.scope = tokens.scope ?? scope
        return copy
    }

    static func file(in directory: URL) -> URL { directory.appendingPathComponent(fileName) }

    /// Reads the file in `directory`; `nil` when there is none. A broken file is an `input`
    /// failure naming it.
    static func load(from directory: URL) throws(CommandFailure) -> StoredOAuth2? {
        let file = file(in: directory)
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes: Array(try Data(contentsOf: file)))
        } catch {
            throw CommandFailure(.input, "\(file.path): cannot be read as JSON")
        }
        guard let server = json["server"]?.stringValue, let clientId = json["clientId"]?.stringValue,
              let flow = json["flow"]?.stringValue.flatMap(Flow.init(rawValue:)), let access = json["accessToken"]?.stringValue
        else {
            throw CommandFailure(.input, "\(file.path): not an OAuth 2 sign-in; run termlets login --oauth2 again")
        }
        let refresh = json["refreshToken"]?.stringValue
        guard OAuth2TokenSet.isWellFormed(access), refresh.map(OAuth2TokenSet.isWellFormed) ?? true else {
            throw CommandFailure(.input, "\(file.path): holds a malformed token; run termlets login --oauth2 again")
        }
        return StoredOAuth2(
            server: server, clientId: clientId, flow: flow, accessToken: access, refreshToken: refresh,
            expiresAt: json["expiresAt"]?.int64Value, scope: json["scope"]?.stringValue, clientSecretFile: json["clientSecretFile"]?.stringValue)
    }

    /// Writes the file atomically, 0600 from its first byte.
    func save(to directory: URL) throws(CommandFailure) {
        var members: [String: JSONValue] = [
            "server": .string(server), "clientId": .string(clientId), "flow": .string(flow.rawValue), "accessToken": .string(accessToken),
        ]
        members["refreshToken"] = refreshToken.map(JSONValue.string)
        members["expiresAt"] = expiresAt.map(JSONValue.int)
        members["scope"] = scope.map(JSONValue.string)
        members["clientSecretFile"] = clientSecretFile.map(JSONValue.string)
        let text = JSONValue.object(members).serialized(pretty: true) + "\n"
        try PrivateFile.writeAtomically(Data(text.utf8), to: Self.file(in: directory))
    }

    /// Removes the stored sign-in (a Basic login replaces it).
    static func remove(from directory: URL) throws(CommandFailure) {
        let file = file(in: directory)
        guard unlink(file.path) == 0 || errno == ENOENT else {
            throw CommandFailure(.input, "cannot remove \(file.path): \(String(cString: strerror(errno)))")
        }
    }
}
