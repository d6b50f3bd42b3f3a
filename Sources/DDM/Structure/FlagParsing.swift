/// Reads the portal's loosely typed boolean properties (`required`, `repeatable`, ...).
enum FlagParsing {
    /// True for JSON `true`, a non-zero number, or the text `true`/`1` (any case, trimmed).
    static func flag(_ value: JSONValue?) -> Bool? {
        guard let value else { return nil }
        switch value {
        case .bool(let b): return b
        case .int(let i): return i != 0
        case .double(let d): return d != 0
        case .string(let s): return flag(text: s)
        default: return nil
        }
    }

    static func flag(text: String) -> Bool {
        let t = text.trimmingASCIIWhitespace().lowercased()
        return t == "true" || t == "1"
    }
}
