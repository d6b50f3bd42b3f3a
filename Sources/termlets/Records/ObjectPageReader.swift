import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets

/// Reads a range of an object's entries (rows counted from 0, the fluent arithmetic of record
/// sets) through Liferay's fixed-size pages (`page`/`pageSize`, 1-based), each page loaded
/// through the offline cache under the list's policy, so that a list printed once prints offline.
struct ObjectPageReader: Sendable {
    let session: PortalSession
    let database: CacheDatabase?
    let context: ObjectContext
    let policy: LoadPolicy
    let search: String?
    /// `field:asc|desc`.
    let sort: String?
    /// Only the entries created by this user.
    let userId: Int64?

    /// The entries of `range`, the total count, and where the first page came from.
    struct Answer: Sendable {
        var entries: [ObjectEntry] = []
        var totalCount = 0
        var provenance = RowProvenance.portal
    }

    func read(_ range: Range<Int>) async throws -> Answer {
        let size = Self.pageSize(for: range)
        var answer = Answer()
        var first = true
        for page in (range.lowerBound / size + 1)...max(range.lowerBound / size + 1, (range.upperBound - 1) / size + 1) {
            let (json, provenance) = try await load(page: page, size: size)
            let items = (json["items"]?.arrayValue ?? []).compactMap(ObjectEntry.init(json:))
            if first {
                answer.totalCount = max(0, json["totalCount"]?.intValue ?? items.count)
                answer.provenance = provenance
                first = false
            } else if provenance.source == .cache, answer.provenance.source == .portal {
                answer.provenance = provenance
            }
            let pageStart = (page - 1) * size
            for (offset, entry) in items.prefix(size).enumerated() where range.contains(pageStart + offset) {
                answer.entries.append(entry)
            }
            if items.count < size { break }
        }
        return answer
    }

    /// A Liferay page size whose pages tile `range` exactly (a divisor of both its start and its
    /// length, at most 500); when that would take more than 10 pages, one page from row 0.
    static func pageSize(for range: Range<Int>) -> Int {
        let limit = PortalSession.maxObjectPageSize
        let common = max(1, gcd(range.lowerBound, range.count))
        let tiling = (1...min(common, limit)).reversed().first { common % $0 == 0 } ?? 1
        if range.count / tiling <= 10 { return tiling }
        if range.upperBound <= limit { return range.upperBound }
        return tiling
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    private func load(page: Int, size: Int) async throws -> (JSONValue, RowProvenance) {
        let query = ObjectEntryQuery(page: page, pageSize: size, search: search, sort: sort, filter: userId.map { "creatorId eq \($0)" })
        let session = session
        let definition = context.definition
        let groupId = context.groupId
        let fetch: @Sendable () async throws -> JSONValue = {
            try await session.objectEntriesJSON(of: definition, groupId: groupId, query: query)
        }
        guard let database else { return (try await fetch(), .portal) }
        let key = CacheKey("object-entries", parameters: [
            "definitionId": .int(definition.id), "groupId": .int(groupId), "search": search.map(JSONValue.string),
            "sort": sort.map(JSONValue.string), "userId": userId.map(JSONValue.int), "pageSize": .int(Int64(size)),
        ])
        let address = EntryAddress(collection: ObjectContext.collection, key: key.page(page))
        let result = try await CachePolicyLoader(database: database).load(policy, at: address, fetch: fetch)
        let provenance = result.source == .cache ? RowProvenance(source: .cache, storedAt: result.storedAt, stale: result.isStale) : .portal
        return (result.value, provenance)
    }
}
