import ArgumentParser
import DDM
import Foundation
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
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(name: .customLong("record-set-id"), help: "The record set to list.")
    var recordSetId: Int64

    @Option(name: .customLong("label-fields"), help: "Comma-separated field names to show (default: every field).")
    var labelFields: String?

    @Option(name: .customLong("user-id"), help: "Only the records created by this user.")
    var userId: Int64?

    @Option(help: "Order-by comparator class, e.g. com.liferay.dynamic.data.lists.util.comparator.DDLRecordModifiedDateComparator.")
    var obc: String?

    @Option(name: .customLong("first-page-size"), help: "Rows on page 0.")
    var firstPageSize = 50

    @Option(name: .customLong("page-size"), help: "Rows on every later page.")
    var pageSize = 25

    @Option(help: "The page to print, counted from 0.")
    var page: Int?

    @Flag(help: "Print every page, in order.")
    var all = false

    @Option(help: "json, csv or text (default: text on a terminal, JSON otherwise).")
    var format: String?

    func run() async throws {
        let format = try OutputFormat.resolve(format, allowed: [.json, .csv, .text])
        guard page == nil || !all else { throw CommandFailure(.input, "give --page or --all, not both") }
        guard (page ?? 0) >= 0 else { throw CommandFailure(.input, "--page counts from 0") }
        guard (1...1_000).contains(firstPageSize), (1...1_000).contains(pageSize) else {
            throw CommandFailure(.input, "page sizes must be between 1 and 1000")
        }
        let layout = PageLayout(firstPageSize: firstPageSize, pageSize: pageSize)
        let requested = labelFields.map(Self.splitFieldNames)

        try await connection.withConnection { connection in
            let context = try await RecordSetContext.load(connection, recordSetId: recordSetId)
            if let requested {
                for name in requested where context.structure.field(named: name) == nil {
                    throw CommandFailure(.input, "--label-fields: record set \(recordSetId) has no field \(name)")
                }
            }
            let (records, rowCount) = try await fetch(connection, layout: layout)
            let columns = requested.map { $0.map { context.structure.field(named: $0)?.name ?? $0 } } ?? context.fieldNames
            switch format {
            case .json: Console.printJSON(Self.json(records, rowCount: rowCount, columns: requested, context: context))
            case .csv: Console.out(Self.csv(records, columns: columns, context: context))
            case .text: Console.out(Self.table(records, rowCount: rowCount, columns: columns, context: context))
            }
        }
    }

    /// The requested page, or every page with `--all`; the row count comes with the first batch.
    private func fetch(_ connection: PortalConnection, layout: PageLayout) async throws(CommandFailure)
        -> ([RecordData], Int)
    {
        let session = connection.session
        let comparator = obc.map { OrderByComparator(className: $0) }
        let filter = userId.flatMap { $0 == 0 ? nil : $0 }
        var pageNumber = page ?? 0
        var records: [RecordData] = []
        var rowCount = 0
        while true {
            let rows = layout.rows(ofPage: pageNumber)
            let (pageRecords, count) = try await failing("page \(pageNumber)") {
                try await session.records(
                    recordSetId: recordSetId, userId: filter, start: rows.lowerBound, end: rows.upperBound,
                    obc: comparator, withCount: pageNumber == (page ?? 0))
            }
            if let count { rowCount = count }
            records += pageRecords
            guard all, pageRecords.count == rows.count, rows.upperBound < rowCount else { break }
            pageNumber += 1
        }
        return (records, rowCount)
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
        return table.render() + "\(records.count) of \(rowCount) records in \(context.name)\n"
    }
}
