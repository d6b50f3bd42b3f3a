import DDM
import OfflineStore
import PortalClient
import Screenlets

extension RecordSetContext {
    /// Loads the record set and its structure through the cache under `policy` (stored with
    /// every fetch, so a list can be printed offline later), or straight from the portal without
    /// a cache.
    static func load(
        _ connection: CacheReadingConnection, recordSetId: Int64, policy: LoadPolicy
    ) async throws(CommandFailure) -> RecordSetContext {
        let session = connection.session
        let calls = connection.calls
        let cache = connection.database.map(CachePolicyLoader.init(database:))
        // A refresh-like policy for definitions: the list's own policy, but never cache-then-remote's two answers.
        let definitionPolicy: LoadPolicy = policy == .cacheThenRemote ? .remoteFirst : policy
        func read(_ key: CacheKey, _ call: ServiceCall, _ what: String) async throws(CommandFailure) -> JSONValue {
            do {
                guard let cache else { return try await session.invoke(call) }
                // The form screenlet's collection and keys: a form opens offline on what a list loaded.
                let address = EntryAddress(collection: FormScreenlet.collection, key: key.rawValue)
                return try await cache.load(definitionPolicy, at: address) { try await session.invoke(call) }.value
            } catch OfflineStoreError.notCached {
                // Said in the user's words: the cache's collections and keys are internal.
                throw CommandFailure(.notFound, "\(what) was never loaded on this machine; run once with the portal reachable")
            } catch {
                throw CommandFailure(error, doing: what)
            }
        }
        let setJSON = try await read(
            CacheKey("ddl-record-set", parameters: ["recordSetId": .int(recordSetId)]),
            calls.recordSets.getRecordSet(recordSetId: recordSetId), "record set \(recordSetId)")
        guard let recordSet = RecordSet(json: setJSON) else {
            throw CommandFailure(.server, "record set \(recordSetId): the portal's answer is not a record set")
        }
        let structureJSON = try await read(
            CacheKey.structure(structureId: recordSet.structureId, locale: nil),
            calls.structures.getStructure(structureId: recordSet.structureId), "structure \(recordSet.structureId)")
        guard let model = StructureModel(json: structureJSON), let text = model.definition ?? model.xsd else {
            throw CommandFailure(.server, "structure \(recordSet.structureId) has neither a definition nor an xsd")
        }
        let structure: DDMStructure
        do {
            structure = try DDMStructure.parse(text)
        } catch {
            throw CommandFailure(.server, "structure \(recordSet.structureId) cannot be read: \(error.description)")
        }
        let locale = PortalLocale(connection.settings.locale) ?? structure.defaultLocale
        return RecordSetContext(recordSet: recordSet, structure: structure, locale: locale)
    }
}
