import Foundation
import PortalClient

extension StoredOAuth2 {
    /// The session's bearer authorization for this sign-in: renewed by its refresh token (PKCE) or
    /// by a new client-credentials token from the stored secret file, each new set written back
    /// to `<config-dir>/oauth2.json` at once (a rotating portal accepts a refresh token once).
    func bearer(configDirectory: URL, options: PortalSession.Options) -> BearerAuthorization {
        let renewal: BearerAuthorization.Renewal?
        guard let serverURL = URL(string: server) else {
            return BearerAuthorization(tokens: tokens, renewal: nil)
        }
        switch flow {
        case .pkce:
            renewal = refreshToken == nil ? nil : BearerAuthorization.refreshing(serverURL: serverURL, clientId: clientId, options: options)
        case .clientCredentials:
            if let path = clientSecretFile {
                let clientId = clientId
                renewal = { @Sendable (_: OAuth2TokenSet) async throws -> OAuth2TokenSet in
                    try await OAuth2SignIn.clientCredentials(serverURL: serverURL, clientId: clientId, options: options, secretFile: path)
                }
            } else {
                renewal = nil
            }
        }
        let stored = self
        return BearerAuthorization(tokens: tokens, renewal: renewal) { renewed in
            do {
                // Read again first: another run may have renewed meanwhile; this set is the newest.
                // A sign-in to another portal made meanwhile is left alone.
                let current = (try? StoredOAuth2.load(from: configDirectory)) ?? nil
                if let current, current.server != stored.server || current.clientId != stored.clientId { return }
                try (current ?? stored).replacing(renewed).save(to: configDirectory)
            } catch {
                Console.err("termlets: warning: the renewed OAuth 2 sign-in could not be stored: \((error as? CommandFailure)?.message ?? "\(error)")\n")
            }
        }
    }
}
