import BookmarksExample
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// The portal browser updated and rendered directly (`ProgramStepper`) over in-memory services:
/// no runtime, no emulator, no HTTP, no polling.
@Suite("Browser screen, stepped", .timeLimit(.minutes(1)))
struct BrowserSteppedTests {
    static let size = Size(width: 80, height: 24)

    @Test func sitesThenASitesFoldersThenBookmarksAndBack() async {
        let browser = PortalBrowser(services: BrowserScreenTests.services(FakeRecords(count: 100)), size: Self.size,
                                    status: ListFixtures.status)
        var stepper = await ProgramStepper(browser)
        #expect(stepper.lines(Self.size).contains { $0.contains("Field Team — 現場") })
        #expect(stepper.model.status.pendingWrites == 2)

        await stepper.handle(.key(.enter))
        #expect(stepper.model.stack.count == 2)
        let contents = stepper.lines(Self.size)
        #expect(contents.contains { $0.contains("Demo images") && $0.contains("120 images") })
        #expect(contents.contains { $0.contains("Demo bookmarks") })

        for _ in 0..<10 where !(stepper.lines(Self.size).first { $0.contains("Demo bookmarks") }?.hasPrefix("›") ?? false) {
            await stepper.handle(.key(.down))
        }
        await stepper.handle(.key(.enter))
        #expect(stepper.model.stack.count == 3)
        #expect(stepper.lines(Self.size).contains { $0.contains("Bookmark 1") && $0.contains("example.com") })

        await stepper.handle(.key(.escape))
        #expect(stepper.model.stack.count == 2)
        #expect(!stepper.quit)
    }

    /// The bookmarks list is a child the program brings in (an `AnyListSpec`): Enter on a bookmark
    /// shows its URL in the message area and opens nothing; `s` opens the sync view over it, and
    /// Esc comes back to the list as it was.
    @MainActor @Test func aBookmarkFolderIsAChildScreenLikeTheOthers() async {
        var services = BrowserScreenTests.services(FakeRecords(count: 100))
        services.sync = SyncViewTests.services(SyncViewTests.FakeQueue())
        let browser = PortalBrowser(services: services, size: Self.size, status: ListFixtures.status)
        var stepper = await ProgramStepper(browser)
        await stepper.handle(.key(.enter))
        for _ in 0..<10 where !(stepper.lines(Self.size).first { $0.contains("Demo bookmarks") }?.hasPrefix("›") ?? false) {
            await stepper.handle(.key(.down))
        }
        await stepper.handle(.key(.enter))
        #expect(stepper.model.top(ListScreen<Bookmark>.self) != nil)
        #expect(stepper.lines(Self.size)[0].hasSuffix("Demo bookmarks") || stepper.lines(Self.size)[0].contains("Demo bookmarks"))

        await stepper.handle(.key(.enter))
        #expect(stepper.model.stack.count == 3, "Enter on a bookmark opens nothing")
        #expect(stepper.model.top(ListScreen<Bookmark>.self)?.model.message == "https://example.com/docs/1")
        #expect(stepper.lines(Self.size)[22].hasPrefix(" https://example.com/docs"), "the URL shows in the message area")

        await stepper.handle(.key(.character("s")))
        #expect(stepper.model.stack.count == 4)
        #expect(stepper.model.top(SyncView.self) != nil)
        await stepper.handle(.key(.escape))
        #expect(stepper.model.top(ListScreen<Bookmark>.self)?.model.cursor == 0)
        #expect(!stepper.quit)
    }
}
