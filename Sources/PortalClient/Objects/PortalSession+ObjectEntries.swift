import DDM
import Foundation

/// The entries of an object definition: `/o/c/<plural>/…` (reference §5.2). Site-scoped
/// definitions are read and added per site (`groupId`); items by ID need no scope.
extension PortalSession {
    /// The largest page asked for.
    public static let maxObjectPageSize = 500

    /// One page of `definition`'s entries in site `groupId` (ignored for company scope).
    public func objectEntries(of definition: ObjectDefinition, groupId: Int64, query: ObjectEntryQuery = ObjectEntryQuery()) async throws -> ObjectEntryPage {
        let json = try await objectEntriesJSON(of: definition, groupId: groupId, query: query)
        let items = json["items"]?.arrayValue ?? []
        let entries = items.prefix(Self.maxObjectPageSize).compactMap(ObjectEntry.init(json:))
        let pageSize = max(1, json["pageSize"]?.intValue ?? query.pageSize)
        let total = max(0, json["totalCount"]?.intValue ?? entries.count)
        let lastPage = max(1, json["lastPage"]?.intValue ?? (total + pageSize - 1) / pageSize)
        return ObjectEntryPage(items: entries, totalCount: total, page: max(1, json["page"]?.intValue ?? query.page),
                               pageSize: pageSize, lastPage: lastPage)
    }

    /// One page of entries as the portal sent it (a Vulcan page: checked to have `items`), e.g.
    /// for a cache to store; ``ObjectEntry/init(json:)`` reads its items.
    public func objectEntriesJSON(of definition: ObjectDefinition, groupId: Int64, query: ObjectEntryQuery = ObjectEntryQuery()) async throws -> JSONValue {
        let json = try await headlessGetJSON(definition.collectionPath(groupId: groupId) + query.queryString)
        guard json["items"]?.arrayValue != nil else {
            throw PortalError(kind: .server, message: "the portal's entries of \(definition.name) are not a page of items")
        }
        return json
    }

    /// The entry with this ID.
    public func objectEntry(of definition: ObjectDefinition, id: Int64) async throws -> ObjectEntry {
        try Self.entry(try await headlessRequest(.GET, "\(definition.restContextPath)/\(id)"), of: definition)
    }

    /// The entry with this external reference code in site `groupId` (company scope: ignored).
    public func objectEntry(of definition: ObjectDefinition, groupId: Int64, externalReferenceCode erc: String) async throws -> ObjectEntry {
        try Self.entry(try await headlessRequest(.GET, try Self.ercPath(definition, groupId: groupId, erc: erc)), of: definition)
    }

    /// Adds an entry with a client-made `externalReferenceCode` by `PUT …/by-external-reference-code/{erc}`
    /// in the definition's scope: sending it again (a retry, a sync after a crash) updates that
    /// same entry instead of adding a second one. `body` is the entry's fields (see
    /// ``ObjectEntryMapping/entryBody(values:definition:structure:draft:)``).
    public func addObjectEntry(of definition: ObjectDefinition, groupId: Int64, externalReferenceCode erc: String, body: JSONValue) async throws -> ObjectEntry {
        var members = body.objectValue ?? [:]
        members["externalReferenceCode"] = .string(erc)
        return try Self.entry(try await headlessRequest(.PUT, try Self.ercPath(definition, groupId: groupId, erc: erc), body: .object(members)), of: definition)
    }

    /// Updates entry `id`: PATCH (the default) changes only the fields in `body`; `replace` PUTs
    /// the whole entry (fields not in `body` are cleared).
    public func updateObjectEntry(of definition: ObjectDefinition, id: Int64, body: JSONValue, replace: Bool = false) async throws -> ObjectEntry {
        try Self.entry(try await headlessRequest(replace ? .PUT : .PATCH, "\(definition.restContextPath)/\(id)", body: body), of: definition)
    }

    /// Deletes entry `id`.
    public func deleteObjectEntry(of definition: ObjectDefinition, id: Int64) async throws {
        _ = try await headlessRequest(.DELETE, "\(definition.restContextPath)/\(id)")
    }

    /// A new external reference code for an entry made by this client (`termlets-<uuid>`).
    public static func newExternalReferenceCode() -> String { "termlets-" + UUID().uuidString.lowercased() }

    // MARK: Helpers

    static func ercPath(_ definition: ObjectDefinition, groupId: Int64, erc: String) throws -> String {
        guard !erc.isEmpty, erc.count <= 255 else { throw PortalError(kind: .input, message: "an external reference code must have 1 to 255 characters") }
        return definition.collectionPath(groupId: groupId) + "/by-external-reference-code/" + ObjectEntryQuery.encode(erc)
    }

    static func entry(_ json: JSONValue?, of definition: ObjectDefinition) throws -> ObjectEntry {
        guard let json, let entry = ObjectEntry(json: json) else {
            throw PortalError(kind: .server, message: "the portal's answer is not an entry of \(definition.name)")
        }
        return entry
    }
}
