import ArgumentParser
import Foundation
import PortalClient

/// `termlets login --oauth2 [--client-id ID] [--flow pkce|client-credentials]
/// [--client-secret-file FILE] [--no-browser] [--redirect-port N]` (CONTRACT.md, issue 14).
struct OAuth2LoginOptions: ParsableArguments {
    @Flag(name: .customLong("oauth2"), help: "Sign in through the portal's OAuth 2 provider instead of with a password.")
    var enabled = false

    @Option(name: .customLong("client-id"), help: "The OAuth 2 application's client ID (default: termlets-demo).")
    var clientId: String?

    @Option(help: "pkce (authorization code with PKCE, the default) or client-credentials.")
    var flow: String?

    @Option(name: .customLong("client-secret-file"), help: "File holding the client secret (client credentials); never give a secret on the command line.")
    var clientSecretFile: String?

    @Flag(name: .customLong("no-browser"), help: "Do not listen for the browser: type the code the portal shows (e.g. over SSH).")
    var noBrowser = false

    @Option(name: .customLong("redirect-port"), help: ArgumentHelp(
        "Listen for the browser on this port of 127.0.0.1 (default: any free port).",
        discussion: "For a portal whose registered redirect URI names a fixed port: http://127.0.0.1:N/callback."))
    var redirectPort: Int?

    static let defaultClientId = "termlets-demo"

    /// The OAuth 2 options given without `--oauth2` are a mistake, said so.
    func checkUnused() throws(CommandFailure) {
        if clientId != nil || flow != nil || clientSecretFile != nil || noBrowser || redirectPort != nil {
            throw CommandFailure(.input, "--client-id, --flow, --client-secret-file, --no-browser and --redirect-port go with --oauth2")
        }
    }

    /// Signs in and returns the sign-in to store (not stored yet: the login checks it first).
    func signIn(_ settings: ResolvedSettings) async throws(CommandFailure) -> StoredOAuth2 {
        guard case .remote(let url) = settings.target else {
            throw CommandFailure(.input, "--oauth2 needs a portal: give --server URL")
        }
        let flow = try parsedFlow()
        let clientId = (self.clientId ?? Self.defaultClientId).trimmingCharacters(in: .whitespaces)
        guard !clientId.isEmpty, clientId.count <= 256, !clientId.contains(where: { $0.isNewline }) else {
            throw CommandFailure(.input, "--client-id: expected the application's client ID")
        }
        var signIn = OAuth2SignIn(serverURL: url, clientId: clientId, options: PortalSession.Options(allowInsecure: settings.allowInsecure))
        if let seconds = ProcessInfo.processInfo.environment["TERMLETS_OAUTH2_REDIRECT_TIMEOUT"].flatMap(Int.init), seconds > 0 {
            signIn.redirectTimeout = .seconds(seconds)
        }
        if let redirectPort {
            guard (1...65_535).contains(redirectPort) else { throw CommandFailure(.input, "--redirect-port \(redirectPort): expected a port from 1 to 65535") }
            guard !noBrowser, flow == .pkce else { throw CommandFailure(.input, "--redirect-port goes with the browser's sign-in (not with --no-browser or client credentials)") }
            signIn.redirectPort = UInt16(redirectPort)
        }
        var secretPath: String?
        let tokens: OAuth2TokenSet
        do {
            switch flow {
            case .pkce:
                if clientSecretFile != nil { throw CommandFailure(.input, "--client-secret-file goes with --flow client-credentials") }
                tokens = try await signIn.pkce(noBrowser: noBrowser)
            case .clientCredentials:
                guard let file = clientSecretFile else {
                    throw CommandFailure(.input, "--flow client-credentials needs --client-secret-file FILE (the secret is never taken from the command line)")
                }
                secretPath = ClientSecretFile.absolute(file)
                tokens = try await signIn.clientCredentials(secretFile: file)
            }
        } catch let failure as CommandFailure {
            throw failure
        } catch {
            throw CommandFailure(error)
        }
        return StoredOAuth2(
            server: url.absoluteString, clientId: clientId, flow: flow, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken,
            expiresAt: tokens.expiresAt, scope: tokens.scope, clientSecretFile: secretPath)
    }

    private func parsedFlow() throws(CommandFailure) -> StoredOAuth2.Flow {
        guard let flow else { return .pkce }
        guard let parsed = StoredOAuth2.Flow(rawValue: flow.lowercased()) else {
            throw CommandFailure(.input, "--flow \(flow): expected pkce or client-credentials")
        }
        return parsed
    }
}
