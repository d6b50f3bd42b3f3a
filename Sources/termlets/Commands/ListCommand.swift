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
            Pages follow the list screenlet's arithmetic: page 0 holds the first --first-page-size rows,
            each later page --page-size rows. Without --page or --all, the first page is printed.
            Values are given in the canonical forms `termlets form --set` takes.
            Pages are read through --offline-policy (default remote-first: the portal, stored in the
            offline cache; the cache, marked stale, when the portal cannot be reached); "source" and
            "storedAt" say where they came from.
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(name: .customLong("record-set-id"), parsing: .unconditional, help: "The record set to list.")
    var recordSetId: Int64

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

    @Flag(help: "Plain mode: print the rows, never open a screen (also when not on a terminal).")
    var plain = false

    @Option(name: .customLong("offline-policy"), help: "Where pages come from: remote-only, remote-first, cache-first, cache-only or cache-then-remote.")
    var offlinePolicy: LoadPolicy = .remoteFirst

    @Option(help: "Write the list's events (pageLoaded, listError) to this file as JSON lines.")
    var events: String?

    func run() async throws {
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
            let log = try EventLog.start(events, screenlet.events)
            let listing: Listing
            do {
                listing = try await fetch(screenlet, layout: layout, connection: connection)
            } catch {
                await screenlet.close()
                await log?.value
                throw error
            }
            await screenlet.close()
            await log?.value
            let records = listing.rows.map(\.record)
            switch format {
            case .json:
                var json = Self.json(records, rowCount: listing.rowCount, columns: requested, context: context)
                json = Self.withProvenance(json, listing.provenance)
                Console.printJSON(json)
            case .csv: Console.out(Self.csv(records, columns: columns, context: context))
            case .text: Console.out(Self.table(records, rowCount: listing.rowCount, columns: columns, context: context))
            }
        }
    }

    private var page: Int? { paging.page }
    private var all: Bool { paging.all }

    /// The printed pages: their rows, the row count, and where they came from.
    struct Listing {
        var rows: [DDLListRow] = []
        var rowCount = 0
        /// The first page from the cache, if any; otherwise the portal.
        var provenance = RowProvenance.portal
    }

    /// The requested page, or every page with `--all`, through the screenlet's loader; the row
    /// count comes with the first page's batch.
    private func fetch(_ screenlet: DDLListScreenlet, layout: PageLayout, connection: CacheReadingConnection) async throws(CommandFailure) -> Listing {
        var pageNumber = page ?? 0
        var listing = Listing()
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
            listing.rows += response.rows
            guard all, response.rows.count == rows.count, rows.upperBound < listing.rowCount else { break }
            pageNumber += 1
        }
        return listing
    }

    /// `json` with the contract's `"source"` and `"storedAt"` (ISO-8601 or null), and `"stale"`.
    static func withProvenance(_ json: JSONValue, _ provenance: RowProvenance) -> JSONValue {
        guard case .object(var members) = json else { return json }
        for (key, value) in provenance.jsonFields { members[key] = value }
        return .object(members)
    }

    static func splitFieldNames(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func json(_ records: [RecordData], rowCount: Int, columns: [String]?, context: RecordSetContext) -> JSONValue {
        let rows: [JSONValue] = records.map { record in
            var values: [String: JSONValue] = [:]
            for name in columns ?? Array(record.values.keys) {
                values[name] = context.canonicalValue(of: name, in: record).map(JSONValue.string) ?? .null
            }
            return [
                "recordId": JSONValue(record.recordId),
                "values": .object(values),
                "attributes": .object(record.attributes),
            ]
        }
        return ["records": .array(rows), "rowCount": .int(Int64(rowCount)), "source": "portal", "storedAt": nil]
    }

    static func csv(_ records: [RecordData], columns: [String], context: RecordSetContext) -> String {
        var out = CSV.line(columns)
        for record in records {
            out += CSV.line(columns.map { context.canonicalValue(of: $0, in: record) ?? "" })
        }
        return out
    }

    static func table(_ records: [RecordData], rowCount: Int, columns: [String], context: RecordSetContext) -> String {
        var table = TextTable(header: ["ID"] + columns.map(context.title(of:)))
        for record in records {
            table.add([record.recordId.map(String.init) ?? ""] + columns.map { context.labelValue(of: $0, in: record) })
        }
        return table.render() + "\(records.count) of \(rowCount) records in \(context.name.inertForTerminal())\n"
    }
}
