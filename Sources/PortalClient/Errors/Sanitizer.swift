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

    /// `text` with every occurrence of `secret` replaced by `***`.
    static func redact(_ secret: String, in text: String) -> String {
        guard !secret.isEmpty, text.contains(secret) else { return text }
        return text.replacingOccurrences(of: secret, with: "***")
    }
}
