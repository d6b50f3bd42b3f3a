import DDM
import OfflineStore
import PortalClient
import Screenlets
import Screens
import Sync

/// The browser's Liferay Objects: an object definition's entries in the record list, one entry
/// in the form screen (docs/objects.md, "In the screens"). The definition is read through the
/// cache as `list --object` reads it (``ObjectContext``), so what was opened online opens offline.
extension ScreenServices {
    /// The entry list of `object` in `site` (else the connection's site): the definition's first
    /// fields as columns (its title field first), pages through the cache under the settings' policy.
    static func objectList(
        _ connection: CacheReadingConnection, site: SiteSummary?, object: ObjectSetSummary, settings: SettingsStore
    ) async throws -> ListScreenSpec<DDLListRow> {
        let session = connection.session
        let definition = try await ObjectContext.load(
            connection, object: String(object.definitionId), policy: settings.loadPolicy).definition
        let structure = ObjectMapping.structure(of: definition)
        let locale = settings.locale.identifier
        var names = structure.fields.map(\.name)
        if let title = definition.titleFieldName, let index = names.firstIndex(of: title) {
            names.insert(names.remove(at: index), at: 0)
        }
        let shown = Array(names.prefix(3))
        let fields = shown.map { name in
            let title = definition.field(named: name)?.label(in: locale) ?? name
            return structure.field(named: name).map {
                RecordListField(field: $0, title: title, locale: settings.locale)
            } ?? RecordListField(name: name, title: title)
        }
        let groupId = site?.groupId ?? connection.groupId
        let database = connection.database
        let policy = settings.loadPolicy
        let layout = PageLayout(firstPageSize: 50, pageSize: 25)
        return ListScreenSpec.objectEntries(
            title: object.title, definitionId: definition.id, fields: fields, layout: layout,
            currentUserId: connection.online?.user.userId ?? 0
        ) { sort, search, creatorId in
            ObjectEntriesLoader(
                definition: definition, groupId: groupId, sort: sort, search: search, creatorId: creatorId, layout: layout, labelFields: shown, locale: settings.locale, policy: policy,
                database: database, session: session)
        }
    }

    /// Deletes entry `entryId` of definition `definitionId` in site `groupId`: through the
    /// pending queue under the settings' submit policy when there is a cache (true: queued for
    /// sync), else on the portal at once.
    static func deleteEntry(
        _ connection: CacheReadingConnection, definitionId: Int64, entryId: Int64, groupId: Int64?, settings: SettingsStore
    ) async throws -> Bool {
        let definition = try await ObjectContext.load(connection, object: String(definitionId), policy: settings.loadPolicy).definition
        guard let submit = submitter(connection, settings: settings) else {
            try await connection.session.deleteObjectEntry(of: definition, id: entryId)
            return false
        }
        let target = ObjectWriteTarget(
            object: definition.name, definitionId: definition.id, restContextPath: definition.restContextPath,
            scope: definition.scope.rawValue, groupId: groupId ?? connection.groupId)
        if case .queued = try await submit(.deleteEntry(target, entryId: entryId)) { return true }
        return false
    }

    /// Writes through the pending queue under the settings' submit policy (as the record form
    /// does: remote-first sends now and queues when the portal cannot be reached); nil without a cache.
    static func submitter(
        _ connection: CacheReadingConnection, settings: SettingsStore
    ) -> (@Sendable (PendingWrite) async throws -> SubmitOutcome)? {
        guard let database = connection.database else { return nil }
        let sender = SyncEngine(database: database, connection: connection.connection).sender
        let executor = SubmitExecutor(queue: PendingQueue(database: database))
        return { write in try await executor.submit(write, policy: settings.submitPolicy, sender: sender) }
    }

    /// The form screen of an entry (or a new one) of the object definition `request` names: the
    /// definition and the entry through the cache under the settings' policy (an entry seen
    /// online opens offline).
    static func objectForm(
        _ connection: CacheReadingConnection, _ request: FormRequest, definitionId: Int64, settings: SettingsStore
    ) -> FormScreen {
        let policy = settings.loadPolicy
        let screenlet = ObjectEntryFormScreenlet(
            session: connection.session, definitionId: definitionId, groupId: request.groupId ?? connection.groupId,
            entryId: request.recordId, locale: settings.locale, cache: connection.database, policy: policy,
            submit: submitter(connection, settings: settings), submitPolicy: settings.submitPolicy
        ) { try await ObjectContext.load(connection, object: String(definitionId), policy: policy).definition }
        return formScreen(screenlet, request.screen, settings: settings, purpose: .objectEntry)
    }
}
