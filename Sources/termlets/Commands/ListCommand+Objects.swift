import ArgumentParser
import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets

/// `list --object NAME|ID` options (CONTRACT.md, "Modern portals").
struct ObjectListOptions: ParsableArguments {
    @Option(help: "The Liferay Objects definition to list (its name, e.g. Ticket, or its id), in place of --record-set-id.")
    var object: String?

    @Option(help: "With --object: full-text search on the portal.")
    var search: String?

    @Option(help: "With --object: order by FIELD[:asc|:desc] (a field of the object, or id, dateCreated, dateModified, externalReferenceCode).")
    var sort: String?

    /// Whether an object is listed; throws when both or neither of `--object` and `--record-set-id`
    /// are given, or an object-only option comes with a record set.
    func isChosen(recordSetId: Int64?) throws(CommandFailure) -> Bool {
        switch (object, recordSetId) {
        case (nil, nil): throw CommandFailure(.input, "give --record-set-id or --object")
        case (.some, .some): throw CommandFailure(.input, "give --record-set-id or --object, not both")
        case (nil, .some):
            if search != nil || sort != nil { throw CommandFailure(.input, "--search and --sort go with --object") }
            return false
        case (.some(let name), nil):
            try InputLimits.length(name, "--object", max: 200)
            guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw CommandFailure(.input, "--object needs a name or an id") }
            try InputLimits.length(search, "--search", max: 1_000)
            return true
        }
    }

    /// The sort in Liferay's form (`field:asc`), checked against the definition's fields.
    func sortParameter(_ context: ObjectContext) throws(CommandFailure) -> String? {
        guard let sort else { return nil }
        let parts = sort.split(separator: ":", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        let field = parts[0]
        let direction = parts.count > 1 ? parts[1].lowercased() : "asc"
        guard parts.count <= 2, direction == "asc" || direction == "desc" else {
            throw CommandFailure(.input, "--sort takes FIELD, FIELD:asc or FIELD:desc")
        }
        let system = ["id", "dateCreated", "dateModified", "externalReferenceCode"]
        guard let name = system.first(where: { $0.lowercased() == field.lowercased() }) ?? context.structure.field(named: field)?.name else {
            throw CommandFailure(.input, "--sort: \(context.definition.name) has no field \(field)")
        }
        return "\(name):\(direction)"
    }
}

extension ListCommand {
    /// `list --object`: the entries of an object definition, printed as a record set's records.
    func runObject() async throws {
        let format = try OutputFormat.resolve(format, allowed: [.json, .csv, .text])
        guard paging.page == nil || !paging.all else { throw CommandFailure(.input, "give --page or --all, not both") }
        try InputLimits.page(paging.page)
        try InputLimits.positive(userId, "--user-id")
        guard (1...1_000).contains(firstPageSize), (1...1_000).contains(pageSize) else {
            throw CommandFailure(.input, "page sizes must be between 1 and 1000")
        }
        if obc != nil { throw CommandFailure(.input, "--obc is for record sets; give --sort with --object") }
        if events != nil { throw CommandFailure(.input, "--events is for record sets") }
        let object = objectOptions.object ?? ""
        let layout = PageLayout(firstPageSize: firstPageSize, pageSize: pageSize)
        let requested = labelFields.map(Self.splitFieldNames)

        try await connection.withCacheReadingConnection(policy: offlinePolicy) { connection in
            let context = try await ObjectContext.load(connection, object: object, policy: offlinePolicy)
            if let requested {
                for name in requested where context.structure.field(named: name) == nil {
                    throw CommandFailure(.input, "--label-fields: \(context.definition.name) has no field \(name)")
                }
            }
            let columns = requested.map { $0.map { context.structure.field(named: $0)?.name ?? $0 } } ?? context.fieldNames
            let reader = ObjectPageReader(
                session: connection.session, database: connection.database, context: context, policy: offlinePolicy,
                search: objectOptions.search.flatMap { $0.isEmpty ? nil : $0 }, sort: try objectOptions.sortParameter(context), userId: userId)
            var writer = ListingWriter(format: format, columns: columns, requested: requested, context: context, header: header, withId: withId)
            var pageNumber = paging.page ?? 0
            var listing = Listing()
            while true {
                let rows = layout.rows(ofPage: pageNumber)
                let answer: ObjectPageReader.Answer
                do {
                    answer = try await reader.read(rows)
                } catch OfflineStoreError.notCached {
                    throw CommandFailure(.notFound, "page \(pageNumber) of \(context.definition.name) was never loaded on this machine; run once with the portal reachable")
                } catch {
                    throw CommandFailure(error, doing: "page \(pageNumber) of \(context.definition.name)")
                }
                if pageNumber == (paging.page ?? 0) { listing.rowCount = answer.totalCount }
                if answer.provenance.source == .cache, listing.provenance.source == .portal { listing.provenance = answer.provenance }
                let queued = Self.queuedEdits(connection.database, context: context)
                writer.write(answer.entries.map { entry in
                    guard let edit = queued[entry.id] else { return DDLListRow(record: context.record(entry), labelFields: []) }
                    var shown = entry
                    shown.json.merge(edit.body) { $1 }
                    return DDLListRow(record: context.record(shown), labelFields: [], pending: edit.state)
                })
                guard paging.all, answer.entries.count == rows.count, rows.upperBound < listing.rowCount else { break }
                pageNumber += 1
            }
            writer.finish(rowCount: listing.rowCount, provenance: listing.provenance)
        }
    }

    /// The open `update-entry` writes of this definition in the offline queue, by entry: their
    /// state and the body they will send (later writes of an entry override earlier ones), so a
    /// listed entry shows its queued values and `"pending"` as a record does.
    static func queuedEdits(_ database: CacheDatabase?, context: ObjectContext) -> [Int64: (state: QueueState, body: [String: JSONValue])] {
        guard let database, let items = try? PendingQueue(database: database).items(collection: PendingWrite.objectsCollection) else { return [:] }
        var edits: [Int64: (state: QueueState, body: [String: JSONValue])] = [:]
        for item in items where item.operation == .updateEntry && item.payload[PayloadKey.restContextPath]?.stringValue == context.definition.restContextPath {
            guard let id = item.payload[PayloadKey.recordId]?.int64Value else { continue }
            var body = edits[id]?.body ?? [:]
            body.merge(item.payload[PayloadKey.body]?.objectValue ?? [:]) { $1 }
            edits[id] = (item.state == .sending ? .dirty : item.state, body)
        }
        return edits
    }
}
