import Foundation

/// A browser for OAuth 2 end-to-end tests, with plain HTTP alone: opens an authorization URL,
/// fills in the portal's sign-in form as its HTML says, answers the consent page, and follows the
/// redirect (e.g. to Termlets' loopback listener). Each request on a connection of its own,
/// waited for off the cooperative pool.
public struct OAuth2Browser: Sendable {
    public struct Page: Sendable {
        public let status: Int
        public let html: String
        public let location: String?
    }

    public init() {}

    /// GET `url` (an `http://` URL), redirects not followed.
    public func get(_ url: String) async throws -> Page {
        try await request("GET", url, form: nil)
    }

    /// POST a form to `url`.
    public func post(_ url: String, form: [(String, String)]) async throws -> Page {
        try await request("POST", url, form: form)
    }

    /// Opens `authorizationURL`, signs in as `login`/`password` and answers the consent with
    /// `decision` (`allow` or `deny`); returns the consent's answer (a 302 whose `location` is
    /// the redirect, or an error page).
    public func authorize(_ authorizationURL: String, login: String = "test@liferay.com", password: String = "test",
                          decision: String = "allow") async throws -> Page {
        let signIn = try await get(authorizationURL)
        guard signIn.status == 200, let action = Self.formAction(signIn.html) else { return signIn }
        let base = Self.origin(authorizationURL)
        let consent = try await post(base + action, form: Self.hiddenFields(signIn.html) + [("login", login), ("password", password)])
        guard consent.status == 200, let consentAction = Self.formAction(consent.html), consent.html.contains("name=\"ticket\"") else {
            return consent
        }
        return try await post(base + consentAction, form: Self.hiddenFields(consent.html) + [("decision", decision)])
    }

    /// The `action` of the page's first form.
    public static func formAction(_ html: String) -> String? {
        html.firstMatch(of: /<form[^>]*action="([^"]+)"/).map { unescape(String($0.1)) }
    }

    /// The page's hidden inputs, in order.
    public static func hiddenFields(_ html: String) -> [(String, String)] {
        html.matches(of: /<input type="hidden" name="([^"]*)" value="([^"]*)">/).map { (unescape(String($0.1)), unescape(String($0.2))) }
    }

    /// `scheme://host:port` of `url`.
    static func origin(_ url: String) -> String {
        guard let components = URLComponents(string: url), let scheme = components.scheme, let host = components.host else { return url }
        return "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    static func encode(_ fields: [(String, String)]) -> String {
        var allowed = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        allowed.insert(charactersIn: "-._~")
        return fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
    }

    private func request(_ method: String, _ url: String, form: [(String, String)]?) async throws -> Page {
        guard let components = URLComponents(string: url), let host = components.host, let port = components.port else {
            throw PortalReadBackFailure(message: "not an http URL with a port: \(url)")
        }
        let target = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
        let query = components.percentEncodedQuery.map { "?" + $0 } ?? ""
        let body = form.map(Self.encode) ?? ""
        var head = "\(method) \(target)\(query) HTTP/1.1\r\nHost: \(host):\(port)\r\nConnection: close\r\nAccept: text/html\r\n"
        if form != nil { head += "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n" }
        let raw = Data((head + "\r\n" + body).utf8)
        let answer = try await offPool { try HTTPExchange.send(raw, host: host, port: port, timeout: 30) }
        return Page(status: answer.status, html: String(decoding: answer.body, as: UTF8.self), location: answer.headers["location"])
    }
}
