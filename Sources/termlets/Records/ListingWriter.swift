import DDM
import Foundation
import PortalClient
import OfflineStore
import Screenlets
import TermUI

/// Prints `termlets list` as its pages arrive, holding one page at a time, so `--all` over any
/// number of rows runs in bounded memory. The output is the same document a whole listing
/// would give: JSON `{"records": […], "rowCount", "source", "stale", "storedAt"}` (keys sorted,
/// pretty, as `Console.printJSON` writes it; `records` comes first, so it is written as rows
/// arrive and the fields known only at the end follow it), CSV a header and one line per record,
/// text a table whose columns grow as wider values arrive, then the footer line.
struct ListingWriter {
    let format: OutputFormat
    /// The fields shown (CSV and text columns).
    let columns: [String]
    /// The fields JSON carries: those asked for, or every field of each record when `nil`.
    let requested: [String]?
    let context: any ListingSource
    /// The header cells: field names or labels (default: names in CSV, labels in the text table).
    let header: ListExportHeader?
    /// CSV only: `recordId` as the first column (the text table always starts with the id).
    let withId: Bool
    /// Records written so far.
    private(set) var count = 0
    private var widths: [Int] = []
    /// Whether a record with a write waiting in the offline queue was written (the text footer explains its `*`).
    private var wroteQueued = false

    init(
        format: OutputFormat, columns: [String], requested: [String]?, context: any ListingSource,
        header: ListExportHeader? = nil, withId: Bool = false
    ) {
        self.format = format
        self.columns = columns
        self.requested = requested
        self.context = context
        self.header = header
        self.withId = withId
    }

    /// The CSV header line: the fields' names (or labels), after `recordId` with `withId`.
    private var csvHeader: String {
        CSV.line((withId ? ["recordId"] : []) + ListCommand.headerCells(columns, header ?? .names, context: context))
    }

    /// The text table's header: the id, then the fields' labels (or names).
    private var tableHeader: [String] {
        ["ID"] + ListCommand.headerCells(columns, header ?? .labels, context: context)
    }

    /// Writes one page's rows; a row with a write waiting in the offline queue carries the queued
    /// values (JSON says `"pending"`, the text table marks its id `*`).
    mutating func write(_ rows: [DDLListRow]) {
        guard !rows.isEmpty else { return }
        let records = rows.map(\.record)
        switch format {
        case .json:
            var out = count == 0 ? "{\n  \"records\": [" : ""
            for (index, row) in rows.enumerated() {
                out += (count + index == 0 ? "\n    " : ",\n    ")
                let json = ListCommand.json(row.record, columns: requested, context: context, pending: row.pending)
                out += Self.indented(json.serialized(pretty: true))
            }
            Console.data(out)
        case .csv:
            var out = count == 0 ? csvHeader : ""
            for record in records {
                let id = withId ? [record.recordId.map(String.init) ?? ""] : []
                out += CSV.line(id + columns.map { context.canonicalValue(of: $0, in: record) ?? "" })
            }
            Console.data(out)
        case .text:
            var table = TextTable(header: tableHeader)
            for row in rows {
                let id = row.record.recordId.map { String($0) + (row.pending == nil ? "" : "*") } ?? ""
                table.add([id] + columns.map { TerminalText.singleLine(context.labelValue(of: $0, in: row.record)) })
                if row.pending != nil { wroteQueued = true }
            }
            let part = table.render(withHeader: count == 0, minimumWidths: widths)
            widths = part.widths
            Console.out(part.text)
        }
        count += records.count
    }

    /// Ends the document with what is known only once every page is in.
    func finish(rowCount: Int, provenance: RowProvenance) {
        switch format {
        case .json:
            var out = count == 0 ? "{\n  \"records\": []" : "\n  ]"
            var trailer: [String: JSONValue] = ["rowCount": .int(Int64(rowCount))]
            trailer.merge(provenance.jsonFields) { $1 }
            for key in trailer.keys.sorted() {
                out += ",\n  " + JSONValue.string(key).serialized() + ": " + trailer[key]!.serialized()  // all scalars
            }
            Console.data(out + "\n}\n")
        case .csv:
            if count == 0 { Console.data(csvHeader) }
        case .text:
            if count == 0 { Console.out(TextTable(header: tableHeader).render()) }
            Console.out("\(count) of \(rowCount) records in \(context.name.inertForTerminal())\n")
            if wroteQueued { Console.out("* edited here, waiting in the offline queue (queued values shown)\n") }
        }
    }

    /// `json` (pretty, at the top level) as a member one level deeper: JSON text never holds a
    /// raw line break inside a string, so every line break is a layout one.
    private static func indented(_ json: String) -> String {
        json.replacingOccurrences(of: "\n", with: "\n    ")
    }
}
