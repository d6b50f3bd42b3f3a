import BookmarksExample
import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets
import Screens
import Sync
import TermUI

/// The interactive screens' services on a connection: sites and their contents, record and
/// bookmark lists, the pending queue and the sync engine.
enum ScreenServices {
    /// The browser's services on `connection` (reading through the cache), with the language,
    /// theme and offline policy of `settings` as they are when each screen opens.
    static func browser(_ connection: CacheReadingConnection, settings: SettingsStore, autoSync: AutoSync?) -> BrowserServices {
        var services = BrowserServices(
            sites: { try await menus(connection, settings: settings).siteList() },
            contents: { site in try await menus(connection, settings: settings).contents(ofSite: site.groupId) },
            recordList: { _, set in
                let policy = settings.loadPolicy
                let context: RecordSetContext
                do {
                    context = try await RecordSetContext.load(connection, recordSetId: set.recordSetId, policy: policy)
                        .reading(in: settings.locale)
                } catch let failure as CommandFailure where failure.kind == .network {
                    // Its definitions were never loaded while the portal answered.
                    throw SiteContentsError.notAvailableOffline(failure.message)
                }
                return recordList(
                    connection, context: context, fieldNames: RecordListDefaults.fieldNames(context.structure.allFields), policy: policy, locale: settings.settings.locale)
            },
            bookmarksList: { site, folder in
                AnyListSpec(bookmarksList(connection, groupId: site.groupId, folder: folder, policy: settings.loadPolicy))
            },
            pendingCount: { pendingCount(connection.database) },
            sync: sync(connection),
            openForm: { request in try form(connection, request, settings: settings) },
            openGallery: { request in await gallery(connection, request, settings: settings) },
            settings: SettingsServices(
                open: { request in try settingsForm(request, settings: settings) },
                theme: { settings.browserTheme() }),
            autoSync: autoSync?.services,
            objectList: { site, object in try await objectList(connection, site: site, object: object, settings: settings) })
        services.deleteEntry = { definitionId, entryId, groupId in
            try await deleteEntry(connection, definitionId: definitionId, entryId: entryId, groupId: groupId, settings: settings)
        }
        return services
    }

    /// The loader of the browser's menus, through the cache under the settings' policy.
    static func menus(_ connection: CacheReadingConnection, settings: SettingsStore) -> SiteContentsLoader {
        var capabilities: (@Sendable () async -> PortalCapabilities)?
        if let online = connection.online {
            capabilities = { await online.capabilities() }
        }
        return SiteContentsLoader(
            session: connection.session, locale: settings.locale,
            cache: connection.database.map(CachePolicyLoader.init(database:)), policy: settings.loadPolicy,
            capabilities: capabilities)
    }

    /// The gallery screen of an image folder under the settings' policy (offline: the cache, writes queued).
    static func gallery(_ connection: CacheReadingConnection, _ request: GalleryRequest, settings: SettingsStore) async
        -> GalleryScreen
    {
        let service = ScreenletGalleryService.make(
            connection, repositoryId: request.site.groupId, folderId: request.folder.folderId, policy: settings.loadPolicy,
            transport: await connection.galleryTransport())
        let depth = ColorDepth.detect(environment: ProcessInfo.processInfo.environment)
        return GalleryScreen(
            service: service, size: request.size, depth: depth, theme: settings.loadedTheme().theme,
            title: request.folder.name, status: await service.status(), keyMap: .gallery(from: settings.keys.keyMap))
    }

    /// The form screen of a record (or a new one) of a record set, on the connection's cache,
    /// loading and submitting under the settings' policy (remote-first: an unreachable portal
    /// queues the write).
    static func form(_ connection: CacheReadingConnection, _ request: FormRequest, settings: SettingsStore) throws -> FormScreen {
        if let definitionId = request.objectDefinitionId {
            return objectForm(connection, request, definitionId: definitionId, settings: settings)
        }
        let cache = try connection.database ?? OfflineCache.open(connection.settings)
        var attributes = FormScreenletAttributes()
        attributes.groupId = connection.groupId
        attributes.repositoryId = connection.groupId
        attributes.recordSetId = request.recordSetId
        attributes.recordId = request.recordId ?? 0
        attributes.autoLoad = true
        attributes.loadPolicy = settings.loadPolicy
        attributes.submitPolicy = settings.submitPolicy
        let screenlet = FormCommand.screenlet(connection.connection, cache: cache, attributes: attributes)
        return formScreen(screenlet, request.screen, settings: settings)
    }

