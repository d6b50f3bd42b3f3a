import Foundation
import PortalClient

/// The sign-in of `termlets login --oauth2`: gets tokens from the portal's OAuth 2 provider by the
/// authorization code flow with PKCE (a loopback redirect, or the code typed on the terminal) or
/// by client credentials. Prints the authorization URL and prompts on standard error; never prints
/// a token, a code or a secret.
struct OAuth2SignIn {
    let serverURL: URL
    let clientId: String
    let options: PortalSession.Options
    /// How long the loopback listener waits for the browser's redirect before asking for the code.
    var redirectTimeout: Duration = .seconds(180)
    /// The loopback port the browser comes back to (0: any free port; `login --redirect-port`).
    var redirectPort: UInt16 = 0

    /// Authorization code with PKCE. Without `noBrowser`, listens on a loopback port and opens a
    /// browser when one is at hand; with it (or when no redirect comes in time) asks for the code.
    func pkce(noBrowser: Bool) async throws -> OAuth2TokenSet {
        let client = try OAuth2Client(serverURL: serverURL, clientId: clientId, options: options)
        do {
            let tokens = try await pkce(client, noBrowser: noBrowser)
            try? await client.shutdown()
            return tokens
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    private func pkce(_ client: OAuth2Client, noBrowser: Bool) async throws -> OAuth2TokenSet {
        let pkce = PKCE()
        let state = PKCE.randomToken()
        if noBrowser {
            let redirectURI = client.portalRedirectURI
            Console.err("Open this address in a browser, sign in and authorize Termlets:\n\n  \(client.authorizationURL(redirectURI: redirectURI, pkce: pkce, state: state))\n\n")
            let code = try askForCode(state: state)
            return try await client.exchange(code: code, redirectURI: redirectURI, pkce: pkce)
        }
        let listener = try LoopbackRedirectListener(port: redirectPort)
        let redirectURI = listener.redirectURI
        let url = client.authorizationURL(redirectURI: redirectURI, pkce: pkce, state: state)
        Console.err("Open this address in a browser, sign in and authorize Termlets:\n\n  \(url)\n\n")
        if BrowserOpener.open(url) { Console.err("(A browser was asked to open it.)\n") }
        Console.err("Waiting for the browser to come back to \(redirectURI) …\n")
        let code: String
        if let answer = await listener.waitForRedirect(timeout: redirectTimeout) {
            code = try Self.code(from: answer, state: state)
        } else {
            Console.err("No redirect arrived within \(redirectTimeout.components.seconds) s.\n")
            code = try askForCode(state: state)
        }
        return try await client.exchange(code: code, redirectURI: redirectURI, pkce: pkce)
    }

    /// Client credentials, with the secret read from `secretFile`.
    func clientCredentials(secretFile: String) async throws -> OAuth2TokenSet {
        try await Self.clientCredentials(serverURL: serverURL, clientId: clientId, options: options, secretFile: secretFile)
    }

    /// Client credentials at `serverURL`, the secret read from `secretFile` each time (a sign-in
    /// and every renewal of its tokens).
    static func clientCredentials(
        serverURL: URL, clientId: String, options: PortalSession.Options, secretFile: String
    ) async throws -> OAuth2TokenSet {
        let secret = try ClientSecretFile.read(secretFile)
        let client = try OAuth2Client(serverURL: serverURL, clientId: clientId, options: options)
        do {
            let tokens = try await client.clientCredentials(secret: secret)
            try? await client.shutdown()
            return tokens
        } catch {
            try? await client.shutdown()
            throw error
        }
    }

    /// The code of a redirect's query, after checking its state; a portal's `error` in words.
    static func code(from fields: [String: String], state: String) throws(CommandFailure) -> String {
        if let error = fields["error"] {
            let detail = fields["error_description"].map { ": \($0)" } ?? ""
            throw CommandFailure(.authentication, "the portal refused the sign-in (\(error)\(detail))")
        }
        guard fields["state"] == state else {
            throw CommandFailure(.authentication, "the redirect's state does not match this sign-in: refused (start termlets login --oauth2 again)")
        }
        guard let code = fields["code"], !code.isEmpty else {
            throw CommandFailure(.authentication, "the redirect carries no authorization code")
        }
        return code
    }

    /// Asks on the terminal for the code the portal showed (or the whole address the browser was
    /// sent to, whose state is then checked). Not echoed.
    private func askForCode(state: String) throws(CommandFailure) -> String {
        guard let typed = PasswordPrompt.ask("Paste the authorization code the portal shows (or the address the browser went to): ")?
            .trimmingCharacters(in: .whitespacesAndNewlines), !typed.isEmpty
        else {
            throw CommandFailure(.authentication, "no authorization code: run on a terminal to type it, or let the browser come back to Termlets")
        }
        if typed.contains("?"), let components = URLComponents(string: typed), let items = components.queryItems {
            var fields: [String: String] = [:]
            for item in items { fields[item.name] = item.value ?? "" }
            return try Self.code(from: fields, state: state)
        }
        guard typed.count <= 2048, typed.unicodeScalars.allSatisfy({ $0.isASCII && $0.value > 0x20 && $0.value < 0x7F }) else {
            throw CommandFailure(.input, "that does not look like an authorization code")
        }
        return typed
    }
}
