import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Screenlets
import Screens
import TermUI
import TermletsTestSupport

/// The form screen on the real form screenlet and an in-process emulator (its own port, data and
/// cache folders), run headless by TermUI's runtime: for the integration tests whose point is the
/// portal or the cache (a queued save, uploads to the portal). The screen's own tests run on
/// ``FormScreenTestbed`` (in memory).
@MainActor
final class FormScreenEmulatorTestbed: FormScreenDriving {
    let emulator: PortalEmulator
    let session: PortalSession
    let cache: CacheDatabase
    let folder: TemporaryDirectory
    let screenlet: FormScreenlet
    let screen: FormScreen
    let backend: HeadlessBackend
    let runtime: Runtime<FormScreen>

    static let today = FormScreenTestbed.today

    private init(emulator: PortalEmulator, session: PortalSession, cache: CacheDatabase, folder: TemporaryDirectory,
                 screenlet: FormScreenlet, screen: FormScreen, size: Size) {
        self.emulator = emulator
        self.session = session
        self.cache = cache
        self.folder = folder
        self.screenlet = screenlet
        self.screen = screen
        backend = HeadlessBackend(size: size)
        runtime = Runtime(program: screen, backend: backend)
    }

    /// Starts an emulator and opens record set `recordSetId` (record `recordId` when given).
    static func start(
        recordSetId: Int64 = DemoIDs.everyFieldRecordSetId, recordId: Int64 = 0, size: Size = Size(width: 80, height: 24),
        theme: Theme = .standard, editable: Bool = true, showSubmitButton: Bool = true, locale: PortalLocale = .enUS,
        returnsToList: Bool = false, registry: FormCellRegistry = FormCellRegistry(),
        cellLooks: @escaping @Sendable (DDMField, Theme) -> FormCellLook = FormScreenConfiguration.standardLook
    ) async throws -> FormScreenEmulatorTestbed {
        let folder = try TemporaryDirectory(prefix: "termlets-formscreen")
        let emulator = try await PortalEmulator.start(EmulatorOptions(port: Int(try SparePort.belowEphemeralRange()), version: .v7, dataDirectory: folder.path("portal")))
        let session: PortalSession
        do {
            session = try PortalSession(
                context: ServerContext(serverURL: emulator.baseURL, groupId: DemoIDs.groupId),
                credentials: Credentials(username: "test@liferay.com", password: "test"),
                options: PortalSession.Options(timeout: .seconds(60)))
        } catch {
            await emulator.stop()
            throw error
        }
        var cache: CacheDatabase?
        do {
            _ = try await session.version()
            _ = try await session.login()
            let database = try CacheDatabase(cacheDirectory: folder.path("cache"), server: emulator.baseURL.absoluteString, userId: "test")
            cache = database
            var attributes = FormScreenletAttributes()
            attributes.groupId = DemoIDs.groupId
            attributes.recordSetId = recordSetId
            attributes.recordId = recordId
            attributes.editable = editable
            attributes.showSubmitButton = showSubmitButton
            let screenlet = FormScreenlet(portal: FormPortal(session: session), cache: database, attributes: attributes, locale: locale)
            var configuration = FormScreenConfiguration(
                theme: theme, registry: registry, connection: ConnectionStatus(server: "emulator", user: "test@liferay.com"),
                showSubmitButton: showSubmitButton, initialSize: size, today: today, workingDirectory: folder.url.path,
                cellLooks: cellLooks)
            configuration.returnsToList = returnsToList
            // The file system as the program hands it in (the screens read none themselves).
            configuration.listPaths = { text, directory in LocalPaths.completions(of: text, limit: 1_000, currentDirectory: directory) }
            let screen = FormScreen(screenlet: screenlet, configuration: configuration, locale: locale, editable: editable)
            let testbed = FormScreenEmulatorTestbed(emulator: emulator, session: session, cache: database, folder: folder, screenlet: screenlet,
                                            screen: screen, size: size)
            testbed.runtime.start()
            do {
                try await testbed.waitFor("the form to load", timeout: 90) { !$0.rows.isEmpty }
            } catch {
                testbed.runtime.finish()
                await screenlet.close()
                throw error
            }
            return testbed
        } catch {
            // The HTTP client must be shut down before it goes away, whatever failed.
            try? await session.shutdown()
            try? cache?.close()
            await emulator.stop()
            throw error
        }
    }

    /// Waits (with a deadline) until the model satisfies `condition`.
    func waitFor(_ what: String, timeout: Double = 30, _ condition: @escaping (FormScreenModel) -> Bool) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(runtime.model) {
            if Date() >= deadline { throw TestbedError("timed out after \(timeout)s waiting for \(what)") }
            try await Task.sleep(nanoseconds: 20_000_000)
        }
    }

    /// Waits until no screenlet call started by a key is still running (the event stream, a
    /// subscription, keeps running).
    func settle() async throws {
        await runtime.waitUntilIdle()
    }

    func stop() async {
        runtime.finish()
        await screenlet.close()
        try? await session.shutdown()
        try? cache.close()
        await emulator.stop()
    }
}

/// Runs `body` on a fresh emulator testbed and always stops it.
@MainActor
func withFormScreenOnEmulator(
    recordSetId: Int64 = DemoIDs.everyFieldRecordSetId, recordId: Int64 = 0, size: Size = Size(width: 80, height: 24),
    theme: Theme = .standard, editable: Bool = true, showSubmitButton: Bool = true, locale: PortalLocale = .enUS,
    returnsToList: Bool = false, registry: FormCellRegistry = FormCellRegistry(),
    cellLooks: @escaping @Sendable (DDMField, Theme) -> FormCellLook = FormScreenConfiguration.standardLook,
    _ body: (FormScreenEmulatorTestbed) async throws -> Void
) async throws {
    let testbed = try await FormScreenEmulatorTestbed.start(
        recordSetId: recordSetId, recordId: recordId, size: size, theme: theme, editable: editable,
        showSubmitButton: showSubmitButton, locale: locale, returnsToList: returnsToList, registry: registry, cellLooks: cellLooks)
    do {
        try await body(testbed)
        await testbed.stop()
    } catch {
        await testbed.stop()
        throw error
    }
}