    /// The settings screen: the settings form on the form screen, saving into `config.json`.
    static func settingsForm(_ request: FormRequest.Screen, settings: SettingsStore) throws -> FormScreen {
        let screenlet = SettingsForm.screenlet(
            current: settings.settings, themes: settings.themeChoices(), locale: settings.locale
        ) { new in try await settings.save(new) }
        return formScreen(screenlet, request, settings: settings, local: true)
    }

    /// A form screen on `screenlet`, drawn with the settings' theme.
    static func formScreen(
        _ screenlet: any FormEditing, _ request: FormRequest.Screen, settings: SettingsStore, local: Bool = false,
        purpose: FormScreenConfiguration.Purpose = .record
    ) -> FormScreen {
        let theme = settings.loadedTheme()
        var configuration = FormScreenConfiguration(
            loadedTheme: theme, keyMap: settings.keys.keyMap, connection: request.status, initialSize: request.size,
            today: FormCommand.today(), workingDirectory: FileManager.default.currentDirectoryPath)
        configuration.notice = theme.warnings.first
        configuration.listPaths = FormCommand.localPaths
        configuration.returnsToList = true
        configuration.purpose = purpose
        if local { configuration = configuration.forLocalForm() }
        return FormScreen(screenlet: screenlet, configuration: configuration, locale: settings.locale)
    }

    /// The record list of `context` with `fieldNames` as label fields.
    static func recordList(
        _ connection: CacheReadingConnection, context: RecordSetContext, fieldNames: [String], userId: Int64 = 0,
        obc: String? = nil, firstPageSize: Int = 50, pageSize: Int = 25, policy: LoadPolicy = .remoteFirst, locale: String? = nil
    ) -> ListScreenSpec<DDLListRow> {
        let configuration = DDLListConfiguration(
            recordSetId: context.recordSet.recordSetId, labelFields: fieldNames, userId: userId, obcClassName: obc,
            firstPageSize: firstPageSize, pageSize: pageSize, offlinePolicy: policy, locale: locale ?? connection.locale)
        var sorts = ListSortOption.recordSorts
        if let obc, !sorts.contains(where: { $0.obcClassName == obc }) {
            sorts.insert(ListSortOption(obc.split(separator: ".").last.map(String.init) ?? obc, obcClassName: obc), at: 0)
        }
        let session = connection.session
        let calls = connection.calls
        let database = connection.database
        // One per list: pages read in sequence (PgDn) come eight to the first rows call, sixteen
        // to each call after it while the reader reads on, each call's cached in one transaction
        // (issue 17: a call has a cost of its own on every thread, whatever its size).
        let readAhead = PageReadAhead(pages: 8, growingTo: 16)
        var spec = ListScreenSpec.records(
            title: context.name,
            fields: fieldNames.map { name in
                context.structure.field(named: name).map {
                    RecordListField(field: $0, title: context.title(of: name), locale: PortalLocale(configuration.locale) ?? .enUS)
                }
                    ?? RecordListField(name: name, title: context.title(of: name))
            },
            configuration: configuration, currentUserId: connection.online?.user.userId ?? 0, sortOptions: sorts,
            labelText: { [labeller = context.labeller(for: fieldNames)] row, index in
                labeller(row.record, index < row.labelValues.count ? row.labelValues[index] : nil, index)
            },
            makeLoader: { configuration in
                DDLListLoader(configuration: configuration, calls: calls, database: database, readAhead: readAhead, invokeSourced: { batch in
                    do {
                        return try await session.invokeSourced(batch)
                    } catch {
                        let recordSetId = configuration.recordSetId
                        if let missing = await connection.noScreensPluginFailure(error, recordSetId: recordSetId) { throw missing }
                        throw error
                    }
                })
            })
        spec.loadsBringFollowingPages = true
        return spec
    }

    /// The Bookmarks example list of a folder.
    static func bookmarksList(_ connection: CacheReadingConnection, groupId: Int64, folder: FolderSummary,
                              policy: LoadPolicy = .remoteFirst) -> ListScreenSpec<Bookmark> {
        let source = BookmarksSource(groupId: groupId, folderId: folder.folderId, version: connection.calls.version)
        let session = connection.session
        let database = connection.database
        return ListScreenSpec.bookmarks(folderName: folder.name, locale: status(connection).locale) {
            PortalPageLoader(source: source, policy: policy, database: database, session: session)
        }
    }

