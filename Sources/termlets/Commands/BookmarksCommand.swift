import ArgumentParser
import BookmarksExample
import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets

/// `termlets bookmarks`: the entries of a bookmarks folder, through the Bookmarks example list
/// (the custom list recipe).
struct BookmarksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bookmarks",
        abstract: "Print the entries of a bookmarks folder (the custom list example).")

    @OptionGroup var connection: ConnectionOptions

    @Option(name: .customLong("folder-id"), parsing: .unconditional, help: "The bookmarks folder (0: the root).")
    var folderId: Int64

    @OptionGroup var paging: PagingOptions

    @Option(name: .customLong("offline-policy"), help: "remote-only, remote-first, cache-first, cache-only or cache-then-remote.")
    var offlinePolicy: LoadPolicy = .remoteFirst

    @Option(help: "Write the list's events to this file as JSON lines.")
    var events: String?

    @Option(help: "json, csv or text (default: text on a terminal, JSON otherwise).")
    var format: String?

    @Flag(help: "Plain mode: print the rows, never open a screen (also when not on a terminal).")
    var plain = false

    private var page: Int? { paging.page }
    private var all: Bool { paging.all }

    func validate() throws {
        if let problem = paging.problem { throw ValidationError(problem) }
    }

    func run() async throws {
        try InputLimits.notNegative(folderId, "--folder-id")
        if opensScreen { return try await runScreen() }
        let format = try OutputFormat.resolve(format, allowed: [.json, .csv, .text])
        try await connection.withCacheReadingConnection(policy: offlinePolicy) { connection in
            guard connection.groupId > 0 else { throw CommandFailure(.input, "give --group-id (the site is unknown offline)") }
            let source = BookmarksSource(groupId: connection.groupId, folderId: folderId, version: connection.calls.version)
            let loader = PortalPageLoader(
                source: source, policy: offlinePolicy, database: connection.database, session: connection.session)
            let (events, sink) = AsyncStream.makeStream(of: BookmarkEvent.self)
            let log = try EventLog.start(self.events, events)
            defer { sink.finish() }
            let layout = PageLayout()
            var pageNumber = page ?? 0
            var bookmarks: [Bookmark] = []
            var rowCount = 0
            var provenance = RowProvenance.portal
            while true {
                let rows = layout.rows(ofPage: pageNumber)
                let first = pageNumber == (page ?? 0)
                let request = PageRequest(page: pageNumber, start: rows.lowerBound, end: rows.upperBound, computeRowCount: first)
                let response: PageResponse<Bookmark>
                do {
                    response = try await loader.loadPage(request)
                } catch {
                    sink.yield(.error(page: pageNumber, message: "\(error)"))
                    sink.finish()
                    await log?.value
                    throw CommandFailure.reading(error, doing: "page \(pageNumber)")
                }
                if first { rowCount = response.rowCount ?? rows.lowerBound + response.rows.count }
                if response.provenance.source == .cache, provenance.source == .portal { provenance = response.provenance }
                sink.yield(.pageLoaded(page: pageNumber, bookmarks: response.rows, rowCount: rowCount, source: response.provenance.source))
                bookmarks += response.rows
                guard all, response.rows.count == rows.count, rows.upperBound < rowCount else { break }
                pageNumber += 1
            }
            sink.finish()
            await log?.value
            if bookmarks.isEmpty, folderId != 0, provenance.source == .portal {
                try await Self.requireFolder(folderId, connection)
            }
            switch format {
            case .csv:
                var csv = CSV.line(["entryId", "name", "url"])
                for bookmark in bookmarks { csv += CSV.line([String(bookmark.entryId), bookmark.name, bookmark.url]) }
                Console.out(csv)
            case .text:
                let renderer = BookmarkRenderer()
                var table = TextTable(header: ["ID"] + renderer.columns.map(\.title))
                for bookmark in bookmarks { table.add([String(bookmark.entryId)] + renderer.texts(for: bookmark)) }
                Console.out(table.render() + "\(bookmarks.count) of \(rowCount) bookmarks\n")
            default:
                var json: [String: JSONValue] = [
                    "bookmarks": .array(bookmarks.map { ["entryId": .int($0.entryId), "name": .string($0.name), "url": .string($0.url)] }),
                    "rowCount": .int(Int64(rowCount)),
                ]
                json.merge(provenance.jsonFields) { $1 }
                Console.printJSON(.object(json))
            }
        }
    }

    /// An empty listing of a folder the portal does not have is `not-found`, as for the gallery
    /// (Liferay's get-entries answers an empty page for any folder id).
    private static func requireFolder(_ folderId: Int64, _ connection: CacheReadingConnection) async throws(CommandFailure) {
        do {
            _ = try await connection.session.invoke(connection.calls.bookmarks.getFolder(folderId: folderId))
        } catch let error as PortalError where error.kind == .notFound {
            throw CommandFailure(.notFound, "bookmarks folder \(folderId) does not exist")
        } catch {
            throw CommandFailure(error, doing: "bookmarks folder \(folderId)")
        }
    }
}
