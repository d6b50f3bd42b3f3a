import ArgumentParser
import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets

/// `termlets list`: the records of a record set, page by page (the DDL list screenlet, for scripts).
struct ListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the records of a record set as JSON, CSV or a table.",
        discussion: """
            Pages follow the list screenlet's arithmetic: page 0 holds the first --first-page-size rows, \
            each later page --page-size rows. Without --page or --all, the first page is printed. \
            Values are given in the canonical forms `termlets form --set` takes. \
            Pages are read through --offline-policy (default remote-first: the portal, stored in the \
            offline cache; the cache, marked stale, when the portal cannot be reached); "source" and \
            "storedAt" say where they came from.
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(name: .customLong("record-set-id"), parsing: .unconditional, help: "The record set to list.")
    var recordSetIdOption: Int64?

    @OptionGroup var objectOptions: ObjectListOptions

    /// The record set listed (0 when an object is).
    var recordSetId: Int64 { recordSetIdOption ?? 0 }

    @Option(name: .customLong("label-fields"), help: "Comma-separated field names to show (default: every field).")
    var labelFields: String?

    @Option(name: .customLong("user-id"), parsing: .unconditional, help: "Only the records created by this user.")
    var userId: Int64?

    @Option(help: "Order-by comparator class, e.g. com.liferay.dynamic.data.lists.util.comparator.DDLRecordModifiedDateComparator.")
    var obc: String?

    @Option(name: .customLong("first-page-size"), parsing: .unconditional, help: "Rows on page 0.")
    var firstPageSize = 50

    @Option(name: .customLong("page-size"), parsing: .unconditional, help: "Rows on every later page.")
    var pageSize = 25

    @OptionGroup var paging: PagingOptions

    @Option(help: "json, csv or text (default: text on a terminal, JSON otherwise).")
    var format: String?

    @Option(help: "The CSV or text header: names or labels (default: names in CSV, labels in text).")
    var header: ListExportHeader?

    @Flag(name: .customLong("with-id"), help: "CSV: put the record id in the first column (the text table always has it).")
    var withId = false

    @Flag(help: "Plain mode: print the rows, never open a screen (also when not on a terminal).")
    var plain = false

    @Option(name: .customLong("offline-policy"), help: "Where pages come from: remote-only, remote-first, cache-first, cache-only or cache-then-remote.")
    var offlinePolicy: LoadPolicy = .remoteFirst

    @Option(help: "Write the list's events (pageLoaded, listError) to this file as JSON lines.")
    var events: String?

    func run() async throws {
        if try objectOptions.isChosen(recordSetId: recordSetIdOption) { return try await runObject() }
        if opensScreen { return try await runScreen() }
        let format = try OutputFormat.resolve(format, allowed: [.json, .csv, .text])
        guard page == nil || !all else { throw CommandFailure(.input, "give --page or --all, not both") }
        try InputLimits.page(page)
        try InputLimits.positive(recordSetId, "--record-set-id")
        try InputLimits.positive(userId, "--user-id")
        guard (1...1_000).contains(firstPageSize), (1...1_000).contains(pageSize) else {
            throw CommandFailure(.input, "page sizes must be between 1 and 1000")
        }
        let layout = PageLayout(firstPageSize: firstPageSize, pageSize: pageSize)
        let requested = labelFields.map(Self.splitFieldNames)

        try await connection.withCacheReadingConnection(policy: offlinePolicy) { connection in
            let context = try await RecordSetContext.load(connection, recordSetId: recordSetId, policy: offlinePolicy)
            if let requested {
                for name in requested where context.structure.field(named: name) == nil {
                    throw CommandFailure(.input, "--label-fields: record set \(recordSetId) has no field \(name)")
                }
            }
            let columns = requested.map { $0.map { context.structure.field(named: $0)?.name ?? $0 } } ?? context.fieldNames
            let screenlet = try DDLListScreenlet(
                configuration: DDLListConfiguration(
                    recordSetId: recordSetId, labelFields: columns, userId: userId ?? 0, obcClassName: obc,
                    firstPageSize: firstPageSize, pageSize: pageSize, offlinePolicy: offlinePolicy, locale: connection.locale),
                session: connection.session, calls: connection.calls, database: connection.database)
            // The screenlet reports every page as an event; nobody listening, its buffer would
            // keep the last 1,024 pages' rows alive, so the events are drained.
            let log = try EventLog.start(events, screenlet.events) ?? Task { for await _ in screenlet.events {} }
            var writer = ListingWriter(
                format: format, columns: columns, requested: requested, context: context, header: header, withId: withId)
            let listing: Listing
            do {
                listing = try await fetch(screenlet, layout: layout, connection: connection) { rows in writer.write(rows) }
            } catch {
                await screenlet.close()
                await log.value
                throw error
            }
            await screenlet.close()
            await log.value
            writer.finish(rowCount: listing.rowCount, provenance: listing.provenance)
        }
    }

    private var page: Int? { paging.page }
    private var all: Bool { paging.all }

    /// What is known of the printed pages once they are in: the row count and where they came from.
    struct Listing {
        var rowCount = 0
        /// The first page from the cache, if any; otherwise the portal.
        var provenance = RowProvenance.portal
    }

    /// The requested page, or every page with `--all`, through the screenlet's loader, each handed
    /// to `print` as it arrives and then let go; the row count comes with the first page's batch.
    /// `--all` ends at the first short (or empty) page or at the row count, whichever comes first:
    /// a count that lies upwards costs one empty page, and nothing is sized by it.
    private func fetch(
        _ screenlet: DDLListScreenlet, layout: PageLayout, connection: CacheReadingConnection,
        print: ([DDLListRow]) -> Void
    ) async throws(CommandFailure) -> Listing {
        var pageNumber = page ?? 0
        var listing = Listing()
        var previousFirst: Int64?
        var printed = 0
        while true {
            let rows = layout.rows(ofPage: pageNumber)
            let first = pageNumber == (page ?? 0)
            let response: PageResponse<DDLListRow>
            do {
                response = try await screenlet.loadPage(pageNumber, withCount: first)
            } catch {
                if let missing = await connection.noScreensPluginFailure(error, recordSetId: recordSetId) { throw CommandFailure(missing) }
                throw CommandFailure.reading(error, doing: "page \(pageNumber)")
            }
            if first { listing.rowCount = response.rowCount ?? rows.lowerBound + response.rows.count }
            if response.provenance.source == .cache, listing.provenance.source == .portal { listing.provenance = response.provenance }
            // A portal that ignores paging answers every page with the first one: with a count that
            // lies too, it would keep the loop going for ever.
            let firstId = response.rows.first?.record.recordId
            if let firstId, firstId == previousFirst {
                throw CommandFailure(
                    .server, "the portal answered page \(pageNumber) with the rows of page \(pageNumber - 1) (it ignores paging); stopped after \(printed) records")
            }
            previousFirst = firstId
            printed += response.rows.count
            print(response.rows)
            guard all, response.rows.count == rows.count, rows.upperBound < listing.rowCount else { break }
            pageNumber += 1
        }
        return listing
    }

    static func splitFieldNames(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// One record as the contract's JSON has it: `{"recordId", "values": {field: value}, "attributes"}`,
    /// with the fields in `columns`, or every field of the record when `nil`; a record with a write
    /// waiting in the offline queue shows the queued values and `"pending": "<state>"` (else `null`).
    static func json(_ record: RecordData, columns: [String]?, context: any ListingSource, pending: QueueState? = nil) -> JSONValue {
        var values: [String: JSONValue] = [:]
        for name in columns ?? Array(record.values.keys) {
            values[name] = context.canonicalValue(of: name, in: record).map(JSONValue.string) ?? .null
        }
        return [
            "recordId": JSONValue(record.recordId),
            "values": .object(values),
            "attributes": .object(record.attributes),
            "pending": pending.map { .string($0.rawValue) } ?? .null,
        ]
    }

    /// The header cells of `columns`: field names or labels.
    static func headerCells(_ columns: [String], _ header: ListExportHeader, context: any ListingSource) -> [String] {
        header == .labels ? columns.map(context.title(of:)) : columns
    }
}
