import Testing
import Screenlets

/// Absurd row counts from a hostile or broken portal: the engine stays bounded (no array sized
/// to the count, no overflow, no crash) and a jump to the end of a 2⁶²-row list asks for one
/// screen's pages only.
@Suite("hostile row counts")
struct HostileCountTests {
    @Test func aNegativeCountIsAnEmptyList() {
        var harness = EngineHarness()
        harness.viewport(first: 0)
        harness.send(.load)
        harness.complete(page: 0, rows: [], count: -5)
        #expect(harness.engine.rowCount == 0)
        #expect(harness.engine.row(at: 0).isPlaceholder == false)
    }

    @Test(arguments: [Int(1) << 62, Int.max, Int.max - 1])
    func aHugeCountIsScrolledWithoutOverflowOrUnboundedWork(count: Int) {
        var harness = EngineHarness()
        harness.viewport(first: 0)
        harness.send(.load)
        harness.complete(page: 0, count: count)
        #expect(harness.engine.rowCount > 0)
        let last = harness.engine.rowCount - 1
        // Jump to the end (End pressed), and scroll a little around it.
        harness.viewport(first: last - 19, cursor: last)
        #expect(harness.pending.count <= 3, "at most the in-flight bound: \(harness.pendingPages)")
        #expect(harness.requests.count < 20)
        for request in harness.requests {
            #expect(request.start >= 0 && request.end >= request.start)
        }
        #expect(harness.engine.row(at: last).isPlaceholder || harness.engine.row(at: last).row != nil)
        #expect(harness.engine.row(at: Int.max).row == nil)
    }
}
