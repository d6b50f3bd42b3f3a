import Screens
import TermUI
import TermUITesting
import Testing

@Suite("Gallery screen")
struct GalleryScreenTests {
    typealias Fixtures = GalleryFixtures

    // MARK: Golden snapshots

    @Test func loading() {
        let screen = Fixtures.screen(size: Size(width: 80, height: 24))
        let (model, effects) = screen.initialize()
        #expect(effects.count == 2, "start loading and listen for events")
        GoldenSnapshot.assertMatches(screen.view(model, size: model.size), named: "gallery-loading-80x24")
    }

    @Test func tilesWithPreviewsInTrueColour() {
        let screen = Fixtures.screen(size: Size(width: 100, height: 30))
        var model = Fixtures.loadedModel(screen)
        _ = screen.update(&model, .command(.cursorRight))
        #expect(model.cursor == 1)
        GoldenSnapshot.assertMatches(screen.view(model, size: model.size), named: "gallery-tiles-truecolor-100x30")
    }

    @Test func tilesInMonochromeUseTheGlyphRamp() {
        let screen = Fixtures.screen(size: Size(width: 100, height: 30), depth: .monochrome)
        let model = Fixtures.loadedModel(screen)
        let grid = screen.view(model, size: model.size)
        let text = GridText.text(grid)
        #expect(!text.contains("▀"), "no half blocks without colour")
        #expect(text.contains("▓") || text.contains("▒"))
        #expect(grid.cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default })
        GoldenSnapshot.assertMatches(grid, named: "gallery-tiles-monochrome-100x30")
    }

    @Test func detailView() {
        let screen = Fixtures.screen(size: Size(width: 100, height: 30))
        var model = Fixtures.loadedModel(screen)
        let effects = screen.update(&model, .command(.open))
        #expect(effects.count == 1, "the large preview is fetched")
        _ = screen.update(&model, .previewLoaded(fileEntryId: 51001, large: true, .image(Fixtures.image(0))))
        GoldenSnapshot.assertMatches(screen.view(model, size: model.size), named: "gallery-detail-100x30")
        _ = screen.update(&model, .command(.back))
        #expect(model.mode == .grid)
    }

    /// The help line offers what works where the user is: the grid's keys on the grid, the detail
    /// view's own (no upload, no open), and an open dialog's keys while it is open.
    @Test func theHelpLineFollowsTheContext() {
        let screen = Fixtures.screen(size: Size(width: 100, height: 30))
        var model = Fixtures.loadedModel(screen)
        func helpRow() -> String {
            let lines = GridText.text(screen.view(model, size: model.size)).split(separator: "\n", omittingEmptySubsequences: false)
            return String(lines[model.layout.helpRow.y])
        }
        #expect(helpRow().contains("u upload") && helpRow().contains("enter open"))
        _ = screen.update(&model, .command(.open))
        let detail = helpRow()
        #expect(detail.contains("esc back") && detail.contains("d delete"), "\(detail)")
        #expect(!detail.contains("upload") && !detail.contains("open"), "\(detail)")
        _ = screen.update(&model, .command(.back))
        _ = screen.update(&model, .command(.upload))
        let upload = helpRow()
        #expect(upload.contains("esc cancel") && upload.contains("tab complete"), "\(upload)")
        #expect(!upload.contains("d delete") && !upload.contains("u upload"), "\(upload)")
        _ = screen.update(&model, .key(.escape))
        _ = screen.update(&model, .command(.delete))
        let confirm = helpRow()
        #expect(confirm.contains("y delete") && confirm.contains("n/esc keep") && !confirm.contains("u upload"), "\(confirm)")
    }

