import DDM
import Foundation

/// One entry of an object definition, as `/o/c/<plural>/…` answers it (reference §5.2).
public struct ObjectEntry: Sendable, Hashable {
    public var id: Int64
    public var externalReferenceCode: String
    /// `dateModified` as the portal wrote it (ISO-8601), the base of conflict checks.
    public var dateModified: String?
    public var dateCreated: String?
    /// `status.code`: 0 approved, 2 draft, ….
    public var statusCode: Int
    public var creatorId: Int64?
    public var creatorName: String?
    /// The whole item as the portal sent it; custom fields are at its top level under their names.
    public var json: [String: JSONValue]

    /// `dateModified` in epoch milliseconds, when it parses.
    public var dateModifiedMilliseconds: Int64? { dateModified.flatMap(ObjectEntry.epochMilliseconds) }

    /// Reads an item; `nil` when it has no numeric `id`.
    public init?(json: JSONValue) {
        guard case .object(let members) = json, let id = members["id"]?.int64Value else { return nil }
        self.id = id
        self.externalReferenceCode = Sanitizer.clean(members["externalReferenceCode"]?.stringValue ?? "", limit: 500)
        self.dateModified = members["dateModified"]?.stringValue.map { Sanitizer.clean($0, limit: 64) }
        self.dateCreated = members["dateCreated"]?.stringValue.map { Sanitizer.clean($0, limit: 64) }
        self.statusCode = members["status"]?["code"]?.intValue ?? members["status"]?.intValue ?? 0
        self.creatorId = members["creator"]?["id"]?.int64Value
        self.creatorName = members["creator"]?["name"]?.stringValue.map { Sanitizer.clean($0, limit: 200) }
        self.json = members
    }

    /// An ISO-8601 instant (`2024-01-15T09:00:00Z`, with or without fractional seconds or an
    /// offset) in epoch milliseconds.
    public static func epochMilliseconds(_ text: String) -> Int64? {
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        guard let date = plain.date(from: text) ?? fractional.date(from: text) else { return nil }
        return Int64((date.timeIntervalSince1970 * 1000).rounded())
    }
}

/// One page of entries (the Vulcan envelope).
public struct ObjectEntryPage: Sendable, Hashable {
    public var items: [ObjectEntry]
    /// The entries matching the query in all pages (never negative).
    public var totalCount: Int
    /// 1-based.
    public var page: Int
    public var pageSize: Int
    public var lastPage: Int
}

/// What to ask of an entry collection: `page` is 1-based as in Liferay; `sort` is
/// `field:asc|desc` (comma-separated for several), `filter` an OData expression.
public struct ObjectEntryQuery: Sendable, Hashable {
    public var page: Int
    public var pageSize: Int
    public var search: String?
    public var sort: String?
    public var filter: String?

    public init(page: Int = 1, pageSize: Int = 20, search: String? = nil, sort: String? = nil, filter: String? = nil) {
        self.page = page
        self.pageSize = pageSize
        self.search = search
        self.sort = sort
        self.filter = filter
    }

    /// The query string (`?page=…&pageSize=…`), every value percent-encoded.
    var queryString: String {
        var parts = ["page=\(max(1, page))", "pageSize=\(min(max(1, pageSize), PortalSession.maxObjectPageSize))"]
        for (name, value) in [("search", search), ("sort", sort), ("filter", filter)] {
            guard let value, !value.isEmpty else { continue }
            parts.append("\(name)=\(Self.encode(value))")
        }
        return "?" + parts.joined(separator: "&")
    }

    static func encode(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
