import ArgumentParser
import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets

/// `termlets gallery`: the images of a folder (the gallery screenlet, for scripts): list them,
/// upload one, or delete one — offline too (uploads and deletions are queued for sync).
struct GalleryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gallery",
        abstract: "List, upload or delete the images of a Documents and Media folder.",
        discussion: """
            --list prints page 0 (50 images) or --page N (25 per later page) or --all.

            --upload prints the new file entry, or {"status": "queued", "queueId": …} when the portal \
            cannot be reached (the upload waits for `termlets sync`).

            --delete prints {"status": "deleted"|"queued", "fileEntryId", "queueId"}.

            Every output names the path used in "transport": "headless-delivery" where the portal \
            has it (7.2 and later), else "jsonws" (dlapp).
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(name: .customLong("folder-id"), parsing: .unconditional, help: "The folder (0: the root; default on the embedded emulator: its demo folder 50001).")
    var folderId: Int64?

    @Option(name: .customLong("repository-id"), parsing: .unconditional, help: "The repository (default: the site).")
    var repositoryId: Int64?

    @Flag(help: "Print the folder's images.")
    var list = false

    /// With --list: `--page N` or `--all`.
    @OptionGroup var paging: PagingOptions
    private var page: Int? { paging.page }
    private var all: Bool { paging.all }

    @Option(help: "Upload this image file.")
    var upload: String?

    @Option(help: "With --upload: the title (default: \"gallery-\" and a unique suffix).")
    var title: String?

    @Option(help: "With --upload: the description.")
    var description: String?

    @Option(parsing: .unconditional, help: "Delete this file entry.")
    var delete: Int64?

    @Option(name: .customLong("mime-types"), help: "Comma-separated MIME types to list (default: image/png,image/jpeg,image/gif).")
    var mimeTypes: String?

    @Option(name: .customLong("offline-policy"), help: "remote-only, remote-first, cache-first, cache-only or cache-then-remote.")
    var offlinePolicy: LoadPolicy = .remoteFirst

    @Option(help: "Write the gallery's events to this file as JSON lines.")
    var events: String?

    @Option(help: "json or text (default: text on a terminal, JSON otherwise).")
    var format: String?

    @Flag(help: "Never open the screen: print the images (as --list does).")
    var plain = false

    func validate() throws {
        let actions = [list, upload != nil, delete != nil].filter { $0 }.count
        guard actions <= 1 else { throw ValidationError("give at most one of --list, --upload FILE, --delete ID") }
        guard list || (page == nil && !all) else { throw ValidationError("--page and --all go with --list") }
        guard page == nil || !all else { throw ValidationError("give --page or --all, not both") }
        if let problem = paging.problem { throw ValidationError(problem) }
    }

    func run() async throws {
        try InputLimits.notNegative(folderId, "--folder-id")
        try InputLimits.positive(repositoryId, "--repository-id")
        try InputLimits.positive(delete, "--delete")
        if opensScreen { return try await runScreen() }
        let format = try OutputFormat.resolve(format, allowed: [.json, .text])
        if let upload {
            // Judged before anything connects or is queued: an image (by content) the gallery lists.
            let probe = GalleryUpload(file: URL(fileURLWithPath: upload))
            let listed = mimeTypes.map(ListCommand.splitFieldNames) ?? DLAppCalls.defaultImageMimeTypes
            do { _ = try GalleryScreenlet.acceptImage(probe, listed: listed) } catch {
                throw CommandFailure(.input, "--upload: \(error.message)")
            }
        }
        let list = list || (upload == nil && delete == nil)
        // cache-only never connects: an upload or a deletion is queued without a single request.
        let connects = offlinePolicy != .cacheOnly || list
        try await connection.withCacheReadingConnection(policy: offlinePolicy, connects: connects) { connection in
            let repository = repositoryId ?? connection.groupId
            guard repository > 0 else { throw CommandFailure(.input, "give --repository-id (the site is unknown offline)") }
            let folderId = try resolvedFolderId(connection.settings)
            var configuration = GalleryConfiguration(
                repositoryId: repository, folderId: folderId, offlinePolicy: offlinePolicy,
                deletePolicy: Self.writePolicy(offlinePolicy, otherwise: .remoteFirst), locale: connection.locale)
            configuration.uploadPolicy = Self.writePolicy(offlinePolicy, otherwise: .cacheFirst)
            configuration.transport = await connection.galleryTransport()
            if let mimeTypes {
                configuration.mimeTypes = ListCommand.splitFieldNames(mimeTypes)
            }
            let gallery = GalleryScreenlet(
                configuration: configuration, session: connection.session, calls: connection.calls, database: connection.database)
            let (observed, observer) = AsyncStream.makeStream(of: GalleryEvent.self)
            let log = try EventLog.start(events, observed)
            let watcher = Task { () -> [GalleryEvent] in
                var seen: [GalleryEvent] = []
                for await event in gallery.events {
                    observer.yield(event)
                    Self.showProgress(event)
                    seen.append(event)
                }
                observer.finish()
                return seen
            }
            var output: JSONValue = .null
            var failure: CommandFailure?
            do {
                if list {
                    output = try await listing(gallery)
                } else if let upload {
                    await gallery.upload(GalleryUpload(file: URL(fileURLWithPath: upload), title: title, description: description ?? ""))
                    await gallery.waitForUploads()
                } else if let delete {
                    await gallery.delete(fileEntryId: delete)
                }
            } catch let error as CommandFailure {
                failure = error
            }
            await gallery.close()
            let seen = await watcher.value
            await log?.value
            if let failure { throw failure }
            if !list { output = try Self.outcome(of: seen) }
            output = Self.tagged(output, transport: configuration.transport)
            switch format {
            case .text: Console.out(Self.text(output))
            default: Console.printJSON(output)
            }
        }
    }

    private func listing(_ gallery: GalleryScreenlet) async throws(CommandFailure) -> JSONValue {
        let layout = gallery.configuration.layout
        var pageNumber = page ?? 0
        var entries: [GalleryRow] = []
        var rowCount = 0
        var provenance = RowProvenance.portal
        while true {
            let rows = layout.rows(ofPage: pageNumber)
            let first = pageNumber == (page ?? 0)
            let response: PageResponse<GalleryRow>
            do {
                response = try await gallery.loadPage(pageNumber, withCount: first)
            } catch {
                throw CommandFailure.reading(error, doing: "page \(pageNumber)")
            }
            if first { rowCount = response.rowCount ?? rows.lowerBound + response.rows.count }
            if response.provenance.source == .cache, provenance.source == .portal { provenance = response.provenance }
            entries += response.rows
            guard all, response.rows.count == rows.count, rows.upperBound < rowCount else { break }
            pageNumber += 1
        }
        var json: [String: JSONValue] = ["entries": .array(entries.map(Self.json)), "rowCount": .int(Int64(rowCount))]
        json.merge(provenance.jsonFields) { $1 }
        return .object(json)
    }

    /// What the upload or deletion came to, from the screenlet's events; a failure throws.
    /// Where uploads and deletions go under the load policy given: `remote-only` and `cache-only`
    /// keep their meaning, any other policy `otherwise`.
    static func writePolicy(_ policy: LoadPolicy, otherwise: SubmitPolicy) -> SubmitPolicy {
        switch policy {
        case .remoteOnly: return .remoteOnly
        case .cacheOnly: return .cacheOnly
        default: return otherwise
        }
    }

    static func outcome(of events: [GalleryEvent]) throws(CommandFailure) -> JSONValue {
        for event in events {
            switch event {
            case .uploaded(_, let entry):
                var json = json(GalleryRow(entry: entry)).objectValue ?? [:]
                json["status"] = "uploaded"
                return .object(json)
            case .uploadQueued(_, let queueId):
                return ["status": "queued", "queueId": .string(queueId)]
            case .uploadError(_, let error, _):
                if case SubmitError.rejectedKeptInQueue(let queueId, let reason) = error {
                    let failure = CommandFailure(reason, doing: "upload")
                    throw CommandFailure(failure.kind, failure.message + " (kept as pending write \(queueId))")
                }
                throw CommandFailure(error, doing: "upload")
            case .entryDeleted(let id, let queueId):
                return ["status": queueId == nil ? "deleted" : "queued", "fileEntryId": .int(id), "queueId": JSONValue(queueId)]
            case .deleteError(_, let error):
                throw CommandFailure(error, doing: "delete")
            default:
                continue
            }
        }
        throw CommandFailure(.server, "the gallery reported no outcome")
    }

    static func json(_ row: GalleryRow) -> JSONValue {
        let entry = row.entry
        return [
            "fileEntryId": .int(entry.fileEntryId), "title": .string(entry.title), "mimeType": .string(entry.mimeType),
            "size": .int(entry.size), "description": .string(entry.description), "folderId": .int(entry.folderId),
            "repositoryId": .int(entry.repositoryId), "createDate": JSONValue(entry.createDate),
            "modifiedDate": JSONValue(entry.modifiedDate), "pendingDelete": .bool(row.pendingDelete),
        ]
    }

    /// `output` with the path the gallery used (`"transport": "jsonws"|"headless-delivery"`).
    static func tagged(_ output: JSONValue, transport: GalleryTransport) -> JSONValue {
        guard case .object(var members) = output else { return output }
        members["transport"] = .string(transport.rawValue)
        return .object(members)
    }

    /// A table of entries, or the outcome's members one per line.
    static func text(_ output: JSONValue) -> String {
        if let entries = output["entries"]?.arrayValue {
            var table = TextTable(header: ["ID", "Title", "Type", "Size"])
            for entry in entries {
                let mark = entry["pendingDelete"] == .bool(true) ? " (deleting)" : ""
                table.add([
                    entry["fileEntryId"]?.serialized() ?? "", (entry["title"]?.stringValue ?? "") + mark,
                    entry["mimeType"]?.stringValue ?? "", entry["size"]?.int64Value.map(ByteSize.text) ?? "",
                ])
            }
            var source = output["source"]?.stringValue == "cache" ? " (from the offline cache)" : ""
            if output["transport"]?.stringValue == GalleryTransport.headlessDelivery.rawValue { source += " via headless-delivery" }
            return table.render() + "\(entries.count) of \(output["rowCount"]?.serialized() ?? "?") images\(source)\n"
        }
        guard case .object(var members) = output else { return output.serialized() + "\n" }
        // On dlapp the text is today's; only headless-delivery is named.
        if members["transport"]?.stringValue == GalleryTransport.jsonWebServices.rawValue { members["transport"] = nil }
        return members.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value.textValue ?? $0.value.serialized())" }
            .joined(separator: "\n") + "\n"
    }

    /// Upload progress on standard error, when it is a terminal.
    static func showProgress(_ event: GalleryEvent) {
        guard isatty(STDERR_FILENO) == 1 else { return }
        switch event {
        case .uploadProgress(_, let sent, let total):
            Console.err("\ruploading: \(sent) of \(total) bytes")
        case .uploaded, .uploadQueued, .uploadError:
            Console.err("\n")
        default:
            break
        }
    }
}
