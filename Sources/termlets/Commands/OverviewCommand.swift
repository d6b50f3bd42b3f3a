import ArgumentParser
import DDM
import Foundation
import PortalClient

/// `termlets` with no command: where you are and what there is — the portal, the user, the site,
/// its record sets with their sizes, its image and bookmark folders — and what to run next.
struct OverviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "overview",
        abstract: "Show the portal, your site, its record sets and folders (the default command).",
        discussion: """
            On a terminal (and without --format) this opens the portal browser: sites, record sets, \
            image and bookmark folders, their lists and forms, the sync view (s) and the settings (,: \
            language, theme, offline policy, automatic sync; kept in <config-dir>/config.json). \
            Queued writes are sent on their own when the portal is back. Keys can be changed in \
            <config-dir>/keys, one "command = key, key" a line (e.g. list.refresh = f5).
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(help: "json or text (default: text on a terminal, JSON otherwise).")
    var format: String?

    @Flag(help: "Probe again what the portal offers (Screens plugin, headless, Objects, OAuth 2) instead of using what was stored.")
    var refreshCapabilities = false

    func run() async throws {
        if opensBrowser { return try await runBrowser() }
        let format = try OutputFormat.resolve(format, allowed: [.json, .text])
        try await connection.withConnection { connection in
            let overview = try await SiteOverview.load(connection, refreshCapabilities: refreshCapabilities)
            switch format {
            case .json: Console.printJSON(overview.json)
            default: Console.out(overview.text)
            }
        }
    }
}

/// What a site holds, as the overview shows it.
struct SiteOverview {
    struct RecordSetRow {
        let id: Int64
        let name: String
        /// `nil` where the portal cannot count records (no Screens plugin).
        let records: Int?
    }

    struct FolderRow {
        let id: Int64
        let name: String
    }

    let server: String
    let embedded: Bool
    let user: PortalUser
    let version: PortalVersion
    let groupId: Int64
    let siteName: String
    let recordSets: [RecordSetRow]
    let imageFolders: [FolderRow]
    let bookmarkFolders: [FolderRow]
    let capabilities: PortalCapabilities
    let objectDefinitions: [ObjectDefinitionSummary]

    static func load(_ connection: PortalConnection, refreshCapabilities: Bool = false) async throws(CommandFailure) -> SiteOverview {
        let session = connection.session
        let locale = PortalLocale(connection.settings.locale) ?? .enUS
        let groupId = connection.groupId
        var capabilities = await connection.capabilities(refresh: refreshCapabilities)
        return try await failing {
            let sites = try await session.sites()
            let site = sites.first { $0.groupId == groupId }
            let sets = try await session.recordSets(groupId: groupId).recordSets
            let countCalls = try await session.calls().screensRecords
            var counts: [Int?] = sets.map { _ in nil }
            if !sets.isEmpty, capabilities.screensPlugin {
                let calls = sets.map { countCalls.getDDLRecordsCount(ddlRecordSetId: $0.recordSetId) }
                if let answered = try await optionalService({ try await session.invoke(calls) }) {
                    counts = answered.map { $0.intValue ?? 0 }
                } else {
                    // What was stored is out of date: the Screens plugin is gone.
                    capabilities = await connection.capabilities(refresh: true)
                }
            }
            let folders = try await session.documentFolders(repositoryId: groupId, parentFolderId: 0)
            let bookmarkFolders = try await optionalService { try await session.bookmarkFolders(groupId: groupId, parentFolderId: 0) } ?? []
            // One section that cannot be read (e.g. object-admin refused to this user) does not
            // sink the whole overview.
            let objectDefinitions = capabilities.objects
                ? (try? await session.objectDefinitionSummaries(groupId: groupId, locale: connection.settings.locale)) ?? [] : []
            return SiteOverview(
                server: connection.serverDescription, embedded: connection.emulator != nil, user: connection.user,
                version: connection.version, groupId: groupId,
                siteName: site.map { LocalizedXMLText.resolve($0.name, locale: locale) } ?? "",
                recordSets: zip(sets, counts).map { set, count in
                    RecordSetRow(id: set.recordSetId, name: LocalizedXMLText.resolve(set.name, locale: locale), records: count)
                },
                imageFolders: folders.map { FolderRow(id: $0.folderId, name: LocalizedXMLText.resolve($0.name, locale: locale)) },
                bookmarkFolders: bookmarkFolders.map { FolderRow(id: $0.folderId, name: LocalizedXMLText.resolve($0.name, locale: locale)) },
                capabilities: capabilities, objectDefinitions: objectDefinitions)
        }
    }

    /// `body`'s answer, or `nil` when the portal lacks the service ("No JSON web service action",
    /// e.g. Bookmarks, archived since 7.3).
    private static func optionalService<T>(_ body: () async throws -> T) async throws -> T? {
        do {
            return try await body()
        } catch let error as PortalError where PortalSession.isMissingAction(error) {
            return nil
        }
    }

    var json: JSONValue {
        [
            "server": .string(server), "embeddedEmulator": .bool(embedded), "portalVersion": .string(version.rawValue),
            "userId": .int(user.userId), "emailAddress": .string(user.emailAddress),
            "groupId": .int(groupId), "siteName": .string(siteName),
            "recordSets": .array(recordSets.map { ["recordSetId": .int($0.id), "name": .string($0.name), "records": $0.records.map { .int(Int64($0)) } ?? .null] }),
            "imageFolders": .array(imageFolders.map { ["folderId": .int($0.id), "name": .string($0.name)] }),
            "bookmarkFolders": .array(bookmarkFolders.map { ["folderId": .int($0.id), "name": .string($0.name)] }),
            "capabilities": capabilities.json,
            "objectDefinitions": .array(objectDefinitions.map {
                [
                    "name": .string($0.name), "label": .string($0.label), "pluralLabel": .string($0.pluralLabel),
                    "scope": .string($0.scope.rawValue), "entries": $0.entries.map { .int(Int64($0)) } ?? .null,
                ]
            }),
        ]
    }

    var text: String {
        var out = "Termlets — \(server)\(embedded ? " (the embedded portal emulator)" : ""), Liferay \(version.rawValue)\n"
        out += "Signed in as \(user.name) <\(user.emailAddress)>, site \(siteName.isEmpty ? "" : "\(siteName) ")(\(groupId))\n\n"
        var sets = TextTable(header: ["RECORD SET", "NAME", "RECORDS"])
        for row in recordSets { sets.add([String(row.id), row.name, row.records.map(String.init) ?? "?"]) }
        out += sets.render() + "\n"
        if !objectDefinitions.isEmpty {
            var objects = TextTable(header: ["OBJECT", "LABEL", "SCOPE", "ENTRIES"])
            for row in objectDefinitions { objects.add([row.name, row.pluralLabel, row.scope.rawValue, row.entries.map(String.init) ?? "?"]) }
            out += objects.render() + "\n"
        }
        var folders = TextTable(header: ["FOLDER", "NAME", "KIND"])
        for row in imageFolders { folders.add([String(row.id), row.name, "documents and media"]) }
        for row in bookmarkFolders { folders.add([String(row.id), row.name, "bookmarks"]) }
        out += folders.render() + "\n"
        out += CapabilityWords.describe(capabilities) + "\n\n"
        let example = recordSets.max(by: { ($0.records ?? 0) < ($1.records ?? 0) })?.id ?? 0
        var next = TextTable(header: ["NEXT", ""])
        if capabilities.screensPlugin {
            next.add(["termlets list --record-set-id \(example)", "records, page by page (--all, --format csv|json)"])
        }
        next.add(["termlets form --record-set-id \(example) --set FIELD=VALUE --submit", "add a record"])
        next.add(["termlets inspect structure FILE", "how a structure definition reads"])
        next.add(["termlets --help", "every command"])
        return out + next.render()
    }
}
