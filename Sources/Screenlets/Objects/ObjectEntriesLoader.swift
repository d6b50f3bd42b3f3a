import DDM
import Foundation
import OfflineStore
import PortalClient

/// The record list's loader for the entries of an object definition (the Objects side of the
/// list seam: the list screen asks any ``PageLoader`` of ``DDLListRow``s, and this one answers
/// from `/o/c/<plural>/…` instead of JSON-WS). Row ranges become `page`/`pageSize` requests
/// (``ObjectPageWindow``), page 0 reads `totalCount`, `sort` and `search` go to the server.
///
/// Each entry is a row whose `recordId` is the entry's `id`, whose values are the fields' labels
/// as the user reads them in `locale` (on one line) and whose attributes are the entry's (`externalReferenceCode`,
/// `dateModified`…). Pages are cached as the record sets' are, as `{"rows": [...], "rowCount": N|null}`
/// under their own ``cacheKey`` (collection `ObjectEntries`), through the ``LoadPolicy``.
public struct ObjectEntriesLoader: PageLoader {
    public typealias Row = DDLListRow
    /// Reads one page of entries (`PortalSession.objectEntries(of:groupId:query:)`).
    public typealias Fetch = @Sendable (ObjectEntryQuery) async throws -> ObjectEntryPage

    /// The cache collection of object entry pages.
    public static let collection = "ObjectEntries"

    public let definitionId: Int64
    public let structure: DDMStructure
    public let groupId: Int64
    /// Liferay's `sort` parameter (e.g. `dateModified:desc`); nil for the portal's order.
    public let sort: String?
    /// Liferay's `search` parameter; nil for every entry.
    public let search: String?
    /// Only the entries this user created (`filter=creatorId eq N`, the list's "mine"); nil for everyone's.
    public let creatorId: Int64?
    public let layout: PageLayout
    public let labelFields: [String]
    /// The locale values are shown in.
    public let locale: PortalLocale
    public let policy: LoadPolicy
    private let cache: CachePolicyLoader?
    private let fetch: Fetch

    public init(
        definitionId: Int64, structure: DDMStructure, groupId: Int64, sort: String?, search: String? = nil, creatorId: Int64? = nil,
        layout: PageLayout, labelFields: [String], locale: PortalLocale = .enUS, policy: LoadPolicy = .remoteFirst, cache: CachePolicyLoader?,
        fetch: @escaping Fetch
    ) {
        self.locale = locale
        self.definitionId = definitionId
        self.structure = structure
        self.groupId = groupId
        self.sort = sort.flatMap { $0.isEmpty ? nil : $0 }
        self.search = search.flatMap { $0.isEmpty ? nil : $0 }
        self.creatorId = creatorId.flatMap { $0 > 0 ? $0 : nil }
        self.layout = layout
        self.labelFields = labelFields
        self.policy = cache == nil ? .remoteOnly : policy
        self.cache = cache
        self.fetch = fetch
    }

    /// A loader reading `definition`'s entries in site `groupId` on `session`, cached in `database`.
    public init(
        definition: ObjectDefinition, groupId: Int64, sort: String?, search: String? = nil, creatorId: Int64? = nil, layout: PageLayout,
        labelFields: [String], locale: PortalLocale = .enUS, policy: LoadPolicy = .remoteFirst, database: CacheDatabase?,
        session: PortalSession
    ) {
        self.init(
            definitionId: definition.id, structure: ObjectMapping.structure(of: definition), groupId: groupId, sort: sort,
            search: search, creatorId: creatorId,
            layout: layout, labelFields: labelFields, locale: locale, policy: policy, cache: database.map(CachePolicyLoader.init(database:))
        ) { query in try await session.objectEntries(of: definition, groupId: groupId, query: query) }
    }

