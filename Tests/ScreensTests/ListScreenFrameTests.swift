import Screenlets
import Screens
import TermUI
import Testing

/// Which engine messages draw a frame (issue 17: the page prefetched after a PgDn arrives off
/// screen and changes nothing the user sees).
@Suite("List screen frames")
@MainActor
struct ListScreenFrameTests {
    @Test func aPageArrivingOffScreenDrawsNoFrameAndOneOnScreenDoes() async throws {
        let records = FakeRecords(count: 10_000)
        await records.gate(Set(3...400))
        let (runtime, _) = ListFixtures.runtime(records)
        try await ListFixtures.wait("pages 0–2", runtime) { $0.engine.row(at: 99).row != nil }
        for _ in 0..<3 { runtime.handle(.key(.pageDown)) }
        try await ListFixtures.waitForRequest(records, page: 3)
        #expect(runtime.model.engine.visibleRows.upperBound <= 100)

        // Page 3 (rows 100–124) lands below the screen: the model changes, the frame does not.
        let framesBefore = runtime.renderCount
        let frameBefore = ListFixtures.frame(runtime)
        await records.release(page: 3)
        try await ListFixtures.wait("page 3", runtime) { $0.engine.row(at: 100).row != nil }
        #expect(runtime.renderCount == framesBefore)
        #expect(ListFixtures.frame(runtime) == frameBefore)

        // Page 4 (rows 125–149) under the cursor: its placeholders give way to its rows at once.
        for _ in 0..<4 { runtime.handle(.key(.pageDown)) }
        #expect(runtime.model.cursor >= 125)
        try await ListFixtures.waitForRequest(records, page: 4)
        #expect(runtime.model.engine.row(at: runtime.model.cursor).isPlaceholder)
        let framesWithPlaceholders = runtime.renderCount
        await records.release(page: 4)
        try await ListFixtures.wait("page 4", runtime) { $0.engine.row(at: 125).row != nil }
        #expect(runtime.renderCount == framesWithPlaceholders + 1)
        runtime.finish()
    }
}
