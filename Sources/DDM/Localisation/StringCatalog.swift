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
    /// braces are never read as placeholders); any other brace is kept as it is. Works on the
    /// UTF-8 bytes (a brace is never part of another character's bytes): the list's title fills
    /// two templates every frame.
    static func fill(_ template: String, count: Int?, _ arguments: [String]) -> String {
        // Most texts have no placeholder: they are the template itself (shared, not copied).
        guard template.utf8.contains(UInt8(ascii: "{")) else { return template }
        var template = template
        return template.withUTF8 { bytes -> String in
            let first = bytes.firstIndex(of: UInt8(ascii: "{")) ?? bytes.count
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + arguments.reduce(0) { $0 + $1.utf8.count })
            out.append(contentsOf: bytes[..<first])
            var at = first
            while at < bytes.count {
                let byte = bytes[at]
                guard byte == UInt8(ascii: "{"), let close = bytes[(at + 1)...].firstIndex(of: UInt8(ascii: "}")),
                      let text = placeholder(bytes[(at + 1)..<close], count: count, arguments)
                else {
                    out.append(byte)
                    at += 1
                    continue
                }
                out.append(contentsOf: text.utf8)
                at = close + 1
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// What the placeholder named `name` (between its braces) stands for: `n` the count, digits
    /// an argument's index; nil for anything else, or an index past the arguments.
    private static func placeholder(_ name: Slice<UnsafeBufferPointer<UInt8>>, count: Int?, _ arguments: [String]) -> String? {
        if name.count == 1, name.first == UInt8(ascii: "n") { return count.map(String.init) }
        guard !name.isEmpty, name.count <= 4 else { return nil }
        var index = 0
        for byte in name {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            index = index * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return arguments.indices.contains(index) ? arguments[index] : nil
    }
}