    @Test func uploadPromptAndProgress() {
        let screen = Fixtures.screen(size: Size(width: 80, height: 24))
        var model = Fixtures.loadedModel(screen)
        _ = screen.update(&model, .command(.upload))
        for character in "/tmp/pictures/ca" { _ = screen.update(&model, .key(.character(character))) }
        _ = screen.update(&model, .completions(of: "/tmp/pictures/ca", ["/tmp/pictures/cat.png", "/tmp/pictures/cave.png"]))
        GoldenSnapshot.assertMatches(screen.view(model, size: model.size), named: "gallery-upload-prompt-80x24")

        _ = screen.update(&model, .key(.character("t")))
        _ = screen.update(&model, .key(.enter))
        for character in "Cat" { _ = screen.update(&model, .key(.character(character))) }
        _ = screen.update(&model, .key(.enter))
        let effects = screen.update(&model, .key(.enter))
        #expect(effects.count == 1, "the upload starts")
        #expect(model.mode == .grid)
        _ = screen.update(&model, .uploadAdded(number: 1, fileName: "cat.png", title: "Cat"))
        _ = screen.update(&model, .uploadAdded(number: 2, fileName: "dog.png", title: "Dog"))
        _ = screen.update(&model, .serviceEvent(.uploadStarted(number: 1, fileName: "cat.png", title: "Cat"), Fixtures.snapshot(count: 12, sequence: 2), Fixtures.status))
        _ = screen.update(&model, .serviceEvent(.uploadProgress(number: 1, sent: 61_440, total: 102_400), Fixtures.snapshot(count: 12, sequence: 3), Fixtures.status))
        GoldenSnapshot.assertMatches(screen.view(model, size: model.size), named: "gallery-upload-progress-80x24")
    }

    @Test func deleteConfirmation() {
        let screen = Fixtures.screen(size: Size(width: 80, height: 24))
        var model = Fixtures.loadedModel(screen)
        _ = screen.update(&model, .command(.delete))
        GoldenSnapshot.assertMatches(screen.view(model, size: model.size), named: "gallery-delete-confirm-80x24")
        #expect(screen.update(&model, .key(.character("n"))).isEmpty)
        #expect(model.mode == .grid)
        _ = screen.update(&model, .command(.delete))
        #expect(screen.update(&model, .key(.character("y"))).count == 1)
        #expect(model.message == "Deleting Rings 001…")
    }

    @Test func offlineShowsPendingUploadsAndDeletions() {
        let screen = Fixtures.screen(size: Size(width: 80, height: 24))
        var model = Fixtures.loadedModel(screen)
        let offline = ConnectionStatus(server: "localhost:8080", user: "test@liferay.com", online: false, pendingWrites: 2)
        let snapshot = Fixtures.snapshot(count: 12, sequence: 5) { index in
            .loaded(Fixtures.item(index, pendingDelete: index == 1, stale: true))
        }
        _ = screen.update(&model, .uploadAdded(number: 1, fileName: "cat.png", title: "Cat"))
        _ = screen.update(&model, .serviceEvent(.uploadQueued(number: 1), snapshot, offline))
        _ = screen.update(&model, .serviceEvent(.deleted(fileEntryId: 51002, queued: true), snapshot, offline))
        #expect(model.uploads.first?.state == .pending)
        GoldenSnapshot.assertMatches(screen.view(model, size: model.size), named: "gallery-offline-pending-80x24")
    }

    @Test func automaticSyncClearsPendingUploadsAndReloads() {
        let screen = Fixtures.screen(size: Size(width: 80, height: 24))
        var model = Fixtures.loadedModel(screen)
        let snapshot = Fixtures.snapshot(count: 12, sequence: 5) { .loaded(Fixtures.item($0)) }
        let offline = ConnectionStatus(server: "localhost:8080", user: "test@liferay.com", online: false, pendingWrites: 1)
        _ = screen.update(&model, .uploadAdded(number: 1, fileName: "cat.png", title: "Cat"))
        _ = screen.update(&model, .serviceEvent(.uploadQueued(number: 1), snapshot, offline))
        #expect(model.uploads.first?.state == .pending)

        // A run that sent nothing says nothing and keeps the upload pending.
        let quiet = screen.update(&model, .serviceEvent(.autoSynced(SyncRunSummary(synced: 0, pending: 1)), snapshot, offline))
        #expect(model.uploads.first?.state == .pending)
        #expect(quiet.isEmpty, "nothing: the events are a subscription, never re-armed")

        let online = ConnectionStatus(server: "localhost:8080", user: "test@liferay.com", online: true, pendingWrites: 0)
        let effects = screen.update(&model, .serviceEvent(.autoSynced(SyncRunSummary(synced: 1, pending: 0)), snapshot, online))
        #expect(model.uploads.first?.state == .done)
        #expect(model.message == "Synced 1 queued write automatically")
        #expect(model.status.pendingWrites == 0 && model.status.online)
        #expect(effects.count == 1, "a reload of the tiles")
    }

    @Test func emptyFolder() {
        let screen = Fixtures.screen(size: Size(width: 80, height: 24))
        var (model, _) = screen.initialize()
        _ = screen.update(&model, .snapshot(Fixtures.snapshot(count: 0)))
        GoldenSnapshot.assertMatches(screen.view(model, size: model.size), named: "gallery-empty-80x24")
    }

