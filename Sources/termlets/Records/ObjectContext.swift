import DDM
import Foundation
import OfflineStore
import PortalClient

/// An object definition with its structure (``ObjectMapping``), in the locale of the run and the
/// site its entries are read in: what `list --object` and `form --object` need to read and write
/// entries as records. Entries become ``RecordData`` whose values are the entry's JSON members
/// and whose attributes are ``ObjectMapping/attributes(of:)`` plus `recordId`.
struct ObjectContext: ListingSource {
    let definition: ObjectDefinition
    let structure: DDMStructure
    let locale: PortalLocale
    /// The site a site-scoped definition's entries are read and added in.
    let groupId: Int64

    /// The cache collection of Objects data (definitions and entry pages).
    static let collection = "Objects"

    init(definition: ObjectDefinition, locale: PortalLocale, groupId: Int64) {
        self.definition = definition
        self.structure = ObjectMapping.structure(of: definition)
        self.locale = locale
        self.groupId = groupId
    }

    /// Loads the definition named `object` (name or id) through the cache under `policy` (stored
    /// with the site it was read for, so that a list can be printed offline later), or straight
    /// from the portal without a cache. A portal without Objects is said plainly.
    static func load(_ connection: CacheReadingConnection, object: String, policy: LoadPolicy) async throws(CommandFailure) -> ObjectContext {
        let session = connection.session
        let groupId = connection.groupId
        let what = "object \(object)"
        let definitionPolicy: LoadPolicy = policy == .cacheThenRemote ? .remoteFirst : policy
        let fetch: @Sendable () async throws -> JSONValue = {
            ["definition": try await session.objectDefinitionJSON(object), "groupId": .int(groupId)]
        }
        let stored: JSONValue
        do {
            if let database = connection.database {
                let address = EntryAddress(collection: collection, key: CacheKey("object-definition", parameters: ["object": .string(object)]).rawValue)
                stored = try await CachePolicyLoader(database: database).load(definitionPolicy, at: address, fetch: fetch).value
            } else {
                stored = try await fetch()
            }
        } catch OfflineStoreError.notCached {
            throw CommandFailure(.notFound, "\(what) was never loaded on this machine; run once with the portal reachable")
        } catch let error as PortalError where error.kind == .notFound {
            if let online = connection.online, await !online.capabilities(refresh: true).objects {
                throw CommandFailure(.notFound, "\(what): this portal has no Liferay Objects (they need Liferay 7.4 or DXP)")
            }
            throw CommandFailure(error, doing: what)
        } catch {
            throw CommandFailure(error, doing: what)
        }
        guard let json = stored["definition"], let definition = ObjectDefinition(json: json) else {
            throw CommandFailure(.server, "\(what): the portal's answer is not an object definition")
        }
        let locale = PortalLocale(connection.settings.locale) ?? .enUS
        return ObjectContext(definition: definition, locale: locale, groupId: stored["groupId"]?.int64Value ?? groupId)
    }

    /// The entry as a record: values = the entry's members that are fields of the structure (as
    /// the portal sent them), attributes = its own properties and `recordId`.
    func record(_ entry: ObjectEntry) -> RecordData {
        var attributes = ObjectMapping.attributes(of: entry)
        attributes["recordId"] = .int(entry.id)
        let values = entry.json.filter { structure.field(named: $0.key)?.name == $0.key && !$0.value.isNull }
        return RecordData(json: ["modelValues": .object(values), "modelAttributes": .object(attributes)])!
    }

    var name: String { definition.pluralLabel(in: locale.identifier) }

    var fieldNames: [String] { structure.allFields.map(\.name) }

    func title(of name: String) -> String {
        guard let field = structure.field(named: name) else { return name }
        let label = field.label(in: locale)
        return label.isEmpty ? field.name : label
    }

    func canonicalValue(of name: String, in record: RecordData) -> String? {
        value(of: name, in: record).map(ObjectMapping.canonicalString)
    }

    func labelValue(of name: String, in record: RecordData) -> String {
        guard let value = value(of: name, in: record), let field = structure.field(named: name) else { return "" }
        if case .document(.uploaded(let reference)) = value, let title = reference.title { return title }
        return field.label(of: value, in: locale)
    }

    /// A record's typed value of field `name` (read as ``ObjectMapping/values(of:in:)`` does).
    func value(of name: String, in record: RecordData) -> FieldValue? {
        guard let field = structure.field(named: name), let json = record.values[field.name] else { return nil }
        return ObjectMapping.value(of: json, for: field)
    }

    /// Entry `id` through the cache under `policy` (stored with each read, so that an entry
    /// opened once opens offline), or straight from the portal without a cache.
    static func entry(_ id: Int64, of context: ObjectContext, connection: CacheReadingConnection, policy: LoadPolicy) async throws(CommandFailure) -> ObjectEntry {
        let session = connection.session
        let definition = context.definition
        let what = "entry \(id) of \(definition.name)"
        let fetch: @Sendable () async throws -> JSONValue = {
            let entry = try await session.objectEntry(of: definition, id: id)
            return .object(entry.json)
        }
        let json: JSONValue
        do {
            if let database = connection.database {
                let key = CacheKey("object-entry", parameters: ["definitionId": .int(definition.id), "id": .int(id)]).rawValue
                json = try await CachePolicyLoader(database: database)
                    .load(policy == .cacheThenRemote ? .remoteFirst : policy, at: EntryAddress(collection: collection, key: key), fetch: fetch).value
            } else {
                json = try await fetch()
            }
        } catch OfflineStoreError.notCached {
            throw CommandFailure(.notFound, "\(what) was never loaded on this machine; run once with the portal reachable")
        } catch {
            throw CommandFailure(error, doing: what)
        }
        guard let entry = ObjectEntry(json: json) else { throw CommandFailure(.server, "\(what): the portal's answer is not an entry") }
        return entry
    }
}
