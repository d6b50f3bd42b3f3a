import Screenlets
import Screens

extension ListCommand {
    /// On a terminal, without `--format`, `--page`, `--all` or `--events`: the record list screen.
    var opensScreen: Bool { format == nil && events == nil && !plain && !paging.isGiven && InteractiveScreen.isAvailable }

    /// The record list screen (inside the browser, so the sync view is a key away; Esc quits).
    func runScreen() async throws {
        guard (1...1_000).contains(firstPageSize), (1...1_000).contains(pageSize) else {
            throw CommandFailure(.input, "page sizes must be between 1 and 1000")
        }
        try await connection.withCacheReadingConnection(policy: offlinePolicy, probed: true) { connection in
            let context = try await RecordSetContext.load(connection, recordSetId: recordSetId, policy: offlinePolicy)
            let requested = labelFields.map(Self.splitFieldNames)
            if let requested {
                for name in requested where context.structure.field(named: name) == nil {
                    throw CommandFailure(.input, "--label-fields: record set \(recordSetId) has no field \(name)")
                }
            }
            let columns = requested.map { $0.map { context.structure.field(named: $0)?.name ?? $0 } } ?? RecordListDefaults.fieldNames(context.structure.allFields)
            let me = connection.online?.user.userId ?? 0
            let spec = ScreenServices.recordList(
                connection, context: context, fieldNames: columns, userId: userId == me ? 0 : userId ?? 0, obc: obc,
                firstPageSize: firstPageSize, pageSize: pageSize, policy: offlinePolicy)
            let query = ListQuery(sortIndex: 0, mineOnly: userId != nil && userId == me)
            try await InteractiveBrowser.run(connection, start: .records(spec, breadcrumbs: [context.name], query: query))
        }
    }
}
