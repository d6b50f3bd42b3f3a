import DDM
import Foundation
import GRDB

/// The result of one JSON web service request, ready to be written as HTTP.
struct InvokeOutcome: Sendable {
    var status: Int
    var body: JSONValue
    /// The service paths the request carried, in order (for the journal and counters).
    var servicePaths: [String]
    var headers: [(String, String)] = []
}

/// Runs JSON web service commands as the portal's `/api/jsonws/invoke` does: in order, with
/// positional results; the first failure answers the whole request with the version's error shape
/// (the commands before it stay done).
struct Invoker: Sendable {
    let registry: ServiceRegistry
    let database: PortalDatabase

    var version: PortalVersion { registry.version }

    /// Handles an `/invoke` body: a JSON array of `{"/path": {params}}` commands, or one command object.
    func invoke(body: [UInt8], authorization: String?) async -> InvokeOutcome {
        let document: JSONValue
        do {
            document = try JSONValue.parse(bytes: body)
        } catch {
            return failure(.validation(class62: "com.liferay.portal.kernel.json.JSONException",
                                       class7: "com.liferay.portal.kernel.json.JSONException", "Invalid JSON: \(error)"), paths: [])
        }
        let commands: [JSONValue]
        let isBatch: Bool
        switch document {
        case .array(let elements):
            commands = elements
            isBatch = true
        case .object:
            commands = [document]
            isBatch = false
        default:
            return failure(.system("The request body must be a JSON array of commands or one command object"), paths: [])
        }
        var parsed: [(path: String, params: [String: JSONValue])] = []
        for command in commands {
            guard case .object(let members) = command, members.count == 1, let (path, value) = members.first else {
                return failure(.system("Each command must be a JSON object with exactly one service path"), paths: parsed.map(\.path))
            }
            switch value {
            case .object(let params): parsed.append((path, params))
            case .null: parsed.append((path, [:]))
            default: return failure(.system("The parameters of \(path) must be a JSON object"), paths: parsed.map(\.path) + [path])
            }
        }
        let paths = parsed.map(\.path)
        let user: UserRow?
        do {
            user = try await authenticate(authorization)
        } catch {
            return failure(error, paths: paths)
        }
        var results: [JSONValue] = []
        for command in parsed {
            do {
                results.append(try await call(path: command.path, parameters: Parameters(object: command.params), user: user))
            } catch {
                return failure(error, paths: paths)
            }
        }
        return InvokeOutcome(status: 200, body: isBatch ? .array(results) : (results.first ?? .null), servicePaths: paths)
    }

    /// Runs one service call (also used by the per-path and multipart endpoints).
    func call(path: String, parameters: Parameters, user: UserRow?, upload: UploadedFile? = nil) async throws(PortalError) -> JSONValue {
        guard let overload = registry.resolve(path: path, names: parameters.names) else {
            throw PortalError.noSuchAction(path)
        }
        if overload.requiresAuthentication && user == nil { throw PortalError.authenticationRequired }
        let serviceCall = ServiceCall(path: path, params: parameters, version: version, user: user, database: database, upload: upload)
        return try await overload.handler(serviceCall)
    }

    /// The user of an `Authorization: Basic` header (login by email address, screen name or user
    /// ID) or of an OAuth 2 `Bearer` access token. No header means a guest; a header that does not
    /// match a user (or a live token) fails the request.
    func authenticate(_ authorization: String?) async throws(PortalError) -> UserRow? {
        guard let authorization else { return nil }
        if let token = OAuth2Tokens.bearerToken(authorization) {
            do {
                guard let user = try await database.pool.read({ db in try OAuth2Tokens.user(db, accessToken: token, now: EpochClock.nowMs()) })
                else { throw PortalError.authenticationRequired }
                return user
            } catch let error as PortalError {
                throw error
            } catch {
                throw PortalError.system("\(error)")
            }
        }
        guard let credentials = BasicCredentials(header: authorization) else { throw PortalError.authenticationRequired }
        let user: UserRow?
        do {
            user = try await database.pool.read { db in
                if credentials.login.contains("@") {
                    return try UserRow.fetchOne(db, sql: "SELECT * FROM user WHERE emailAddress = ? COLLATE NOCASE", arguments: [credentials.login])
                }
                if let id = Int64(credentials.login), let byId = try UserRow.fetchOne(db, sql: "SELECT * FROM user WHERE userId = ?", arguments: [id]) {
                    return byId
                }
                return try UserRow.fetchOne(db, sql: "SELECT * FROM user WHERE screenName = ? COLLATE NOCASE", arguments: [credentials.login])
            }
        } catch {
            throw PortalError.system("\(error)")
        }
        guard let user, user.password == credentials.password else { throw PortalError.authenticationRequired }
        return user
    }

    func failure(_ error: PortalError, paths: [String]) -> InvokeOutcome {
        let (status, body) = PortalErrorRenderer.render(error, version: version)
        var outcome = InvokeOutcome(status: status, body: body, servicePaths: paths)
        if status == 401 { outcome.headers.append(("WWW-Authenticate", "Basic realm=\"PortalRealm\"")) }
        return outcome
    }
}

/// `Authorization: Basic base64(login:password)`.
struct BasicCredentials: Sendable {
    let login: String
    let password: String

    init?(header: String) {
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "basic",
              let data = Data(base64Encoded: String(parts[1]).trimmingCharacters(in: .whitespaces)),
              let text = String(data: data, encoding: .utf8), let colon = text.firstIndex(of: ":")
        else { return nil }
        login = String(text[..<colon])
        password = String(text[text.index(after: colon)...])
    }
}
