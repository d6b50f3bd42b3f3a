import DDM
import Foundation
import Testing

@testable import PortalClient

/// The JSON body sent to /invoke for `calls`, parsed back.
func invokeBody(_ calls: [ServiceCall]) throws -> JSONValue {
    try JSONValue.parse(bytes: try RequestEnvelope.body(for: calls))
}

/// The parameter object of the single command in `call`'s body, and its path.
func parameters(of call: ServiceCall) throws -> (path: String, params: [String: JSONValue]) {
    let body = try invokeBody([call])
    guard case .array(let commands) = body, commands.count == 1, case .object(let command) = commands[0], command.count == 1,
        let (path, value) = command.first, case .object(let params) = value
    else {
        Issue.record("unexpected envelope \(body)")
        return ("", [:])
    }
    return (path, params)
}

/// Runs `body` with a session on a fresh test server, and always shuts both down.
func withServer(
    version: PortalVersion? = .v7, credentials: Credentials? = Credentials(username: "test@liferay.com", password: "s3cr3t-pw"),
    options: PortalSession.Options = PortalSession.Options(timeout: .seconds(30)),
    companyId: Int64 = 20099, groupId: Int64 = 20143,
    _ handler: @escaping @Sendable (TestServer.Request) -> TestServer.Reply,
    _ body: (PortalSession, TestServer) async throws -> Void
) async throws {
    let server = try await TestServer.start(handler)
    let session = try PortalSession(
        context: ServerContext(serverURL: server.baseURL, companyId: companyId, groupId: groupId, version: version),
        credentials: credentials, options: options)
    do {
        try await body(session, server)
        try await session.shutdown()
        try await server.stop()
    } catch {
        try? await session.shutdown()
        try? await server.stop()
        throw error
    }
}

/// Expects `body` to throw a PortalError and returns it.
func expectPortalError(_ body: () async throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) async -> PortalError? {
    do {
        try await body()
        Issue.record("expected a PortalError, got success", sourceLocation: sourceLocation)
        return nil
    } catch let error as PortalError {
        return error
    } catch {
        Issue.record("expected a PortalError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
