import DDM
import Foundation
import OfflineStore
import PortalClient
import Synchronization

/// The Gallery Screenlet without a screen: a folder's images, paged through the offline policy;
/// an upload queue (FIFO, one at a time, progress per upload) whose offline or failing uploads are
/// queued for sync while the queue moves on; deletions sent at once, or queued and marked offline.
public final class GalleryScreenlet: Sendable {
    /// The cache and queue collection of gallery pages and writes.
    public static let collection = "ImageGallery"

    public let configuration: GalleryConfiguration
    /// The paginated list driving the rows.
    public let list: PaginatedList<GalleryLoader>
    /// entriesLoaded, entriesError, entrySelected, entryDeleted, deleteError and the upload events.
    public let events: AsyncStream<GalleryEvent>

    private let sink: AsyncStream<GalleryEvent>.Continuation
    private let forwarding: Task<Void, Never>
    private let writer: GalleryWriter
    private let database: CacheDatabase?
    private let cacheKey: ListCacheKey
    private let uploads: UploadQueue
    private let loader: GalleryLoader
    private let deleted = DeletedEntries()
    private let sending = SendingUploads()

    /// A gallery on a logged-in `session`; `database` (when given) caches pages and holds the
    /// queue of offline writes. Without it, loads are `remote-only` and writes are sent or fail.
    public init(configuration: GalleryConfiguration, session: PortalSession, calls: ServiceCalls, database: CacheDatabase?) {
        self.configuration = configuration
        self.database = database
        let source = GallerySource(
            repositoryId: configuration.repositoryId, folderId: configuration.folderId, mimeTypes: configuration.mimeTypes,
            locale: configuration.locale, layout: configuration.layout, calls: calls)
        cacheKey = source.cacheKey
        let base: any PageLoader<FileEntry>
        switch configuration.transport {
        case .jsonWebServices:
            base = PortalPageLoader(source: source, policy: configuration.offlinePolicy, database: database, session: session)
        case .headlessDelivery:
            base = HeadlessGalleryPageLoader(
                cacheKey: source.cacheKey, siteId: configuration.repositoryId, folderId: configuration.folderId,
                mimeTypes: configuration.mimeTypes, policy: configuration.offlinePolicy, database: database, session: session)
        }
        let loader = GalleryLoader(base: base, queue: database.map { PendingQueue(database: $0) })
        self.loader = loader
        let list = PaginatedList(loader: loader, configuration: PaginationConfiguration(layout: configuration.layout))
        self.list = list
        let (events, sink) = AsyncStream.makeStream(of: GalleryEvent.self, bufferingPolicy: .bufferingNewest(4096))
        self.events = events
        self.sink = sink
        let writer = GalleryWriter(session: session, calls: calls, transport: configuration.transport)
        self.writer = writer
        forwarding = Task {
            for await event in list.events {
                switch event {
                case .pageLoaded(let page, let rows, let rowCount, let provenance):
                    sink.yield(.entriesLoaded(page: page, entries: rows, rowCount: rowCount, provenance: provenance))
                case .listError(let failure):
                    sink.yield(.entriesError(page: failure.page, error: failure.error))
                case .rowSelected(let index, let row):
                    sink.yield(.entrySelected(index: index, entry: row))
                case .refreshStarted, .refreshFinished, .rowCountChanged:
                    break
                }
            }
        }
        let queue = database.map { PendingQueue(database: $0) }
        let prefix = configuration.filePrefix
        let rules = UploadRules(policy: configuration.uploadPolicy, mimeTypes: configuration.mimeTypes)
        var metadata: [String: JSONValue] = [
            PayloadKey.repositoryId: .int(configuration.repositoryId), PayloadKey.folderId: .int(configuration.folderId),
            PayloadKey.groupId: .int(configuration.repositoryId),
        ]
        // Queued uploads remember the path, so `termlets sync` sends them the same way.
        if configuration.transport == .headlessDelivery {
            metadata[HeadlessDocuments.transportKey] = .string(HeadlessDocuments.transportName)
        }
        let fields = metadata
        let sending = self.sending
        uploads = UploadQueue { number, upload in
            await GalleryScreenlet.perform(
                number, upload, prefix: prefix, metadata: fields, rules: rules, queue: queue, writer: writer, sink: sink,
                sending: sending)
        }
    }

