import Foundation

/// Everything the portal client reports as a failure.
///
/// Every throwing API of this module throws a `PortalError`, except for task cancellation, which
/// surfaces as Swift's `CancellationError`. Messages are sanitized: no control characters, bounded
/// length, and never the password of the session that produced them.
public struct PortalError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, coarsely: what a caller decides on (retry offline, ask for a password, …).
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The portal could not be reached or the exchange broke: refused, dropped, timed out, truncated.
        case network
        /// The credentials were refused (HTTP 401, "Authenticated access required").
        case authentication
        /// The user is known but may not do this (7.x HTTP 403, `PrincipalException`).
        case permission
        /// The service or the model does not exist (HTTP 404, `NoSuch…Exception`).
        case notFound = "not-found"
        /// The portal rejected the values sent (e.g. a required DDL field left empty).
        case validation
        /// Anything else the portal did wrong: HTTP 500, redirects, bodies that are not JSON, oversized answers.
        case server
        /// The request was refused before anything was sent: an unsafe or malformed server URL,
        /// a missing local file, a call that cannot be made this way.
        case input
    }

    /// The coarse category.
    public let kind: Kind
    /// A human-readable explanation (the portal's own message when it sent one).
    public let message: String
    /// The Java exception class the portal named, e.g. `com.liferay.portal.kernel.security.auth.PrincipalException`.
    public let exceptionClass: String?
    /// The HTTP status, when a response arrived.
    public let httpStatus: Int?
    /// A `network` failure before anything was sent: the connection was refused, the host has no
    /// route or name, or connecting timed out. Unlike a broken or timed-out exchange, the portal
    /// certainly did not see the request; callers treat it as "offline".
    public internal(set) var isUnreachable = false

    public init(kind: Kind, message: String, exceptionClass: String? = nil, httpStatus: Int? = nil) {
        self.kind = kind
        self.message = Sanitizer.clean(message)
        self.exceptionClass = exceptionClass.map { Sanitizer.clean($0, limit: 300) }
        self.httpStatus = httpStatus
    }

    /// `<kind>: <message>`, the form the command line prints after `error: `.
    public var description: String {
        var text = "\(kind.rawValue): \(message)"
        if let exceptionClass, !message.contains(exceptionClass) { text += " (\(exceptionClass))" }
        return text
    }

    /// A copy whose message and exception class have each of `secrets` (the forms of the
    /// session's credentials) replaced, as ``Sanitizer/redact(_:in:)`` does.
    func redacting(_ secrets: [String]) -> PortalError {
        guard !secrets.isEmpty else { return self }
        var redacted = PortalError(
            kind: kind,
            message: Sanitizer.redact(secrets, in: message),
            exceptionClass: exceptionClass.map { Sanitizer.redact(secrets, in: $0) },
            httpStatus: httpStatus
        )
        redacted.isUnreachable = isUnreachable
        return redacted
    }
}
