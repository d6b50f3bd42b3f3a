import DDM
import Foundation
import OfflineStore
import PortalClient

extension FormScreenlet {
    /// Loads the structure under the load policy and shows a new record's predefined values
    /// (`formLoaded`, or `formLoadError` and a throw). With `cache-then-remote` the cached form
    /// comes first and the portal's follows (two `formLoaded`); unedited values follow the refresh.
    /// A form asked for a record (`recordId` ≠ 0) keeps the structure until the record is loaded:
    /// it never shows (nor submits) a blank new record in its place.
    public func loadForm() async throws {
        state.isLoading = true
        defer { state.isLoading = false }
        do {
            let id = try await resolveStructureId()
            let address = EntryAddress(collection: Self.collection, key: CacheKey.structure(structureId: id, locale: nil).rawValue)
            let portal = self.portal
            let updates = loader.updates(attributes.loadPolicy, at: address) { try await portal.structureJSON(id) }
            for try await result in updates {
                let structure = try Self.parseStructure(result.value, id: id)
                loadedStructure = structure
                let isNewRecordForm = attributes.recordId == 0 && state.requestedRecordId == nil
                if isNewRecordForm, state.model == nil || (state.model?.recordId == nil && state.model?.isModified == false) {
                    state.model = DDLFormModel(structure: structure, locale: state.locale)
                }
                state.formOrigin = FormDataOrigin(result)
                emit(.formLoaded(FormDataOrigin(result)))
            }
        } catch {
            emit(.formLoadError(message: Self.describe(error)))
            throw error
        }
    }

    /// Loads the record `recordId` under the load policy — the form first when it is not loaded
    /// (`formLoaded` then `recordLoaded`) — and shows its stored values. A record of another
    /// record set is refused (``FormScreenletError/notInRecordSet(recordId:recordSetId:)``), and
    /// one neither the portal nor the cache has is ``FormScreenletError/recordUnavailable(recordId:reason:)``.
    public func loadRecord() async throws {
        guard attributes.recordId != 0 else {
            emit(.recordLoadError(message: FormScreenletError.missingAttribute("recordId").description))
            throw FormScreenletError.missingAttribute("recordId")
        }
        state.askFor(recordId: attributes.recordId)
        if loadedStructure == nil { try await loadForm() }
        state.isLoading = true
        defer { state.isLoading = false }
        let recordId = attributes.recordId
        let locale = state.locale.identifier
        do {
            guard let structure = loadedStructure ?? state.model?.structure else { throw FormScreenletError.notLoaded }
            let address = EntryAddress(
                collection: Self.collection, key: CacheKey.record(recordId: recordId, locale: locale).rawValue)
            let portal = self.portal
            let updates = loader.updates(attributes.loadPolicy, at: address) { try await portal.recordJSON(recordId, locale: locale) }
            for try await result in updates {
                if state.model?.recordId == recordId, state.model?.isModified == true {
                    state.recordOrigin = FormDataOrigin(result)
                    emit(.recordLoaded(recordId: recordId, origin: FormDataOrigin(result)))
                    continue
                }
                try adoptRecord(result.value, recordId: recordId, structure: structure, origin: FormDataOrigin(result))
            }
        } catch let error as any OfflineClassifiable where error.isConnectivityFailure {
            // Never opened on its own, but seen in a list of its record set: the list's cached row
            // holds the whole record, so the form is that record, from the cache.
            if let structure = loadedStructure ?? state.model?.structure, let row = await cachedListRow(recordId: recordId, locale: locale) {
                try adoptRecord(row.value, recordId: recordId, structure: structure,
                                origin: FormDataOrigin(source: .cache, isStale: true, storedAt: row.storedAt))
                return
            }
            let unavailable = FormScreenletError.recordUnavailable(recordId: recordId, reason: Self.describe(error))
            emit(.recordLoadError(message: unavailable.description))
            throw unavailable
        } catch {
            emit(.recordLoadError(message: Self.describe(error)))
            throw error
        }
    }

    /// Makes the form record `recordId` from its JSON as the portal gives it (a record of another
    /// record set is refused) and says it loaded.
    private func adoptRecord(_ json: JSONValue, recordId: Int64, structure: DDMStructure, origin: FormDataOrigin) throws {
        let recordAttributes = try state.adoptRecord(
            json, recordId: recordId, recordSetId: attributes.recordSetId, structure: structure, origin: origin)
        baseModifiedDate = recordAttributes[PayloadKey.modifiedDate] ?? .null
        emit(.recordLoaded(recordId: recordId, origin: origin))
    }

    /// Record `recordId` as a cached page of its record set's list holds it (the list screenlet's
    /// `DDLList` pages, in `locale`), with when that page was stored; `nil` when no cached page has it.
    private func cachedListRow(recordId: Int64, locale: String) async -> (value: JSONValue, storedAt: Date)? {
        let recordSetId = attributes.recordSetId
        guard recordSetId != 0, let keys = try? await entries.keys(collection: "DDLList") else { return nil }
        let wanted = keys.filter { $0.contains("recordSetId=\(recordSetId),") && $0.contains("locale=\(locale),") && $0.contains("/rows/") }
        for key in wanted {
            guard let entry = try? await entries.get(EntryAddress(collection: "DDLList", key: key)),
                let rows = entry.value["rows"]?.arrayValue
            else { continue }
            if let row = rows.first(where: { $0["modelAttributes"]?["recordId"]?.int64Value == recordId }) {
                return (row, entry.storedAt)
            }
        }
        return nil
    }

    /// The structure's id: the attribute, else the record set's structure. The record set is read
    /// (through the load policy too, so a form opens offline) whenever one is given.
    private func resolveStructureId() async throws -> Int64 {
        let recordSetId = attributes.recordSetId
        if recordSetId != 0, state.recordSetName == nil {
            let key = CacheKey("ddl-record-set", parameters: ["recordSetId": .int(recordSetId)])
            let portal = self.portal
            let result = try await loader.load(
                attributes.loadPolicy, at: EntryAddress(collection: Self.collection, key: key.rawValue)
            ) { try await portal.recordSetJSON(recordSetId) }
            guard let recordSet = RecordSet(json: result.value) else {
                throw FormScreenletError.unreadable("record set \(recordSetId) cannot be read")
            }
            state.recordSetName = recordSet.name
            recordSetStructureId = recordSet.structureId
        }
        structureId = attributes.structureId != 0 ? attributes.structureId : recordSetStructureId
        guard structureId != 0 else { throw FormScreenletError.missingAttribute("structureId or recordSetId") }
        return structureId
    }

    static func parseStructure(_ json: JSONValue, id: Int64) throws -> DDMStructure {
        guard let model = StructureModel(json: json), let text = model.definition ?? model.xsd else {
            throw FormScreenletError.unreadable("structure \(id) has neither a definition nor an xsd")
        }
        do {
            return try DDMStructure.parse(text)
        } catch {
            throw FormScreenletError.unreadable("structure \(id) cannot be read: \(error.description)")
        }
    }

    /// An error as one line for an event (portal errors never hold credentials).
    static func describe(_ error: any Error) -> String {
        switch error {
        case let portal as PortalError:
            return "\(portal.kind.rawValue): \(portal.message)"
        case let store as OfflineStoreError:
            return String(describing: store)
        default:
            return String(describing: error)
        }
    }
}
