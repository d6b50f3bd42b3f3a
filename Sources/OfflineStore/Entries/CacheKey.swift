import DDM

/// A cache key that names **every** parameter the cached answer depends on.
///
/// The reference client keyed list pages by record set alone, so a list filtered by user, in
/// another locale, with another sort or other page sizes came back from the cache with the wrong
/// rows. Here a key is a base name plus all parameters, sorted by name, each written even when it
/// is absent (`userId=~`), so two requests share a key exactly when they ask the same thing:
///
///     CacheKey.recordList(recordSetId: 42, userId: nil, locale: "en_US", orderByComparator: nil,
///                         firstPageSize: 50, pageSize: 25).page(0)
///     // "ddl-records?firstPageSize=50&locale=en_US&obc=~&pageSize=25&recordSetId=42&userId=~#page=0"
///
/// Build keys for new entities with ``init(_:parameters:)``, passing every parameter of the
/// request, `nil` included; the typed constructors below take no default values on purpose, so a
/// caller cannot leave one out. Page sizes are part of list keys because page numbers depend on
/// them. `page(_:)`, `count` and `prefix` derive related keys; remove a list's pages with
/// ``EntryStore/removeKeys(collection:prefix:)`` and ``prefix``.
public struct CacheKey: Sendable, Hashable, CustomStringConvertible {
    /// The full key: base, `?`, the sorted `name=value` pairs joined by `&`.
    public let rawValue: String

    /// A key for `base` and `parameters`. Each value is written as compact JSON (`nil` as `~`)
    /// and percent-escaped, so no value can imitate another parameter. Names must be unique.
    public init(_ base: String, parameters: KeyValuePairs<String, JSONValue?>) {
        let names = parameters.map(\.key)
        precondition(Set(names).count == names.count, "CacheKey: duplicate parameter name in \(names)")
        let pairs = parameters
            .sorted { $0.key < $1.key }
            .map { name, value -> String in
                let text: String
                switch value {
                case .none, .some(.null): text = "~"
                case .some(.string(let string)): text = Self.escape(string)
                case .some(let other): text = Self.escape(other.serialized())
                }
                return Self.escape(name) + "=" + text
            }
        rawValue = Self.escape(base) + "?" + pairs.joined(separator: "&")
    }

    public var description: String { rawValue }

    /// The key of page `page` (fluent page numbers: page 0 is the first, larger page).
    public func page(_ page: Int) -> String { rawValue + "#page=\(page)" }
    /// The key of the row count.
    public var count: String { rawValue + "#count" }
    /// The prefix shared by this key, its pages and its count.
    public var prefix: String { rawValue + "#" }

    /// Escapes the characters that structure a key (`%`, `?`, `&`, `=`, `#`) and control characters.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%", "?", "&", "=", "#", "~":
                out += "%" + String(scalar.value, radix: 16, uppercase: true)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                out += "%" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

extension CacheKey {
    /// The records of a DDL record set, as the list screenlet pages them.
    public static func recordList(
        recordSetId: Int64, userId: Int64?, locale: String?, orderByComparator: String?,
        firstPageSize: Int, pageSize: Int
    ) -> CacheKey {
        CacheKey("ddl-records", parameters: [
            "recordSetId": .int(recordSetId), "userId": JSONValue(userId), "locale": JSONValue(locale),
            "obc": JSONValue(orderByComparator), "firstPageSize": JSONValue(firstPageSize),
            "pageSize": JSONValue(pageSize),
        ])
    }

    /// The file entries of a Documents and Media folder, as the gallery pages them.
    public static func gallery(
        repositoryId: Int64, folderId: Int64, mimeTypes: [String], locale: String?, firstPageSize: Int, pageSize: Int
    ) -> CacheKey {
        CacheKey("gallery", parameters: [
            "repositoryId": .int(repositoryId), "folderId": .int(folderId),
            "mimeTypes": .array(mimeTypes.sorted().map(JSONValue.string)), "locale": JSONValue(locale),
            "firstPageSize": JSONValue(firstPageSize), "pageSize": JSONValue(pageSize),
        ])
    }

    /// A DDM structure (the form definition).
    public static func structure(structureId: Int64, locale: String?) -> CacheKey {
        CacheKey("ddm-structure", parameters: ["structureId": .int(structureId), "locale": JSONValue(locale)])
    }

    /// One DDL record with its values.
    public static func record(recordId: Int64, locale: String?) -> CacheKey {
        CacheKey("ddl-record", parameters: ["recordId": .int(recordId), "locale": JSONValue(locale)])
    }
}