    deinit {
        forwarding.cancel()
        sink.finish()
    }

    /// Loads page `page` (with the row count when `withCount`) straight through the loader, for
    /// commands that print pages rather than scroll; reports it in ``events`` like a scrolled page.
    public func loadPage(_ page: Int, withCount: Bool) async throws -> PageResponse<GalleryRow> {
        let rows = configuration.layout.rows(ofPage: page)
        let request = PageRequest(page: page, start: rows.lowerBound, end: rows.upperBound, computeRowCount: withCount)
        do {
            let response = try await loader.loadPage(request)
            sink.yield(.entriesLoaded(
                page: page, entries: response.rows, rowCount: response.rowCount ?? rows.lowerBound + response.rows.count,
                provenance: response.provenance))
            return response
        } catch {
            sink.yield(.entriesError(page: page, error: error))
            throw error
        }
    }

    /// Loads page 0 with the count (or refreshes once loaded).
    public func load() async { await list.send(.load) }

    /// Reloads from page 0; the old rows stay until the new page 0 arrives.
    public func refresh() async { await list.send(.refresh) }

    /// Selects row `index`; emits ``GalleryEvent/entrySelected(index:entry:)`` when it is loaded.
    public func select(row index: Int) async { await list.send(.select(row: index)) }

    /// What to draw at row `index`: an image deleted offline is marked `pendingDelete`.
    public func row(at index: Int) async -> RowSlot<GalleryRow> {
        let slot = await list.row(at: index)
        guard case .loaded(let row, let stale) = slot, let state = await deleted.state(of: row.entry.fileEntryId) else {
            return slot
        }
        switch state {
        case .queued: return .loaded(GalleryRow(entry: row.entry, pendingDelete: true), stale: stale)
        case .gone: return .loaded(row, stale: stale)
        }
    }

    /// The loaded images in order, without those deleted on the portal.
    public func loadedEntries() async -> [(index: Int, row: GalleryRow)] {
        let engine = await list.engine
        var rows: [(index: Int, row: GalleryRow)] = []
        for page in engine.loadedPages {
            for index in engine.layout.rows(ofPage: page) {
                guard engine.row(at: index).row != nil, case .loaded(let shown, _) = await self.row(at: index) else { continue }
                if await deleted.state(of: shown.entry.fileEntryId) == .gone { continue }
                rows.append((index, shown))
            }
        }
        return rows
    }

    // MARK: Uploads

    /// Adds an upload behind the others and returns its number (used in the upload events).
    @discardableResult
    public func upload(_ upload: GalleryUpload) async -> Int {
        await uploads.add(upload)
    }

    /// Cancels upload `number`: a waiting one leaves the line; a running one stops (its request is
    /// cancelled, so the portal never has the whole file) and reports
    /// ``GalleryEvent/uploadCancelled(upload:landing:)`` when it has ended, with nothing of it left
    /// in the queue. False when it had already ended, or when its whole file has been sent (the
    /// portal is saving it: it ends as `uploaded`, and can be deleted).
    @discardableResult
    public func cancelUpload(_ number: Int) async -> Bool {
        if sending.hasSentEverything(number) { return false }
        switch await uploads.cancel(number) {
        case nil: return false
        case .waiting:
            sink.yield(.uploadCancelled(upload: number, landing: .stopped))
            return true
        case .running: return true
        }
    }

    /// Returns when every upload added so far has been sent, queued, cancelled or has failed.
    public func waitForUploads() async {
        await uploads.waitUntilIdle()
    }

    /// How uploads are judged and sent.
    struct UploadRules: Sendable {
        let policy: SubmitPolicy
        let mimeTypes: [String]
    }

