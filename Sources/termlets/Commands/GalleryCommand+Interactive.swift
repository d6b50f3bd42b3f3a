import CursesBackend
import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets
import Screens
import TermUI

/// `termlets gallery` on a terminal: the gallery screen (issue 6 §2).
extension GalleryCommand {
    /// The demo folder the embedded emulator's gallery opens when no `--folder-id` is given.
    static let demoFolderId: Int64 = 50001

    /// True when no action, output format or `--plain` was asked for and both standard input and
    /// output are terminals: then the screen opens.
    var opensScreen: Bool {
        !list && upload == nil && delete == nil && format == nil && !plain && InteractiveScreen.isAvailable
    }

    /// Opens the gallery screen until the user quits.
    func runScreen() async throws {
        try await connection.withCacheReadingConnection(policy: offlinePolicy, probed: true) { connection in
            let folder = try resolvedFolderId(connection.settings)
            let repository = repositoryId ?? connection.groupId
            guard repository > 0 else { throw CommandFailure(.input, "give --repository-id (the site is unknown offline)") }
            let service = ScreenletGalleryService.make(
                connection, repositoryId: repository, folderId: folder, policy: offlinePolicy,
                mimeTypes: mimeTypes.map(ListCommand.splitFieldNames), transport: await connection.galleryTransport())
            // Uploads and deletions queued while the portal is away go out once it answers.
            let autoSync = AutoSync(connection)
            await autoSync?.setEnabled(connection.settings.stored.autoSync ?? true)
            if let autoSync { await service.follow(autoSync.services) }
            do {
                try await Self.present(
                    service: service, title: "folder \(folder)", theme: connection.settings.stored.theme,
                    keys: UserKeys.load(from: connection.settings.configDirectory).keyMap)
            } catch let error as CursesTerminalError {
                await autoSync?.close()
                await service.close()
                throw CommandFailure(.input, "cannot open the terminal: \(error)")
            }
            await autoSync?.close()
            await service.close()
        }
    }

    /// `--folder-id`, or the demo folder on the embedded emulator.
    func resolvedFolderId(_ settings: ResolvedSettings) throws(CommandFailure) -> Int64 {
        if let folderId { return folderId }
        guard settings.target == .embeddedEmulator else { throw CommandFailure(.input, "give --folder-id") }
        return Self.demoFolderId
    }

    @MainActor
    private static func present(service: ScreenletGalleryService, title: String, theme: String?, keys: KeyMap) async throws {
        try CursesTerminal.checkTerminal()
        let backend = try CursesBackend(configuration: CursesConfiguration())
        defer { backend.close() }
        let screen = GalleryScreen(
            service: service, size: backend.size, depth: backend.colorDepth,
            theme: FormCommand.loadTheme(named: theme).theme, title: title,
            status: await service.status(), keyMap: .gallery(from: keys))
        let runtime = Runtime(program: screen, backend: backend)
        await runtime.run()
    }
}

extension ScreenletGalleryService {
    /// The service of the images of `folderId` in `repositoryId` on `connection`, loading with
    /// `policy` (deletes remote-first unless remote-only) through `transport`: `termlets
    /// gallery`'s and the browser's. The status line names headless-delivery when it is used.
    static func make(
        _ connection: CacheReadingConnection, repositoryId: Int64, folderId: Int64, policy: LoadPolicy, mimeTypes: [String]? = nil,
        transport: GalleryTransport = .jsonWebServices
    ) -> ScreenletGalleryService {
        var configuration = GalleryConfiguration(
            repositoryId: repositoryId, folderId: folderId, offlinePolicy: policy,
            deletePolicy: policy == .remoteOnly ? .remoteOnly : .remoteFirst, locale: connection.locale)
        if let mimeTypes { configuration.mimeTypes = mimeTypes }
        configuration.transport = transport
        let gallery = GalleryScreenlet(
            configuration: configuration, session: connection.session, calls: connection.calls, database: connection.database)
        var server: String
        if case .remote(let url) = connection.settings.target {
            server = ConnectionStatus.serverName(url)
        } else {
            server = ConnectionStatus.serverName(nil)
        }
        if transport == .headlessDelivery { server += " · headless-delivery" }
        return ScreenletGalleryService(
            gallery: gallery, images: GalleryImageLoader(session: connection.session, database: connection.database),
            database: connection.database, server: server,
            user: connection.online?.user.emailAddress ?? connection.settings.user ?? "",
            online: connection.online != nil && connection.online?.isOffline != true,
            locale: PortalLocale(connection.settings.locale) ?? .enUS)
    }
}