    @Test func narrowAndWide() {
        let narrow = Fixtures.screen(size: Size(width: 40, height: 12))
        let narrowModel = Fixtures.loadedModel(narrow)
        #expect(narrowModel.layout.columns == 2)
        GoldenSnapshot.assertMatches(narrow.view(narrowModel, size: narrowModel.size), named: "gallery-narrow-40x12")

        let wide = Fixtures.screen(size: Size(width: 160, height: 40))
        let wideModel = Fixtures.loadedModel(wide, count: 30)
        #expect(wideModel.layout.columns == 8)
        GoldenSnapshot.assertMatches(wide.view(wideModel, size: wideModel.size), named: "gallery-wide-160x40")
    }

    @Test func placeholdersJPEGAndBrokenPreviews() {
        let screen = Fixtures.screen(size: Size(width: 80, height: 24))
        var (model, _) = screen.initialize()
        let snapshot = Fixtures.snapshot(count: 60) { index in
            switch index {
            case 1: return .loaded(Fixtures.item(1, mimeType: "image/jpeg"))
            case 2: return .failed("Injected failure")
            case 3: return .placeholder
            default: return .loaded(Fixtures.item(index))
            }
        }
        _ = screen.update(&model, .snapshot(snapshot))
        _ = screen.update(&model, .previewLoaded(fileEntryId: 51002, large: false, .placeholder(mimeType: "image/jpeg")))
        _ = screen.update(&model, .previewLoaded(fileEntryId: 51001, large: false, .unavailable("no preview for 16-bit PNG")))
        GoldenSnapshot.assertMatches(screen.view(model, size: model.size), named: "gallery-placeholders-80x24")
    }

    @Test func helpOverlayFromTheKeyMap() {
        let screen = Fixtures.screen(size: Size(width: 80, height: 24))
        var model = Fixtures.loadedModel(screen)
        _ = screen.update(&model, .command(.help))
        let text = GridText.text(screen.view(model, size: model.size))
        #expect(text.contains("Gallery keys"))
        #expect(text.contains("upload") && text.contains("delete") && text.contains("refresh"))
        #expect(screen.message(for: .key(.character("x")), model: model) != nil, "any key closes the help")
        _ = screen.update(&model, .command(.help))
        #expect(!model.showsHelp)
    }

    // MARK: Keys and scrolling

    @Test func arrowsPagesHomeAndEndMoveTheCursor() {
        let screen = Fixtures.screen(size: Size(width: 80, height: 24))
        var model = Fixtures.loadedModel(screen, count: 100, previews: false)
        let layout = model.layout
        #expect(layout.columns == 4 && layout.visibleTileRows == 2)
        _ = screen.update(&model, .command(.cursorDown))
        #expect(model.cursor == 4)
        _ = screen.update(&model, .command(.cursorLeft))
        #expect(model.cursor == 3)
        _ = screen.update(&model, .command(.pageDown))
        #expect(model.cursor == 11)
        #expect(model.topTileRow == 1, "the cursor's row scrolled into view")
        _ = screen.update(&model, .command(.last))
        #expect(model.cursor == 99 && model.topTileRow == 23)
        _ = screen.update(&model, .command(.cursorRight))
        #expect(model.cursor == 99, "no move past the end")
        _ = screen.update(&model, .command(.first))
        #expect(model.cursor == 0 && model.topTileRow == 0)
        for key in [KeyEvent.function(5), .ctrl("r"), .character("r")] {
            guard case .command(let command)? = screen.message(for: .key(key), model: model) else {
                Issue.record("\(key) is no command")
                continue
            }
            #expect(command == .refresh)
        }
    }

    @Test func aClickSelectsATileAndASecondClickOpensIt() {
        let screen = Fixtures.screen(size: Size(width: 80, height: 24))
        var model = Fixtures.loadedModel(screen, count: 12, previews: false)
        // The second tile of the second row: columns of 18 + 2, rows of 10 + 1 from row 1.
        let click = InputEvent.mouse(MouseEvent(.press(.left), at: Point(x: 25, y: 14)))
        guard case .select(let index)? = screen.message(for: click, model: model) else {
            Issue.record("a click on a tile selects it")
            return
        }
        #expect(index == 5)
        _ = screen.update(&model, .select(index))
        #expect(model.cursor == 5)
        guard case .command(let command)? = screen.message(for: click, model: model) else {
            Issue.record("a click on the selected tile opens it")
            return
        }
        #expect(command == .open)
        #expect(screen.message(for: .mouse(MouseEvent(.press(.left), at: Point(x: 19, y: 3))), model: model) == nil, "the gap")
    }

