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
}
