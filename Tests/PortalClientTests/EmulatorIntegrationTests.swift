import DDM
import Foundation
import NIOConcurrencyHelpers
import PortalEmulator
import Testing

@testable import PortalClient

private let admin = Credentials(username: "test@liferay.com", password: "test")
private let viewer = Credentials(username: "viewer@liferay.com", password: "viewer")
private let siteId: Int64 = 20143

/// Starts an emulator of `version`, opens a session against it (version and companyId unknown:
/// both are learnt), logs in, runs `body`, and always stops both.
private func withEmulator(
    _ version: PortalVersion, credentials: Credentials = admin, login: Bool = true,
    _ body: (PortalSession, PortalEmulator) async throws -> Void
) async throws {
    let emulator = try await PortalEmulator.start(EmulatorOptions(version: version))
    let session: PortalSession
    do {
        session = try PortalSession(
            context: ServerContext(serverURL: emulator.baseURL, companyId: 0, groupId: siteId, version: nil), credentials: credentials,
            options: .init(timeout: .seconds(30)))  // generous: round 2 runs many emulators on two cores
    } catch {
        await emulator.stop()
        throw error
    }
    do {
        if login { try await session.login() }
        try await body(session, emulator)
    } catch {
        try? await session.shutdown()
        await emulator.stop()
        throw error
    }
    try await session.shutdown()
    await emulator.stop()
}

/// The parameter object of the `index`-th command of the last journalled request to `path`.
private func lastCommand(_ emulator: PortalEmulator, _ service: String) throws -> [String: JSONValue] {
    let entry = try #require(emulator.journal.last(where: { $0.services.contains(service) }))
    let body = try JSONValue.parse(bytes: entry.body)
    for command in body.arrayValue ?? [] {
        if let params = command[service]?.objectValue { return params }
    }
    Issue.record("no \(service) command in \(entry.bodyText)")
    return [:]
}

@Suite("Integration with the portal emulator", .serialized)
struct EmulatorIntegrationTests {
    @Test(arguments: PortalVersion.allCases) func versionDetectionAndLogin(_ version: PortalVersion) async throws {
        try await withEmulator(version, login: false) { session, emulator in
            #expect(try await session.version() == version)
            let user = try await session.login()
            #expect(user.userId == 20139)
            #expect(user.emailAddress == "test@liferay.com")
            #expect(session.context.companyId == 20099)
            #expect(try await session.buildNumber() == (version == .v62 ? 6205 : 7004))
            #expect(try await session.currentUser().userId == 20139)
            let paths = emulator.journal.flatMap(\.services)
            #expect(paths.contains("/group/get-user-sites-groups"))
            #expect(paths.contains("/user/get-user-by-email-address"))
            #expect(paths.contains(version == .v62 ? "/screens-web.screensuser/get-current-user" : "/user/get-current-user"))
        }
    }

    @Test(arguments: PortalVersion.allCases) func loginByScreenNameAndById(_ version: PortalVersion) async throws {
        for (login, path) in [("viewer", "/user/get-user-by-screen-name"), ("20140", "/user/get-user-by-id")] {
            try await withEmulator(version, credentials: Credentials(username: login, password: "viewer")) { session, emulator in
                #expect(session.user?.userId == 20140)
                #expect(session.user?.screenName == "viewer")
                #expect(emulator.journal.flatMap(\.services).contains(path))
            }
        }
    }

    @Test(arguments: PortalVersion.allCases) func wrongPasswordIsAuthentication(_ version: PortalVersion) async throws {
        try await withEmulator(version, credentials: Credentials(username: "test@liferay.com", password: "wrong-pass"), login: false) { session, _ in
            let e = await expectPortalError { try await session.login() }
            #expect(e?.kind == .authentication)
            #expect(!(e?.message.contains("wrong-pass") ?? true))
        }
    }

