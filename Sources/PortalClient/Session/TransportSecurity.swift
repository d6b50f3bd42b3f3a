import Foundation

/// The rules a server URL must pass before any request is sent.
enum TransportSecurity {
    /// Checks `url` and returns it normalised (no trailing slash).
    ///
    /// - http and https only; no user name or password inside the URL; a host is required.
    /// - Basic credentials over plain `http://` only to a loopback host (see ``isLoopback(host:)``)
    ///   unless `allowInsecure` is set.
    static func validate(serverURL url: URL, sendsCredentials: Bool, allowInsecure: Bool) throws(PortalError) -> URL {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            throw PortalError(kind: .input, message: "the server URL must start with http:// or https://")
        }
        // `URL.host`, not `URLComponents.host`: the latter runs the host through IDNA, which loads
        // ICU's normalisation data (about 1 MiB resident) at the start of every command.
        guard components.percentEncodedHost?.isEmpty == false, let host = url.host, !host.isEmpty else {
            throw PortalError(kind: .input, message: "the server URL has no host")
        }
        if components.user != nil || components.password != nil {
            throw PortalError(kind: .input, message: "the server URL must not contain a user name or password; use the login options")
        }
        if let port = components.port, !(1...65_535).contains(port) {
            throw PortalError(kind: .input, message: "the server URL's port must be from 1 to 65535")
        }
        if components.query != nil || components.fragment != nil {
            throw PortalError(kind: .input, message: "the server URL must not contain a query or a fragment")
        }
        if scheme == "http", sendsCredentials, !allowInsecure, !isLoopback(host: host) {
            throw PortalError(
                kind: .input,
                message: "refusing to send the password in clear text over http:// to \(host); use https:// or opt in with --insecure")
        }
        var text = url.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        guard let normalised = URL(string: text) else {
            throw PortalError(kind: .input, message: "the server URL is not valid")
        }
        return normalised
    }

    /// Whether `host` names this machine without asking a resolver: exactly `localhost`, a
    /// literal address in 127.0.0.0/8, or ::1. Any other spelling (`localhost.`, `127.0.0.1.`,
    /// `127.1`, `localhost.example`) goes through DNS, which may answer anything, so it is not
    /// loopback.
    static func isLoopback(host rawHost: String) -> Bool {
        var host = rawHost.lowercased()
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        if octets.count == 4, octets.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && UInt8($0) != nil }) {
            return octets[0] == "127"
        }
        if host.contains(":") {
            var addr = in6_addr()
            let zoneless = host.split(separator: "%").first.map(String.init) ?? host
            if inet_pton(AF_INET6, zoneless, &addr) == 1 {
                let bytes = withUnsafeBytes(of: &addr) { Array($0) }
                if bytes[0..<15].allSatisfy({ $0 == 0 }) && bytes[15] == 1 { return true }
                // IPv4-mapped ::ffff:127.x.x.x
                if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127 {
                    return true
                }
            }
        }
        return false
    }
}
