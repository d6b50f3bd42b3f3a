import Foundation
import NIOConcurrencyHelpers

/// How a session signs its requests with OAuth 2: the current tokens, and how to get new ones when
/// the portal refuses the access token (a refresh, or a new client-credentials token).
///
/// Renewal happens once however many requests fail together (a rotating portal accepts each
/// refresh token once), and every token this session has held stays in the redaction list, so a
/// portal echoing an old one is masked too. Nothing here prints a token.
public final class BearerAuthorization: Sendable, CustomStringConvertible {
    /// Gets a new token set from the current one.
    public typealias Renewal = @Sendable (_ current: OAuth2TokenSet) async throws -> OAuth2TokenSet

    private struct State: Sendable {
        var tokens: OAuth2TokenSet
        var renewing: Task<OAuth2TokenSet, any Error>?
        var seen: [String]
    }

    private let state: NIOLockedValueBox<State>
    private let renewal: Renewal?
    private let onRenewed: @Sendable (OAuth2TokenSet) -> Void

    /// `renewal`: how to get new tokens (`nil`: none can be had, the user signs in again);
    /// `onRenewed` hears each new set, to store it.
    public init(tokens: OAuth2TokenSet, renewal: Renewal?, onRenewed: @escaping @Sendable (OAuth2TokenSet) -> Void = { _ in }) {
        state = NIOLockedValueBox(State(tokens: tokens, renewing: nil, seen: tokens.formsForRedaction))
        self.renewal = renewal
        self.onRenewed = onRenewed
    }

    /// A renewal by the refresh token, through `serverURL`'s token endpoint as `clientId`.
    public static func refreshing(serverURL: URL, clientId: String, options: PortalSession.Options) -> Renewal {
        { current in
            guard let refreshToken = current.refreshToken else { throw expired }
            let client = try OAuth2Client(serverURL: serverURL, clientId: clientId, options: options)
            do {
                let renewed = try await client.refresh(refreshToken)
                try? await client.shutdown()
                return renewed
            } catch {
                try? await client.shutdown()
                throw error
            }
        }
    }

    /// The error of a sign-in that cannot be renewed.
    public static let expired = PortalError(kind: .authentication, message: "the sign-in has expired: run termlets login --oauth2 again")

    /// The tokens in force.
    public var tokens: OAuth2TokenSet { state.withLockedValue { $0.tokens } }

    /// `Bearer <access token>`.
    var authorizationHeader: String { tokens.authorizationHeader }

    /// Every token form held so far, for redaction.
    var formsForRedaction: [String] { state.withLockedValue { $0.seen } }

    /// Renews the tokens unless that already happened since `failed` was sent (then the newer ones
    /// are used). A renewal that fails throws ``expired`` (a `network` failure stays one).
    func renew(after failed: String) async throws {
        guard let renewal else { throw Self.expired }
        let onRenewed = onRenewed
        let task: Task<OAuth2TokenSet, any Error>? = state.withLockedValue { state in
            if state.tokens.accessToken != failed { return nil }
            if let running = state.renewing { return running }
            let current = state.tokens
            let task = Task { () throws -> OAuth2TokenSet in
                let renewed = try await renewal(current)
                onRenewed(renewed)
                return renewed
            }
            state.renewing = task
            return task
        }
        guard let task else { return }
        do {
            let renewed = try await task.value
            state.withLockedValue { state in
                if state.tokens.accessToken == failed {
                    state.tokens = renewed
                    state.seen += renewed.formsForRedaction
                }
                state.renewing = nil
            }
        } catch {
            state.withLockedValue { $0.renewing = nil }
            if let failure = error as? PortalError, failure.kind == .network { throw failure }
            throw Self.expired
        }
    }

    public var description: String { "BearerAuthorization(tokens: \(tokens))" }
}
