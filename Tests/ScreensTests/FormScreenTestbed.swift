import DDM
import Foundation
import PortalEmulator
import Screenlets
import Screens
import TermUI

/// The form screen on an in-memory I/O edge (``InMemoryFormScreenlet``) over the emulator's demo
/// forms built in memory (``DemoForms``: the same structures and records, so goldens are those of
/// the emulator), run headless by TermUI's runtime. No emulator, no HTTP, no cache, no polling:
/// keys are handled synchronously, and ``settle()`` returns once every screenlet call a key
/// started has answered and the screen has handled every event the screenlet told. The test
/// chooses what loads, submits and uploads come to, and reads what was submitted from
/// ``screenlet``. Snapshots use a fixed status line and date.
@MainActor
final class FormScreenTestbed: FormScreenDriving {
    let screenlet: InMemoryFormScreenlet
    let screen: FormScreen
    let backend: HeadlessBackend
    let runtime: Runtime<FormScreen>

    static let today = CalendarDate(year: 2024, month: 6, day: 15)!
    /// The folder relative paths complete in (nothing is read there: see `files`).
    static let workingDirectory = "/in-memory"

    private init(screenlet: InMemoryFormScreenlet, screen: FormScreen, size: Size) {
        self.screenlet = screenlet
        self.screen = screen
        backend = HeadlessBackend(size: size)
        runtime = Runtime(program: screen, backend: backend)
    }

    /// Opens demo record set `recordSetId` (record `recordId` when given) in memory — over
    /// `structure` instead of its own when given; loads come to `load`, submits to `submissions`
    /// and uploads to `uploads` in turn. The document prompt completes from `files` (names in the
    /// working folder).
    static func start(
        recordSetId: Int64 = DemoIDs.everyFieldRecordSetId, recordId: Int64 = 0, size: Size = Size(width: 80, height: 24),
        theme: Theme = .standard, editable: Bool = true, showSubmitButton: Bool = true, locale: PortalLocale = .enUS,
        returnsToList: Bool = false, registry: FormCellRegistry = FormCellRegistry(),
        cellLooks: @escaping @Sendable (DDMField, Theme) -> FormCellLook = FormScreenConfiguration.standardLook,
        load: InMemoryFormScreenlet.Load = .portal, submissions: [InMemoryFormScreenlet.Submission] = [],
        uploads: [InMemoryFormScreenlet.Upload] = [], files: [String] = [], structure given: DDMStructure? = nil,
        autoSync: AutoSyncServices? = nil
    ) async throws -> FormScreenTestbed {
        guard let recordSet = DemoForms.recordSet(recordSetId), let structure = try given ?? DemoForms.structure(recordSet.structureId) else {
            throw TestbedError("no demo record set \(recordSetId)")
        }
        var attributes = FormScreenletAttributes()
        attributes.groupId = DemoIDs.groupId
        attributes.recordSetId = recordSetId
        attributes.recordId = recordId
        attributes.editable = editable
        attributes.showSubmitButton = showSubmitButton
        let record = recordId != 0 ? DemoForms.record(recordId, locale: locale.identifier) : nil
        let screenlet = InMemoryFormScreenlet(
            structure: structure, record: record, recordSetName: recordSet.name, attributes: attributes, locale: locale,
            load: load, submissions: submissions, uploads: uploads)
        var configuration = FormScreenConfiguration(
            theme: theme, registry: registry, connection: ConnectionStatus(server: "emulator", user: "test@liferay.com"),
            showSubmitButton: showSubmitButton, initialSize: size, today: today, workingDirectory: workingDirectory,
            cellLooks: cellLooks)
        configuration.returnsToList = returnsToList
        configuration.autoSync = autoSync
        configuration.listPaths = { text, _ in files.filter { $0.hasPrefix(text) }.sorted() }
        let screen = FormScreen(screenlet: screenlet, configuration: configuration, locale: locale, editable: editable)
        let testbed = FormScreenTestbed(screenlet: screenlet, screen: screen, size: size)
        testbed.runtime.start()
        try await testbed.settle()
        if case .failed = load { return testbed }
        guard !testbed.model.rows.isEmpty else {
            await testbed.stop()
            throw TestbedError("the form did not load")
        }
        return testbed
    }

    /// Waits until every screenlet call started so far has answered (and those their answers
    /// started), and the screen has handled every event the screenlet told (uploads included).
    /// No deadline is needed: in memory, every call answers at once.
    func settle() async throws {
        repeat {
            await runtime.waitUntilIdle()
            if runtime.isFinished { return }
            await screenlet.handled()
        } while runtime.pendingEffectCount > 0
    }

    /// Settles, then requires `condition` of the model (`what` names it when it does not hold).
    func settle(until what: String, _ condition: (FormScreenModel) -> Bool) async throws {
        try await settle()
        guard condition(runtime.model) else { throw TestbedError("once settled, not \(what)") }
    }

    func stop() async {
        runtime.finish()
        await screenlet.close()
    }
}

struct TestbedError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Runs `body` on a fresh in-memory testbed and always stops it.
@MainActor
func withFormScreen(
    recordSetId: Int64 = DemoIDs.everyFieldRecordSetId, recordId: Int64 = 0, size: Size = Size(width: 80, height: 24),
    theme: Theme = .standard, editable: Bool = true, showSubmitButton: Bool = true, locale: PortalLocale = .enUS,
    returnsToList: Bool = false, registry: FormCellRegistry = FormCellRegistry(),
    cellLooks: @escaping @Sendable (DDMField, Theme) -> FormCellLook = FormScreenConfiguration.standardLook,
    load: InMemoryFormScreenlet.Load = .portal, submissions: [InMemoryFormScreenlet.Submission] = [],
    uploads: [InMemoryFormScreenlet.Upload] = [], files: [String] = [], structure: DDMStructure? = nil,
    _ body: (FormScreenTestbed) async throws -> Void
) async throws {
    let testbed = try await FormScreenTestbed.start(
        recordSetId: recordSetId, recordId: recordId, size: size, theme: theme, editable: editable,
        showSubmitButton: showSubmitButton, locale: locale, returnsToList: returnsToList, registry: registry, cellLooks: cellLooks,
        load: load, submissions: submissions, uploads: uploads, files: files, structure: structure)
    do {
        try await body(testbed)
        await testbed.stop()
    } catch {
        await testbed.stop()
        throw error
    }
}
