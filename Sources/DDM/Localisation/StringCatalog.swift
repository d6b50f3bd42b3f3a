/// One text of a string catalog: a template, or a pair of templates chosen by a count.
/// Templates name their arguments `{0}`, `{1}`, …; a plural's count is `{n}`.
public enum CatalogEntry: Sendable, Hashable, ExpressibleByStringLiteral {
    case text(String)
    /// `one` for a count of 1, `other` for any other count (English and Spanish need no more).
    case plural(one: String, other: String)

    public init(stringLiteral value: String) { self = .text(value) }
}

/// The typed keys of a string catalog.
public protocol CatalogKey: Hashable, CaseIterable, Sendable {}

/// UI strings in one table per language (English and Spanish), looked up by typed keys. A key
/// missing from the Spanish table falls back to English; ``missing(in:)`` lists such keys so that
/// a test makes every gap visible.
public struct StringCatalog<Key: CatalogKey>: Sendable {
    public let english: [Key: CatalogEntry]
    public let spanish: [Key: CatalogEntry]

    public init(english: [Key: CatalogEntry], spanish: [Key: CatalogEntry]) {
        self.english = english
        self.spanish = spanish
    }

    /// The table of `language`.
    public func table(_ language: UIStrings.Language) -> [Key: CatalogEntry] {
        language == .spanish ? spanish : english
    }

    /// The keys `language`'s table lacks (in `Key.allCases` order).
    public func missing(in language: UIStrings.Language) -> [Key] {
        let table = table(language)
        return Key.allCases.filter { table[$0] == nil }
    }

    /// The text of `key` in the language of `locale` with `arguments` in place of `{0}`, `{1}`, …
    public func text(_ key: Key, _ locale: PortalLocale, _ arguments: String...) -> String {
        resolve(key, locale, count: nil, arguments)
    }

    /// ``text(_:_:_:)`` with the arguments as an array.
    public func text(_ key: Key, _ locale: PortalLocale, arguments: [String]) -> String {
        resolve(key, locale, count: nil, arguments)
    }

    /// The one/other form of `key` for `count` (in place of `{n}`), with `arguments`.
    public func plural(_ key: Key, count: Int, _ locale: PortalLocale, _ arguments: String...) -> String {
        resolve(key, locale, count: count, arguments)
    }

    private func resolve(_ key: Key, _ locale: PortalLocale, count: Int?, _ arguments: [String]) -> String {
        let entry = table(UIStrings.Language(locale))[key] ?? english[key] ?? .text("\(key)")
        let template: String
        switch entry {
        case .text(let text): template = text
        case .plural(let one, let other): template = count == 1 ? one : other
        }
        return Self.fill(template, count: count, arguments)
    }

    /// `template` with `{n}` and `{0}`, `{1}`, … replaced in one pass (so that an argument's own
    /// braces are never read as placeholders).
    static func fill(_ template: String, count: Int?, _ arguments: [String]) -> String {
        // Most texts have no placeholder: they are the template itself.
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            let after = rest[rest.index(after: open)...]
            if let close = after.firstIndex(of: "}") {
                let name = after[..<close]
                if name == "n", let count {
                    out += String(count)
                    rest = after[after.index(after: close)...]
                    continue
                }
                if let index = Int(name), arguments.indices.contains(index) {
                    out += arguments[index]
                    rest = after[after.index(after: close)...]
                    continue
                }
            }
            out.append("{")
            rest = after
        }
        return out + rest
    }
}
