import DDM
import Screenlets
import Screens
import Synchronization
import TermUI
import TermUITesting
import Testing

/// The record list works out a row's label texts (`labelText`: the value parsed by its field's
/// kind, shown in the run's locale) once, when the row's page arrives, not for every visible cell
/// of every frame: a PgDn redraws every row (issue 17).
@Suite("Record list label texts")
@MainActor
struct RecordListLabelTextTests {
    @Test func labelTextsAreComputedOncePerLoadedRowWhateverTheFrames() async throws {
        let calls = Mutex(0)
        let records = FakeRecords(count: 40)
        let fields = [RecordListField(name: "title", title: "Title"), RecordListField(name: "priority", title: "Priority")]
        let spec = ListScreenSpec.records(
            title: "Issues", fields: fields,
            configuration: DDLListConfiguration(recordSetId: 40002, labelFields: ["title", "priority"]),
            currentUserId: 20139,
            labelText: { row, index in
                calls.withLock { $0 += 1 }
                return "shown " + row.labels[index].uppercased()
            },
            makeLoader: { _ in FakeRecordLoader(records: records) })
        let size = Size(width: 80, height: 12)
        let runtime = Runtime(program: ListScreen(spec: spec, size: size, status: ListFixtures.status, breadcrumbs: ["Issues"]),
                              backend: HeadlessBackend(size: size))
        runtime.start()
        try await ListFixtures.wait("every row loaded", runtime) { model in
            (0..<40).allSatisfy { model.engine.row(at: $0).row != nil }
        }
        await runtime.waitUntilIdle()
        let loaded = calls.withLock { $0 }
        #expect(loaded == 40 * fields.count)
        for _ in 0..<30 { runtime.send(.command(.cursorDown)) }
        for _ in 0..<5 { runtime.send(.command(.pageUp)) }
        await runtime.waitUntilIdle()
        let text = GridText.text(ListFixtures.frame(runtime, size: size))
        #expect(text.contains("shown ISSUE 1 "), "\(text)")
        #expect(text.contains("shown HIGH"), "\(text)")
        #expect(runtime.renderCount > 30)
        #expect(calls.withLock { $0 } == loaded, "label texts were worked out again while drawing")
        runtime.finish()
    }
}
