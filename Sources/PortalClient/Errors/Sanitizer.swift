import Foundation

/// Makes untrusted text (portal messages, header values) safe to show and to log.
enum Sanitizer {
    /// Replaces control characters (C0, DEL, C1, and the bidi overrides) with a space, collapses
    /// runs of white space, trims, and cuts the result to `limit` characters.
    static func clean(_ text: String, limit: Int = 1000) -> String {
        var out = String.UnicodeScalarView()
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let isControl = v < 0x20 || (v >= 0x7F && v < 0xA0) || (v >= 0x202A && v <= 0x202E)
                || (v >= 0x2066 && v <= 0x2069)
            if isControl || scalar == " " {
                if !lastWasSpace { out.append(" ") }
                lastWasSpace = true
            } else {
                out.append(scalar)
                lastWasSpace = false
            }
        }
        var result = String(out)
        while result.hasSuffix(" ") { result.removeLast() }
        if result.count > limit { result = String(result.prefix(limit)) + "…" }
        return result
    }

    /// Secrets at least this long are replaced wherever they occur; shorter ones only where they
    /// stand as a word of their own, so that a short password (`liferay`) never turns ordinary
    /// text (`com.liferay.dynamic`) into a reveal (`com.***.dynamic`).
    static let anywhereLength = 12

    /// `text` with each of `secrets` replaced by `***`, longest first: a secret of
    /// ``anywhereLength`` or more characters wherever it occurs, a shorter one only as a whole
    /// token (not joined to letters or digits, directly or through `.`, `-`, `_`, `/`, `@`, `+`, `~`).
    static func redact(_ secrets: [String], in text: String) -> String {
        var result = text
        let ordered = Set(secrets).filter { !$0.isEmpty }.sorted { $0.unicodeScalars.count > $1.unicodeScalars.count }
        for secret in ordered where result.contains(secret) {
            if secret.unicodeScalars.count >= anywhereLength {
                result = result.replacingOccurrences(of: secret, with: "***")
            } else {
                result = replacingTokens(secret, in: result)
            }
        }
        return result
    }

    private static let joiners: Set<Unicode.Scalar> = [".", "-", "_", "/", "@", "+", "~"]

    private static func replacingTokens(_ secret: String, in text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        let needle = Array(secret.unicodeScalars)
        func isWordScalar(_ index: Int) -> Bool {
            let properties = scalars[index].properties
            return properties.isAlphabetic || properties.numericType != nil
        }
        /// Whether the scalar at `index` (just outside a match, walking by `step`) ends the token.
        func isBoundary(_ index: Int, step: Int) -> Bool {
            guard scalars.indices.contains(index) else { return true }
            if isWordScalar(index) { return false }
            if joiners.contains(scalars[index]) {
                let beyond = index + step
                return !(scalars.indices.contains(beyond) && isWordScalar(beyond))
            }
            return true
        }
        var out = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let end = index + needle.count
            if end <= scalars.count, scalars[index] == needle[0], Array(scalars[index..<end]) == needle,
                isBoundary(index - 1, step: -1), isBoundary(end, step: 1)
            {
                out.append(contentsOf: "***".unicodeScalars)
                index = end
            } else {
                out.append(scalars[index])
                index += 1
            }
        }
        return String(out)
    }
}
