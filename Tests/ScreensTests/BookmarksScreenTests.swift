import BookmarksExample
import DDM
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// The bookmarks screen: the Bookmarks example on the list screen with its own row renderer.
@Suite("Bookmarks screen")
@MainActor
struct BookmarksScreenTests {
    struct FakeBookmarks: PageLoader {
        let count: Int
        func loadPage(_ request: PageRequest) async throws -> PageResponse<Bookmark> {
            let rows = (request.start..<min(request.end, count)).map { index in
                Bookmark(json: ["entryId": .int(Int64(61_001 + index)), "name": .string("Bookmark \(index + 1)"),
                                "url": .string("https://example.com/docs/\(index + 1)")])!
            }
            return PageResponse(rows: rows, rowCount: request.computeRowCount ? count : nil)
        }
    }

    nonisolated static func spec(folderName: String, count: Int, locale: PortalLocale = .enUS) -> ListScreenSpec<Bookmark> {
        // As the program builds it (termlets' BookmarksListSpec.swift): the example's renderer with
        // its column titles in the locale's language, URLs on Enter.
        let columns = BookmarkRenderer().columns.map { column in
            ListColumn<Bookmark>(ListWords.columnTitle(column.title, locale), preferredWidth: column.preferredWidth, text: column.text)
        }
        var spec = ListScreenSpec<Bookmark>(
            title: folderName, noun: ("bookmark", "bookmarks"), columns: columns, loader: { _ in FakeBookmarks(count: count) })
        spec.openNotice = { $0.url }
        spec.followsSync = false
        return spec
    }

    @Test func bookmarksList() async throws {
        let size = Size(width: 80, height: 24)
        let screen = ListScreen(spec: Self.spec(folderName: "Demo bookmarks", count: 30), size: size, status: ListFixtures.status,
                                breadcrumbs: ["Demo site", "Demo bookmarks"])
        let runtime = Runtime(program: screen, backend: HeadlessBackend(size: size))
        runtime.start()
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        runtime.handle(.key(.down))
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "bookmarks-80x24")
        // No new bookmark from this list; Enter shows the bookmark's address.
        runtime.handle(.key(.character("n")))
        #expect(runtime.model.outcome == nil)
        runtime.handle(.key(.escape))
        #expect(runtime.isFinished)
    }

    /// Issue 15 "Language": the bookmarks list in Spanish: column titles, count, key help.
    @Test func bookmarksListInSpanish() async throws {
        let size = Size(width: 80, height: 24)
        let spec = Self.spec(folderName: "Demo bookmarks", count: 30, locale: .esES)
        let status = ConnectionStatus(server: "localhost:8080", user: "test@liferay.com", locale: .esES)
        let screen = ListScreen(spec: spec, size: size, status: status, breadcrumbs: ["Demo site", "Demo bookmarks"])
        let runtime = Runtime(program: screen, backend: HeadlessBackend(size: size))
        runtime.start()
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        let text = GridText.text(ListFixtures.frame(runtime))
        #expect(text.contains("Nombre") && text.contains("Sitio") && text.contains("1 de 30"), "\(text)")
        #expect(text.contains("enter abrir") && text.contains("en línea") && !text.contains("Name"), "\(text)")
        runtime.handle(.key(.escape))
        #expect(runtime.isFinished)
    }
}