    @Test(arguments: PortalVersion.allCases) func sitesRecordSetsAndStructures(_ version: PortalVersion) async throws {
        try await withEmulator(version) { session, emulator in
            #expect(try await session.sites().contains { $0.groupId == siteId && $0.companyId == 20099 })
            let (sets, count) = try await session.recordSets(start: -1, end: -1)
            #expect(Set(sets.map(\.recordSetId)).isSuperset(of: [40001, 40002, 40003]))
            #expect(count == sets.count)
            let issues = try await session.recordSet(id: 40002)
            #expect(issues.structureId == 30002)
            let structure = try await session.structure(id: 30001)
            if version == .v62 {
                #expect(structure.xsd?.contains("dynamic-element") == true)
            } else {
                #expect(structure.definition?.contains("\"fields\"") == true)
            }
            let search = try lastCommand(emulator, version == .v62 ? "/ddlrecordset/search" : "/ddl.ddlrecordset/search")
            #expect(search["keywords"] == .null && search["scope"] == 0 && search["orderByComparator"] == .null)
        }
    }

    @Test(arguments: PortalVersion.allCases) func recordPagesInOneBatch(_ version: PortalVersion) async throws {
        try await withEmulator(version) { session, emulator in
            emulator.clearJournal()
            let page = try await session.records(recordSetId: 40002, start: 0, end: 50)
            #expect(page.records.count == 50)
            #expect(page.count == 10_000)
            #expect(page.records.allSatisfy { $0.recordId != nil && !$0.values.isEmpty })
            let posts = emulator.journal.filter { $0.method == "POST" }
            #expect(posts.count == 1)
            let prefix = version == .v62 ? "/screens-web.screensddlrecord/" : "/screens.screensddlrecord/"
            #expect(posts.first?.services == [prefix + "get-ddl-records", prefix + "get-ddl-records-count"])
            let rows = try lastCommand(emulator, prefix + "get-ddl-records")
            #expect(rows == ["ddlRecordSetId": 40002, "locale": "en_US", "start": 0, "end": 50, "obc": .null])

            let second = try await session.records(recordSetId: 40002, start: 50, end: 75, withCount: false)
            #expect(second.records.count == 25 && second.count == nil)
            #expect(Set(second.records.compactMap(\.recordId)).isDisjoint(with: page.records.compactMap(\.recordId)))

            let mine = try await session.records(recordSetId: 40002, userId: 20139, start: 0, end: 5)
            #expect(try lastCommand(emulator, prefix + "get-ddl-records-count")["userId"] == 20139)
            #expect(mine.records.count <= 5)

            let one = try await session.record(id: try #require(page.records.first?.recordId))
            #expect(one.recordId == page.records.first?.recordId)
            #expect(!one.values.isEmpty)
        }
    }

    @Test(arguments: PortalVersion.allCases) func addAndUpdateRecords(_ version: PortalVersion) async throws {
        try await withEmulator(version) { session, emulator in
            let loaded = try await session.records(recordSetId: 40002, start: 0, end: 1, withCount: false)
            let values = try #require(loaded.records.first?.values)
            var fieldsMap: [String: JSONValue] = [:]
            for (key, value) in values { if let text = value.textValue, !text.isEmpty { fieldsMap[key] = .string(text) } }

            let context = session.recordServiceContext(workflowAction: .saveDraft)
            let added = try await session.addRecord(groupId: siteId, recordSetId: 40002, fieldsMap: fieldsMap, serviceContext: context)
            #expect(added.recordId > 0)
            #expect(added.status == 2)
            let addPath = version == .v62 ? "/ddlrecord/add-record" : "/ddl.ddlrecord/add-record"
            let sent = try lastCommand(emulator, addPath)
            #expect(sent["+serviceContext"] == .string(ServiceContext.className(for: version)))
            #expect(sent["serviceContext.userId"] == 20139)
            #expect(sent["serviceContext.scopeGroupId"] == .int(siteId))
            #expect(sent["serviceContext.workflowAction"] == 2)
            #expect(sent["serviceContext.uuid"]?.stringValue == context.uuid)
            #expect(sent["displayIndex"] == 0)

            let updated = try await session.updateRecord(
                recordId: added.recordId, fieldsMap: fieldsMap, serviceContext: session.recordServiceContext(workflowAction: .publish))
            #expect(updated.recordId == added.recordId)
            #expect(updated.status == 0)
            let update = try lastCommand(emulator, version == .v62 ? "/ddlrecord/update-record" : "/ddl.ddlrecord/update-record")
            #expect(update["mergeFields"] == .bool(version == .v62))

            let count = try await session.records(recordSetId: 40002, start: 0, end: 1).count
            #expect(count == 10_001)
        }
    }

    @Test(arguments: PortalVersion.allCases) func errorKinds(_ version: PortalVersion) async throws {
        try await withEmulator(version) { session, _ in
            let missing = await expectPortalError { _ = try await session.recordSet(id: 99_999) }
            #expect(missing?.kind == .notFound)
            #expect(missing?.exceptionClass?.contains("NoSuch") == true)

            // The contacts record set has a required text field: a record without it is rejected.
            let invalid = await expectPortalError {
                _ = try await session.addRecord(groupId: siteId, recordSetId: 40003, fieldsMap: [:], serviceContext: session.recordServiceContext())
            }
            #expect(invalid?.kind == .validation)

            let unknown = await expectPortalError { _ = try await session.invoke(ServiceCall(path: "/no-such-service/do-it")) }
            #expect(unknown?.kind == .notFound)
        }
        try await withEmulator(version, credentials: viewer) { session, _ in
            let denied = await expectPortalError {
                _ = try await session.addRecord(groupId: siteId, recordSetId: 40002, fieldsMap: ["x": "y"], serviceContext: session.recordServiceContext())
            }
            #expect(denied?.kind == .permission)
            #expect(denied?.exceptionClass?.contains("PrincipalException") == true)
        }
    }

    @Test(arguments: PortalVersion.allCases) func galleryUploadDownloadDelete(_ version: PortalVersion) async throws {
        try await withEmulator(version) { session, emulator in
            let folders = try await session.documentFolders(repositoryId: siteId, parentFolderId: 0)
            #expect(folders.contains { $0.folderId == 50001 })
            let page = try await session.fileEntries(repositoryId: siteId, folderId: 50001, start: 0, end: 30)
            #expect(page.entries.count == 30)
            let total = try #require(page.count)
            #expect(total >= 100)

            let first = try #require(page.entries.first)
            let bytes = try await session.documentBytes(first)
            #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))  // PNG

            let file = FileManager.default.temporaryDirectory.appendingPathComponent("termlets-it-\(UUID().uuidString).png")
            try Data(bytes + [UInt8](repeating: 0, count: 300_000)).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            let events = NIOLockedValueBox<[(Int64, Int64)]>([])
            let title = "Upload \(version.rawValue) ñ 日本"
            let entry = try await session.addFileEntry(
                repositoryId: siteId, folderId: 50001, file: FileUpload(fileURL: file, fileName: "upload.png", mimeType: "image/png"),
                title: title, description: "from the client tests", serviceContext: ServiceContext(addGuestPermissions: true)
            ) { sent, total in events.withLockedValue { $0.append((sent, total)) } }
            #expect(entry.fileEntryId > 0)
            #expect(entry.title == title)
            let progress = events.withLockedValue { $0 }
            let size = Int64(bytes.count + 300_000)
            #expect(progress.count > 2)
            #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.0 < $1.0 })
            #expect(progress.last.map { $0 == (size, size) } == true)
            let uploadEntry = try #require(emulator.journal.last { $0.path.hasPrefix("/api/jsonws/dlapp/add-file-entry") })
            #expect(uploadEntry.method == "POST")
            let form = String(decoding: uploadEntry.body.prefix(4096), as: UTF8.self)
            for field in ["repositoryId", "folderId", "sourceFileName", "mimeType", "title", "description", "changeLog", "+serviceContext",
                          "serviceContext.addGuestPermissions"] {
                #expect(form.contains("name=\"\(field)\"\r\n"), "\(field)")
            }
            #expect(form.contains("name=\"file\"; filename=\"upload.png\"\r\nContent-Type: image/png\r\n"))

            #expect(try await session.documentBytes(entry).count == Int(size))
            #expect(try await session.fileEntries(repositoryId: siteId, folderId: 50001, start: 0, end: 1).count == total + 1)
            try await session.deleteFileEntry(id: entry.fileEntryId)
            #expect(try await session.fileEntries(repositoryId: siteId, folderId: 50001, start: 0, end: 1).count == total)
            let gone = await expectPortalError { try await session.deleteFileEntry(id: entry.fileEntryId) }
            #expect(gone?.kind == .notFound)
        }
    }

    @Test(arguments: PortalVersion.allCases) func bookmarks(_ version: PortalVersion) async throws {
        try await withEmulator(version) { session, emulator in
            let folders = try await session.bookmarkFolders(parentFolderId: 0)
            #expect(folders.contains { $0.folderId == 60001 })
            let page = try await session.bookmarkEntries(folderId: 60001, start: 0, end: 10)
            #expect(page.entries.count == 10)
            let total = try #require(page.count)
            let added = try await session.addBookmark(folderId: 60001, name: "Termlets", url: "https://example.com/termlets", description: "d")
            #expect(added.entryId > 0 && added.url == "https://example.com/termlets")
            #expect(try await session.bookmarkEntries(folderId: 60001, start: 0, end: 1).count == total + 1)
            let prefix = version == .v62 ? "/bookmarksentry/" : "/bookmarks.bookmarksentry/"
            #expect(try lastCommand(emulator, prefix + "add-entry")["serviceContext"] == nil)
            let bad = await expectPortalError { _ = try await session.addBookmark(folderId: 60001, name: "x", url: "not a url") }
            #expect(bad?.kind == .validation)
        }
    }

    @Test(arguments: PortalVersion.allCases) func heterogeneousBatch(_ version: PortalVersion) async throws {
        try await withEmulator(version) { session, emulator in
            let c = try await session.calls()
            emulator.clearJournal()
            let results = try await session.invoke([
                c.groups.getUserSitesGroups(), c.recordSets.getRecordSet(recordSetId: 40001), c.structures.getStructure(structureId: 30003),
                c.bookmarks.getEntriesCount(groupId: siteId, folderId: 60001), c.portal.getBuildNumber(),
            ])
            #expect(results.count == 5)
            #expect(results[0].arrayValue?.isEmpty == false)
            #expect(results[1]["recordSetId"]?.int64Value == 40001)
            #expect(results[2]["structureId"]?.int64Value == 30003)
            #expect((results[3].intValue ?? 0) > 0)
            #expect(results[4].intValue == (version == .v62 ? 6205 : 7004))
            #expect(emulator.journal.filter { $0.method == "POST" }.count == 1)
            // One failing command fails the whole batch.
            let e = await expectPortalError {
                _ = try await session.invoke([c.portal.getBuildNumber(), c.recordSets.getRecordSet(recordSetId: 1)])
            }
            #expect(e?.kind == .notFound)
        }
    }

    @Test(arguments: PortalVersion.allCases) func faultsMapToNetworkAndServer(_ version: PortalVersion) async throws {
        try await withEmulator(version) { session, emulator in
            await emulator.setFaults(FaultSettings(offline: true))
            #expect(await expectPortalError { _ = try await session.sites() }?.kind == .network)
            await emulator.setFaults(FaultSettings(failureRate: 1))
            let failed = await expectPortalError { _ = try await session.sites() }
            #expect(failed?.kind == .server)
            await emulator.setFaults(FaultSettings(truncateRate: 1))
            #expect(await expectPortalError { _ = try await session.sites() }?.kind == .network)
            await emulator.setFaults(FaultSettings(dropRate: 1))
            #expect(await expectPortalError { _ = try await session.sites() }?.kind == .network)
            await emulator.setFaults(.none)
            let sites = try await session.sites()
            #expect(!sites.isEmpty)
        }
    }
}