    private static func perform(
        _ number: Int, _ upload: GalleryUpload, prefix: String, metadata: [String: JSONValue], rules: UploadRules,
        queue: PendingQueue?, writer: GalleryWriter, sink: AsyncStream<GalleryEvent>.Continuation, sending: SendingUploads
    ) async {
        var upload = upload
        do {
            let accepted = try acceptImage(upload, listed: rules.mimeTypes)
            upload.file = accepted.url
            if upload.mimeType?.isEmpty ?? true { upload.mimeType = accepted.content?.mimeType }
        } catch {
            sink.yield(.uploadError(upload: number, error: error, queueId: nil))
            return
        }
        if Task.isCancelled {
            sink.yield(.uploadCancelled(upload: number, landing: .stopped))
            return
        }
        let title = upload.resolvedTitle(prefix: prefix)
        sink.yield(.uploadStarted(upload: number, fileName: upload.file.lastPathComponent, title: title))
        var payload = metadata
        payload[PayloadKey.title] = .string(title)
        payload[PayloadKey.mimeType] = .string(upload.resolvedMimeType)
        payload["description"] = .string(upload.description)
        let write = PendingWrite.upload(collection: collection, file: upload.file, metadata: payload)
        let progress = ProgressFilter(number: number, sink: sink)
        sending.add(number, progress)
        defer { sending.remove(number) }
        let sender = writer.sender { sent, total in progress.report(sent, total) }
        do {
            let outcome: SubmitOutcome
            if let queue {
                outcome = try await SubmitExecutor(queue: queue).submit(write, policy: rules.policy, sender: sender)
            } else {
                outcome = .sent(
                    try await writer.upload(
                        payload: write.payload, file: upload.file, uuid: write.uuid, progress: { progress.report($0, $1) }))
            }
            if Task.isCancelled, case .queued(let queueId) = outcome {
                let landing = await withdrawCancelled(write, queueId: queueId, queue: queue, writer: writer, wholeFileSent: progress.isComplete)
                sink.yield(.uploadCancelled(upload: number, landing: landing))
                return
            }
            switch outcome {
            case .sent(let answer):
                if let entry = FileEntry(json: answer) { sink.yield(.uploaded(upload: number, entry: entry)) }
            case .queued(let queueId):
                sink.yield(.uploadQueued(upload: number, queueId: queueId))
            }
        } catch let error as SubmitError {
            sink.yield(.uploadError(upload: number, error: error, queueId: error.queueId))
        } catch {
            guard Task.isCancelled else {
                sink.yield(.uploadError(upload: number, error: error, queueId: nil))
                return
            }
            let landing = await withdrawCancelled(write, queueId: nil, queue: queue, writer: writer, wholeFileSent: progress.isComplete)
            sink.yield(.uploadCancelled(upload: number, landing: landing))
        }
    }

    /// Takes a cancelled upload back: out of the queue (so no sync sends it later), and, when its
    /// whole file went out after all (its last bytes raced the cancel), off the portal too if the
    /// portal made a document of it (found by the upload's uuid). That check runs in a task of its
    /// own: the upload's own task is cancelled, and so would be any request made in it.
    private static func withdrawCancelled(
        _ write: PendingWrite, queueId: String?, queue: PendingQueue?, writer: GalleryWriter, wholeFileSent: Bool
    ) async -> CancelledUpload {
        if let queueId, let queue {
            // This upload's own request is over (what it left on the portal is taken back below);
            // should a sync be sending the queued copy right now, it becomes a tombstone instead.
            do {
                try queue.discard(queueId)
            } catch {
                _ = try? queue.withdrawUpload(queueId)
            }
        }
        guard wholeFileSent else { return .stopped }
        let payload = write.payload
        let uuid = write.uuid
        return await Task {
            do {
                guard let fileEntryId = try await writer.takeBack(payload: payload, uuid: uuid) else {
                    return .mayRemain(reason: "its last bytes had gone out; the portal had no document of it yet")
                }
                return .takenBack(fileEntryId: fileEntryId)
            } catch {
                return .mayRemain(reason: (error as? PortalError)?.message ?? String(describing: error))
            }
        }.value
    }

