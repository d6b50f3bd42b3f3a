import DDM
import Screenlets
import Screens
import Synchronization
import TermUI
import TermUITesting
import Testing

/// `FormScreenConfiguration.afterFirstLoadShown`: what the `termlets form` command starts once the
/// form is on screen (its login behind a cached form), so that work does not compete with the
/// first frame. It runs once, after the frame that follows the screenlet's first load (from the
/// cache: the form) has been presented, and also when the load fails.
@MainActor
@Suite("Form screen: after the first load is shown")
struct FormScreenFirstLoadShownTests {
    /// What happened, in order: each presented frame's text, and the call.
    final class Journal: Sendable {
        private let entries = Mutex<[String]>([])
        func add(_ entry: String) { entries.withLock { $0.append(entry) } }
        var all: [String] { entries.withLock { $0 } }
    }

    /// A headless terminal that writes each frame it presents into the journal.
    final class JournalingBackend: TerminalBackend {
        let inner: HeadlessBackend
        let journal: Journal
        init(size: Size, journal: Journal) {
            inner = HeadlessBackend(size: size)
            self.journal = journal
        }
        var size: Size { inner.size }
        var inputEvents: AsyncStream<InputEvent> { inner.inputEvents }
        func present(_ update: FrameUpdate) {
            inner.present(update)
            journal.add("frame:\n" + GridText.text(inner.screen))
        }
        func setCursor(_ position: Point?) { inner.setCursor(position) }
    }

    @Test(arguments: [InMemoryFormScreenlet.Load.cache(storedAt: .now), .failed(message: "no copy of this form in the cache")])
    func itRunsOnceAfterTheFrameOfTheFirstLoad(load: InMemoryFormScreenlet.Load) async throws {
        let journal = Journal()
        let structure = try FormScreenPerformanceTests.structure(fields: 3)
        let screenlet = InMemoryFormScreenlet(structure: structure, locale: .enUS, load: load)
        var configuration = FormScreenConfiguration(
            connection: ConnectionStatus(server: "s", user: "u"), initialSize: Size(width: 80, height: 24),
            today: CalendarDate(year: 2024, month: 1, day: 1)!)
        configuration.afterFirstLoadShown = { journal.add("called") }
        let backend = JournalingBackend(size: Size(width: 80, height: 24), journal: journal)
        let runtime = Runtime(program: FormScreen(screenlet: screenlet, configuration: configuration, locale: .enUS), backend: backend)
        runtime.start()
        repeat {
            await runtime.waitUntilIdle()
            await screenlet.handled()
        } while runtime.pendingEffectCount > 0
        // Keys after the load do not call it again.
        runtime.handle(.key(.tab))
        runtime.handle(.key(.tab))
        await runtime.waitUntilIdle()

        let entries = journal.all
        #expect(entries.filter { $0 == "called" }.count == 1, "\(entries)")
        let call = try #require(entries.firstIndex(of: "called"))
        let frames = entries[..<call]
        // Never before the frame that follows the load; from the cache, that frame shows the form.
        #expect(frames.count >= 2, "\(entries)")
        if case .cache = load {
            #expect(frames.last?.contains("Field 1") == true, "the frame before the call: \(frames.last ?? "none")")
        }
        runtime.finish()
        await screenlet.close()
    }
}
