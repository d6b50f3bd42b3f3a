import DDM
import Foundation
import OfflineStore
import PortalClient

/// Finds records an earlier, interrupted attempt may have created: a record set's records newest
/// first (by creation date), page by page, matching `modelAttributes.uuid`. The scan stops when
/// every uuid is found, at a record created well before the oldest write was queued, at the end
/// of the set, or after ``SyncConfiguration/lookupLimit`` records.
struct UUIDLookup {
    let engine: SyncEngine
    let requests: WriteRequests
    /// Allowance for the portal's clock being behind ours.
    static let clockSkew: TimeInterval = 3600

    /// uuid → the record's attributes (recordId, modifiedDate, uuid…), for the writes found.
    func find(_ items: [QueueItem]) async throws -> [String: JSONValue] {
        var found: [String: JSONValue] = [:]
        let bySet = Dictionary(grouping: items) { $0.payload[PayloadKey.recordSetId]?.int64Value ?? 0 }
        for (recordSetId, writes) in bySet where recordSetId != 0 {
            var wanted = Set(writes.map(\.uuid))
            let oldest = writes.map(\.createdAt).min() ?? Date()
            let horizon = Int64((oldest.timeIntervalSince1970 - Self.clockSkew) * 1000)
            var start = 0
            let size = engine.configuration.lookupPageSize
            scan: while !wanted.isEmpty, start < engine.configuration.lookupLimit {
                let page = try await engine.session.invoke(
                    requests.newestRecords(recordSetId: recordSetId, start: start, end: start + size))
                let records = page.arrayValue ?? []
                for record in records {
                    let attributes = record["modelAttributes"] ?? record
                    if let uuid = attributes["uuid"]?.stringValue, wanted.remove(uuid) != nil {
                        found[uuid] = attributes
                    }
                }
                if records.count < size { break scan }
                if let created = (records.last?["modelAttributes"])?["createDate"]?.int64Value, created < horizon {
                    break scan
                }
                start += size
            }
        }
        return found
    }
}
