import DDM
import PortalClient
import Screens
import TermUI
import TermUITesting
import Testing

/// The record list in Spanish (issue 15 "Language"): its counts, empty and loading sentences, the
/// failed page's row and status, its messages and its key help come from the catalog.
@Suite("List screen in Spanish")
@MainActor
struct ListScreenSpanishTests {
    static let status = ConnectionStatus(server: "localhost:8080", user: "test@liferay.com", online: true, pendingWrites: 0, locale: .esES)

    @Test func loadedListAndItsHelp() async throws {
        let (runtime, _) = ListFixtures.runtime(FakeRecords(count: 10_000), status: Self.status)
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        let text = GridText.text(ListFixtures.frame(runtime))
        #expect(text.contains("1 de 10.000") && text.contains("en línea"))
        #expect(text.contains("enter abrir") && !text.contains("enter open"), "\(text)")
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "list-es_ES-80x24-loaded")
        runtime.handle(.key(.character("o")))
        #expect(runtime.model.message == "ordenado por modificado ↓")
        runtime.handle(.key(.character("?")))
        let overlay = GridText.text(ListFixtures.frame(runtime))
        #expect(overlay.contains("Navegación") && overlay.contains("Acciones") && !overlay.contains("Navigation"), "\(overlay)")
        runtime.finish()
    }

    @Test func aFailedPageIsToldInSpanish() async throws {
        let records = FakeRecords(count: 120)
        await records.configure(failing: [3], failure: PortalError(kind: .server, message: "the portal answered 500"))
        let (runtime, _) = ListFixtures.runtime(records, status: Self.status)
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        runtime.handle(.key(.end))
        try await ListFixtures.wait("page 3 failed", runtime) { $0.engine.failedPages.contains(3) }
        let lines = GridText.text(ListFixtures.frame(runtime)).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.contains("✗ la página 4 ha fallado (Intro reintenta): server:") }.count == 1)
        let status = try #require(lines.first { $0.contains("test@liferay.com @ localhost:8080") })
        #expect(status.hasSuffix("· página 4: error"), "\(status)")
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "list-es_ES-80x24-failed-page")
        runtime.finish()
    }

    @Test func anEmptyList() async throws {
        let (runtime, _) = ListFixtures.runtime(FakeRecords(count: 0), status: Self.status)
        try await ListFixtures.wait("count", runtime) { $0.engine.mode == .fluent }
        let text = GridText.text(ListFixtures.frame(runtime))
        #expect(text.contains("0 registros") && text.contains("Todavía no hay registros"), "\(text)")
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "list-es_ES-80x24-empty")
        runtime.finish()
    }
}