    @Test func olderSnapshotsNeverReplaceNewerOnes() {
        let screen = Fixtures.screen(size: Size(width: 80, height: 24))
        var model = Fixtures.loadedModel(screen, count: 12, previews: false)
        _ = screen.update(&model, .snapshot(Fixtures.snapshot(count: 30, sequence: 10)))
        _ = screen.update(&model, .snapshot(Fixtures.snapshot(count: 5, sequence: 9)))
        #expect(model.snapshot.rowCount == 30)
    }

    /// The whole loop on a headless terminal: start, previews arrive, an upload runs and the
    /// list refreshes when it is done.
    /// Issue 15: while an upload runs, `x` cancels it (offered first on the help line, and only
    /// then); the service's answer says what became of it.
    @Test @MainActor func xCancelsTheRunningUpload() async throws {
        let service = StubGalleryService(count: 12)
        let backend = HeadlessBackend(size: Size(width: 100, height: 30))
        let runtime = Runtime(program: Fixtures.screen(service, size: backend.size), backend: backend)
        runtime.start()
        try await until("the tiles") { runtime.model.snapshot.rowCount == 12 }
        func helpLine() -> String { GridText.text(backend.screen).split(separator: "\n").last.map(String.init) ?? "" }
        runtime.handle(.key(.character("x")))
        #expect(await service.cancelled.isEmpty, "x does nothing while no upload runs")
        #expect(!helpLine().contains("cancel upload"))
        runtime.handle(.key(.character("u")))
        for character in "/tmp/pictures/cat.png" { runtime.handle(.key(.character(character))) }
        for _ in 0..<3 { runtime.handle(.key(.enter)) }
        try await until("the upload reaches the service") { await service.uploads.count == 1 }
        await service.emit(.uploadStarted(number: 1, fileName: "cat.png", title: "cat.png"))
        await service.emit(.uploadProgress(number: 1, sent: 1_000, total: 3_000_000))
        try await until("the upload running") { helpLine().hasPrefix("x cancel upload") }
        runtime.handle(.key(.character("x")))
        try await until("the cancel reaches the service") { await service.cancelled == [1] }
        #expect(runtime.model.message == "Cancelling the upload of cat.png…")
        await service.emit(.uploadCancelled(number: 1, landing: .stopped))
        try await until("the upload cancelled") { runtime.model.uploads.first?.state == .cancelled }
        #expect(runtime.model.message == "Upload of cat.png cancelled: nothing was kept")
        try await until("the queue row and help line") {
            GridText.text(backend.screen).contains("cancelled") && !helpLine().contains("cancel upload")
        }
        runtime.handle(.key(.character("q")))
        await service.close()
    }

    @Test @MainActor func runsOnAHeadlessTerminal() async throws {
        let service = StubGalleryService(count: 12)
        let backend = HeadlessBackend(size: Size(width: 80, height: 24))
        let runtime = Runtime(program: Fixtures.screen(service, size: backend.size), backend: backend)
        runtime.start()
        try await until("previews of the first screen") {
            runtime.model.previews.count == 8 && runtime.model.previews.values.allSatisfy { if case .image = $0 { true } else { false } }
        }
        #expect(runtime.model.snapshot.rowCount == 12)
        runtime.handle(.key(.character("u")))
        for character in "/tmp/pictures/cat.png" { runtime.handle(.key(.character(character))) }
        for _ in 0..<3 { runtime.handle(.key(.enter)) }
        try await until("the upload reaches the service") { await service.uploads.first?.path == "/tmp/pictures/cat.png" }
        await service.emit(.uploadStarted(number: 1, fileName: "cat.png", title: "cat.png"))
        await service.emit(.uploaded(number: 1, title: "cat.png"))
        try await until("the upload is done and the tiles refreshed") {
            let refreshes = await service.refreshes
            return runtime.model.uploads.first?.state == .done && refreshes == 1
        }
        try await until("the progress bar at 100%") { GridText.text(backend.screen).contains("100% uploaded") }
        runtime.handle(.key(.character("q")))
        #expect(runtime.isFinished)
        await service.close()
    }

    /// Polls `condition` on the main actor until it holds (60 s deadline: the full suite runs
    /// beside other suites on a two-thread pool).
    @MainActor private func until(_ what: String, _ condition: @MainActor () async -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(60)
        while !(await condition()) {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting for \(what)")
                return
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