    /// Every parameter the pages depend on (the creator only when filtered, so the keys of
    /// everyone's pages stay those cached before "mine" existed).
    public var cacheKey: ListCacheKey {
        var parameters = [
            "definitionId": String(definitionId), "groupId": String(groupId), "sort": sort ?? "~", "search": search ?? "~", "locale": locale.identifier,
            "firstPageSize": String(layout.firstPageSize), "pageSize": String(layout.pageSize),
        ]
        if let creatorId { parameters["creatorId"] = String(creatorId) }
        return ListCacheKey(collection: Self.collection, parameters: parameters)
    }

    public func loadPage(_ request: PageRequest) async throws -> PageResponse<DDLListRow> {
        try await loadPage(request) { _ in }
    }

    public func loadPage(
        _ request: PageRequest, early: @escaping @Sendable (PageResponse<DDLListRow>) async -> Void
    ) async throws -> PageResponse<DDLListRow> {
        guard let cache else { return try decode(try await page(request), request: request, provenance: .portal) }
        let effective: LoadPolicy = request.isRefresh && [.cacheFirst, .cacheOnly].contains(policy) ? .remoteFirst : policy
        let address = EntryAddress(collection: cacheKey.collection, key: cacheKey.rowsKey(for: request))
        var final: PageResponse<DDLListRow>?
        for try await result in cache.updates(effective, at: address, fetch: { try await page(request) }) {
            let provenance = RowProvenance(
                source: result.source == .cache ? .cache : .portal, storedAt: result.storedAt, stale: result.isStale)
            let response = try decode(result.value, request: request, provenance: provenance)
            if effective == .cacheThenRemote, final == nil, result.source == .cache, !result.isStale {
                await early(response)
            }
            final = response
        }
        guard let final else { throw OfflineStoreError.notCached(collection: address.collection, key: address.key) }
        return final
    }

    /// The page from the portal, as it is cached.
    private func page(_ request: PageRequest) async throws -> JSONValue {
        let window = ObjectPageWindow(start: request.start, end: request.end)
        var pages: [[ObjectEntry]] = []
        var total: Int?
        for var query in window.pages {
            query.sort = sort
            query.search = search
            query.filter = creatorId.map { "creatorId eq \($0)" }
            let answer = try await fetch(query)
            pages.append(answer.items)
            total = answer.totalCount
            if answer.items.count < query.pageSize { break }
        }
        let rows = window.rows(of: pages).map { Self.recordJSON(of: $0, in: structure, locale: locale) }
        let count: JSONValue = request.computeRowCount ? total.map { .int(Int64($0)) } ?? .null : .null
        return ["rows": .array(rows), "rowCount": count]
    }

    /// An entry as a record: its values' labels in `locale` on one line, the entry's attributes,
    /// `recordId` = its id.
    public static func recordJSON(of entry: ObjectEntry, in structure: DDMStructure, locale: PortalLocale) -> JSONValue {
        var attributes = ObjectMapping.attributes(of: entry)
        attributes["recordId"] = .int(entry.id)
        if let modified = entry.dateModifiedMilliseconds { attributes["modifiedDate"] = .int(modified) }
        var values: [String: JSONValue] = [:]
        for (name, value) in ObjectMapping.values(of: entry, in: structure) {
            let text = structure.field(named: name).map { $0.label(of: value, in: locale) } ?? ObjectMapping.canonicalString(value)
            values[name] = .string(text.split(whereSeparator: \.isNewline).joined(separator: " "))
        }
        return ["modelValues": .object(values), "modelAttributes": .object(attributes)]
    }

    private func decode(_ page: JSONValue, request: PageRequest, provenance: RowProvenance) throws -> PageResponse<DDLListRow> {
        guard let items = page["rows"]?.arrayValue else { throw ListLoadError.rowsNotAnArray }
        var rows: [DDLListRow] = []
        rows.reserveCapacity(items.count)
        for (offset, item) in items.enumerated() {
            guard let record = RecordData(json: item) else { throw ListLoadError.malformedRow(index: request.start + offset) }
            rows.append(DDLListRow(record: record, labelFields: labelFields))
        }
        let count = request.computeRowCount ? page["rowCount"]?.intValue : nil
        return PageResponse(rows: rows, rowCount: count, provenance: provenance)
    }
}