    /// The upload's file if it is an image this gallery lists (judged by its content, see
    /// ``OfflineStore/LocalUploadFile``): a PDF would upload and then never appear.
    public static func acceptImage(_ upload: GalleryUpload, listed mimeTypes: [String]) throws(UploadFileRefusal) -> LocalUploadFile {
        let path = upload.file.path
        let accepted = try LocalUploadFile.accept(path, image: true)
        if let content = accepted.content, !mimeTypes.isEmpty, !mimeTypes.contains(content.mimeType) {
            throw UploadFileRefusal(
                "\(path) is \(content.description), which this gallery does not show (it lists \(mimeTypes.joined(separator: ", ")))")
        }
        return accepted
    }

    // MARK: Deleting

    /// Deletes file entry `fileEntryId`: on the portal (then the row goes and the cached pages are
    /// refreshed), or, when the portal is unreachable, queued for sync with the row marked.
    public func delete(fileEntryId: Int64) async {
        let write = PendingWrite.delete(collection: Self.collection, fileEntryId: fileEntryId)
        do {
            let outcome: SubmitOutcome
            if let database {
                outcome = try await SubmitExecutor(queue: PendingQueue(database: database))
                    .submit(write, policy: configuration.deletePolicy, sender: writer.sender())
            } else {
                try await writer.delete(fileEntryId: fileEntryId)
                outcome = .sent(.null)
            }
            switch outcome {
            case .sent:
                await deleted.mark(fileEntryId, .gone)
                await forgetCachedPages()
                sink.yield(.entryDeleted(fileEntryId: fileEntryId, queueId: nil))
                await list.send(.refresh)
            case .queued(let queueId):
                await deleted.mark(fileEntryId, .queued)
                sink.yield(.entryDeleted(fileEntryId: fileEntryId, queueId: queueId))
            }
        } catch {
            sink.yield(.deleteError(fileEntryId: fileEntryId, error: error))
        }
    }

    /// Drops the folder's cached pages, which still list a deleted image.
    private func forgetCachedPages() async {
        guard let database else { return }
        _ = try? await EntryStore(database: database).removeKeys(collection: cacheKey.collection, prefix: cacheKey.description + "/")
    }

    /// Stops loading and ends ``events`` once the uploads in progress are done.
    public func close() async {
        await uploads.waitUntilIdle()
        await list.close()
        forwarding.cancel()
        sink.finish()
    }
}

/// Images deleted during this run: gone from the portal, or queued for deletion.
private actor DeletedEntries {
    enum State { case gone, queued }
    private var states: [Int64: State] = [:]
    func mark(_ id: Int64, _ state: State) { states[id] = state }
    func state(of id: Int64) -> State? { states[id] }
}

/// The progress of the upload being sent, by number: a cancel is refused once its whole file went out.
private final class SendingUploads: Sendable {
    private let filters = Mutex<[Int: ProgressFilter]>([:])
    func add(_ number: Int, _ filter: ProgressFilter) { filters.withLock { $0[number] = filter } }
    func remove(_ number: Int) { _ = filters.withLock { $0.removeValue(forKey: number) } }
    func hasSentEverything(_ number: Int) -> Bool { filters.withLock { $0[number] }?.isComplete ?? false }
}

/// Passes on upload progress only when it rises, so observers see monotonic bytes.
private final class ProgressFilter: Sendable {
    private let number: Int
    private let sink: AsyncStream<GalleryEvent>.Continuation
    /// The highest byte count passed on and the total; reports are yielded under the lock so that
    /// they stay in order.
    private let last = Mutex<(sent: Int64, total: Int64)>((-1, 0))

    init(number: Int, sink: AsyncStream<GalleryEvent>.Continuation) {
        self.number = number
        self.sink = sink
    }

    func report(_ sent: Int64, _ total: Int64) {
        last.withLock { last in
            guard sent > last.sent else { return }
            last = (sent, total)
            sink.yield(.uploadProgress(upload: number, bytesSent: sent, totalBytes: total))
        }
    }

    /// Whether every byte of the file was sent.
    var isComplete: Bool { last.withLock { $0.total > 0 && $0.sent >= $0.total } }
}