    static func pendingCount(_ database: CacheDatabase?) -> Int {
        guard let database else { return 0 }
        return (try? PendingQueue(database: database).pendingCount()) ?? 0
    }

    /// How the status line starts: server, login, online, pending writes, and the screens' language
    /// (the run's locale: `--locale`, else the stored settings' language, else `en_US`).
    static func status(_ connection: CacheReadingConnection) -> ConnectionStatus {
        let server = ConnectionStatus.serverName(connection.online?.emulator != nil ? nil : connection.session.context.serverURL)
        let user = connection.online?.user.emailAddress ?? connection.settings.user ?? ""
        return ConnectionStatus(
            server: server, user: user, online: connection.online != nil, pendingWrites: pendingCount(connection.database),
            locale: PortalLocale(connection.settings.locale) ?? .enUS)
    }

    /// The sync view's services: the offline queue and the sync engine (as `termlets pending`,
    /// `sync` and `resolve`).
    static func sync(_ connection: CacheReadingConnection) -> SyncServices? {
        guard let database = connection.database else { return nil }
        let queue = PendingQueue(database: database)
        let portal = connection.connection
        return SyncServices(
            loadQueue: { try queue.items().map(summary) },
            run: { report in
                // What the run finds tells the whole run whether the portal answers.
                let summary: SyncSummary
                do {
                    summary = try await SyncEngine(database: database, connection: portal).run { progress in
                        report(SyncProgressReport(completed: progress.completed, total: progress.total))
                    }
                } catch let error as any OfflineClassifiable where error.isConnectivityFailure {
                    database.connectivity.reportUnreachable()
                    throw error
                }
                database.connectivity.reportReachable()
                return SyncRunSummary(summary)
            },
            resolve: { queueId, choice in
                let resolution: ConflictResolution
                switch choice {
                case .keepMine: resolution = .keepMine
                case .takePortal: resolution = .takePortal
                case .later: resolution = .later
                }
                try queue.resolveConflict(queueId, resolution)
            })
    }

    /// A queue item as the sync view shows it: what it writes, and its values beside the portal's.
    static func summary(_ item: QueueItem) -> PendingWriteSummary {
        let payload = item.payload
        var title: String
        switch item.operation {
        case .addRecord: title = "add record"
        case .updateRecord: title = "update record"
        case .upload: title = "upload"
        case .delete: title = "delete"
        case .addEntry: title = "add entry"
        case .updateEntry: title = "update entry"
        case .deleteEntry: title = "delete entry"
        case .withdrawAdd: title = item.withdrawalSummary ?? "withdraw add"
        case .withdrawUpload: title = item.withdrawalSummary ?? "withdraw upload"
        }
        // "update record 43002", not "update record record 43002".
        if let record = payload[PayloadKey.recordId]?.int64Value { title += (title.hasSuffix(" record") || title.hasSuffix(" entry") ? " " : " record ") + String(record) }
        if item.operation.isObjectEntry, let object = payload[PayloadKey.object]?.stringValue { title += " (\(object))" }
        if let set = payload[PayloadKey.recordSetId]?.int64Value { title += " (record set \(set))" }
        if let entry = payload[PayloadKey.fileEntryId]?.int64Value { title += " file \(entry)" }
        if item.operation == .upload, let name = payload["title"]?.stringValue ?? payload["fileName"]?.stringValue {
            title += " \(name)"
        }
        let mine = payload[PayloadKey.values]?.objectValue ?? [:]
        let portal = item.portalValue?[PayloadKey.values]?.objectValue
        let names = Set(mine.keys).union(portal?.keys ?? [:].keys).sorted()
        let fields = names.map { name in
            PendingField(
                name: name, mine: mine[name].map(text) ?? "",
                portal: portal.map { $0[name].map(text) ?? "" })
        }
        let state: PendingWriteState
        switch item.state {
        case .conflict: state = .conflict
        case .failed: state = .failed
        case .sending: state = .sending
        default: state = .dirty
        }
        return PendingWriteSummary(queueId: item.queueId, title: title, state: state, error: item.lastError, fields: fields)
    }

    private static func text(_ value: JSONValue) -> String {
        if case .null = value { return "" }
        return value.textValue ?? value.serialized()
    }
}
