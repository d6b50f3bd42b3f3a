import DDM

/// The OAuth 2 provider's HTML: the sign-in page, the consent page, the copy-the-code page and
/// error pages. Plain forms, so that tests (and a terminal browser) can drive them with HTTP alone.
enum OAuth2Pages {
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&#39;")
    }

    private static func page(_ title: String, _ body: String) -> String {
        """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>\(escape(title))</title></head>
        <body><h1>\(escape(title))</h1>
        \(body)
        </body></html>
        """
    }

    private static func hidden(_ fields: [(String, String)]) -> String {
        fields.map { "<input type=\"hidden\" name=\"\(escape($0.0))\" value=\"\(escape($0.1))\">" }.joined(separator: "\n")
    }

    /// The sign-in form; it posts the authorization request's parameters back with `login` and `password`.
    static func signIn(_ request: [(String, String)], applicationName: String, message: String?) -> String {
        page("Sign in", """
            <p>Sign in to authorize <strong>\(escape(applicationName))</strong>.</p>
            \(message.map { "<p class=\"alert\" id=\"error\">\(escape($0))</p>" } ?? "")
            <form method="post" action="/o/oauth2/authorize">
            \(hidden(request))
            <label>Email address <input type="text" name="login"></label>
            <label>Password <input type="password" name="password"></label>
            <button type="submit">Sign In</button>
            </form>
            """)
    }

    /// The consent form: `ticket` plus `decision=allow` or `decision=deny`.
    static func consent(ticket: String, applicationName: String, userName: String, scopes: [String]) -> String {
        page("Authorize \(applicationName)", """
            <p>\(escape(applicationName)) wants to act as <strong>\(escape(userName))</strong> with these permissions:</p>
            <ul>\(scopes.map { "<li>\(escape($0))</li>" }.joined())</ul>
            <form method="post" action="/o/oauth2/authorize">
            \(hidden([("ticket", ticket)]))
            <button type="submit" name="decision" value="allow">Authorize</button>
            <button type="submit" name="decision" value="deny">Cancel</button>
            </form>
            """)
    }

    /// The built-in redirect page: shows the code for a client that cannot listen for the redirect.
    static func code(_ code: String?, error: String?) -> String {
        if let code {
            return page("Authorization code", "<p>Copy this code into the application:</p>\n<pre id=\"code\">\(escape(code))</pre>")
        }
        return page("Authorization failed", "<p id=\"error\">\(escape(error ?? "No code was received"))</p>")
    }

    static func error(_ message: String) -> String {
        page("Authorization error", "<p id=\"error\">\(escape(message))</p>")
    }
}