/// The gallery screen's service on the real gallery screenlet: rows from its paginated list,
/// uploads and deletions through it, previews through ``GalleryImageLoader``, and the connection
/// state from what the screenlet reports (pages from the cache, queued writes).
actor ScreenletGalleryService: GalleryService {
    private let gallery: GalleryScreenlet
    private let images: GalleryImageLoader
    private let database: CacheDatabase?
    private let server: String
    private let user: String
    private var online: Bool
    /// The screens' language, carried by every status (`--locale`, else the settings' language).
    private let locale: PortalLocale
    private var window = GalleryWindow(firstRow: 0, count: 1, cursor: 0)
    private var sequence = 0
    private var entries: [Int64: FileEntry] = [:]
    nonisolated let events: AsyncStream<GalleryServiceEvent>
    private let eventSink: AsyncStream<GalleryServiceEvent>.Continuation
    private var forwarding: Task<Void, Never>?
    private var following: Task<Void, Never>?
    private var watchingConnectivity: Task<Void, Never>?

    init(gallery: GalleryScreenlet, images: GalleryImageLoader, database: CacheDatabase?, server: String, user: String, online: Bool, locale: PortalLocale) {
        self.gallery = gallery
        self.images = images
        self.database = database
        self.server = server
        self.user = user
        self.online = online
        self.locale = locale
        (events, eventSink) = AsyncStream.makeStream(of: GalleryServiceEvent.self)
    }

    func start(window: GalleryWindow) async -> GallerySnapshot {
        if forwarding == nil {
            let stream = gallery.events
            forwarding = Task.detached { [weak self] in
                for await event in stream { await self?.forward(event) }
                self?.eventSink.finish()
            }
            // The run's connectivity: the status line follows it, and back online the tiles reload.
            if let connectivity = database?.connectivity {
                watchingConnectivity = Task { [weak self] in
                    for await state in connectivity.changes() where state != .unknown {
                        await self?.connectivityChanged(online: state == .online)
                    }
                }
            }
        }
        self.window = window
        await gallery.list.send(.viewport(ListWindow(firstRow: window.firstRow, visibleCount: window.count, cursor: window.cursor)))
        await gallery.load()
        return await snapshot()
    }

    func show(window: GalleryWindow) async -> GallerySnapshot {
        self.window = window
        await gallery.list.send(.viewport(ListWindow(firstRow: window.firstRow, visibleCount: window.count, cursor: window.cursor)))
        return await snapshot()
    }

    func snapshot() async -> GallerySnapshot {
        let engine = await gallery.list.engine
        sequence += 1
        var slots: [GallerySlot] = []
        if engine.mode != .awaitingFirstPage {
            for index in window.firstRow..<min(window.firstRow + window.count, engine.rowCount) {
                switch await gallery.row(at: index) {
                case .loaded(let row, let stale):
                    entries[row.entry.fileEntryId] = row.entry
                    slots.append(.loaded(Self.item(row, stale: stale)))
                case .failed(let failure): slots.append(.failed(Self.message(failure.error)))
                case .placeholder, .beyondEnd: slots.append(.placeholder)
                }
            }
        }
        let firstPageError = engine.mode == .awaitingFirstPage ? engine.failedPages.first.map { _ in "the portal cannot be reached" } : nil
        return GallerySnapshot(
            sequence: sequence, rowCount: engine.mode == .awaitingFirstPage ? nil : engine.rowCount, isRefreshing: engine.isRefreshing,
            firstRow: window.firstRow, slots: slots, error: firstPageError)
    }

    func refresh() async { await gallery.refresh() }


    func upload(path: String, title: String, description: String) async -> Int {
        let expanded = path.hasPrefix("~") ? NSHomeDirectory() + path.dropFirst() : path
        return await gallery.upload(GalleryUpload(file: URL(fileURLWithPath: expanded), title: title.isEmpty ? nil : title, description: description))
    }

    func delete(fileEntryId: Int64) async { await gallery.delete(fileEntryId: fileEntryId) }

    func cancelUpload(number: Int) async -> Bool { await gallery.cancelUpload(number) }

    func preview(of item: GalleryItem, large: Bool) async -> ImagePreview {
        guard item.mimeType.lowercased() == "image/png" else { return .placeholder(mimeType: item.mimeType) }
        guard let entry = entries[item.fileEntryId] else { return .unavailable("not loaded") }
        let bounds = large ? ImagePreview.detailPixels : ImagePreview.tilePixels
        do {
            let bytes = try await images.bytes(of: entry, thumbnail: !large)
            return await Self.decode(bytes, mimeType: item.mimeType, bounds: bounds)
        } catch {
            return .unavailable(Self.message(error))
        }
    }

    /// Decodes off the actor, so a large image does not hold up rows and events.
    @concurrent
    private static func decode(_ bytes: [UInt8], mimeType: String, bounds: (width: Int, height: Int)) async -> ImagePreview {
        ImagePreview.decode(bytes, mimeType: mimeType, maxWidth: bounds.width, maxHeight: bounds.height)
    }

    nonisolated func completions(of path: String) async -> [String] {
        LocalPaths.completions(of: path)
    }

    func status() async -> ConnectionStatus {
        let pending = database.flatMap { try? PendingQueue(database: $0).pendingCount() } ?? 0
        return ConnectionStatus(server: server, user: user, online: online, pendingWrites: pending, locale: locale)
    }

    /// Passes automatic sync's reports on as events (the standalone gallery; in the browser, the
    /// browser reports them).
    func follow(_ autoSync: AutoSyncServices) {
        following = Task { [weak self] in
            for await report in autoSync.reports {
                await self?.synced(report)
            }
        }
    }

    private func connectivityChanged(online: Bool) async {
        guard self.online != online else { return }
        self.online = online
        eventSink.yield(.rowsChanged)
        if online { await gallery.refresh() }
    }

    private func synced(_ report: SyncRunSummary) {
        if report.synced > 0 { online = true }
        eventSink.yield(.autoSynced(report))
    }

    func close() async {
        await gallery.close()
        forwarding?.cancel()
        following?.cancel()
        watchingConnectivity?.cancel()
        eventSink.finish()
    }

    private func forward(_ event: GalleryEvent) {
        switch event {
        case .entriesLoaded(_, _, _, let provenance):
            online = provenance.source == .portal || !provenance.stale
            eventSink.yield(.rowsChanged)
        case .entriesError(_, let error):
            if let portal = error as? PortalError, portal.kind == .network { online = false }
            eventSink.yield(.rowsChanged)
            eventSink.yield(.loadFailed(Self.message(error)))
        case .entrySelected:
            break
        case .entryDeleted(let id, let queueId):
            online = queueId == nil
            eventSink.yield(.deleted(fileEntryId: id, queued: queueId != nil))
            eventSink.yield(.rowsChanged)
        case .deleteError(let id, let error):
            eventSink.yield(.deleteFailed(fileEntryId: id, message: Self.message(error)))
        case .uploadStarted(let number, let fileName, let title):
            eventSink.yield(.uploadStarted(number: number, fileName: fileName, title: title))
        case .uploadProgress(let number, let sent, let total):
            eventSink.yield(.uploadProgress(number: number, sent: sent, total: total))
        case .uploaded(let number, let entry):
            online = true
            eventSink.yield(.uploaded(number: number, title: entry.title))
        case .uploadQueued(let number, _):
            online = false
            eventSink.yield(.uploadQueued(number: number))
        case .uploadError(let number, let error, _):
            eventSink.yield(.uploadFailed(number: number, message: Self.message(error)))
        case .uploadCancelled(let number, let landing):
            eventSink.yield(.uploadCancelled(number: number, landing: landing))
            if case .takenBack = landing { eventSink.yield(.rowsChanged) }
        }
    }

    static func item(_ row: GalleryRow, stale: Bool) -> GalleryItem {
        let entry = row.entry
        return GalleryItem(
            fileEntryId: entry.fileEntryId, title: entry.title, mimeType: entry.mimeType, size: entry.size, createDate: entry.createDate,
            modifiedDate: entry.modifiedDate, description: entry.description, version: entry.version, pendingDelete: row.pendingDelete,
            stale: stale)
    }

    static func message(_ error: any Error) -> String {
        if let portal = error as? PortalError { return portal.message }
        if let submit = error as? SubmitError, case .rejectedKeptInQueue(_, let reason) = submit { return message(reason) }
        return String(describing: error)
    }
}
