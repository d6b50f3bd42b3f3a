import BookmarksExample
import Foundation
import PortalClient
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// The portal browser: sites → a site's record sets and folders → a list, and back.
@Suite("Browser screen")
@MainActor
struct BrowserScreenTests {
    nonisolated static let sites = [
        SiteSummary(groupId: 20143, name: "Demo site", friendlyURL: "/guest"),
        SiteSummary(groupId: 20500, name: "Field Team — 現場", friendlyURL: "/field-team"),
    ]
    nonisolated static let contents = SiteContents(
        recordSets: [
            RecordSetSummary(recordSetId: 40001, structureId: 30001, name: "Every field kind", recordCount: 5),
            RecordSetSummary(recordSetId: 40002, structureId: 30002, name: "Issues", recordCount: 10_000),
            RecordSetSummary(recordSetId: 40003, structureId: 30003, name: "Contacts", recordCount: 3),
        ],
        imageFolders: [FolderSummary(folderId: 50001, name: "Demo images", count: 120)],
        bookmarkFolders: [FolderSummary(folderId: 60001, name: "Demo bookmarks", count: 1)])

    nonisolated static func services(_ records: FakeRecords) -> BrowserServices {
        BrowserServices(
            sites: { SiteList(sites) },
            contents: { _ in contents },
            recordList: { _, _ in ListFixtures.spec(records) },
            bookmarksList: { _, folder in AnyListSpec(BookmarksScreenTests.spec(folderName: folder.name, count: 30)) },
            pendingCount: { 2 })
    }

    static func runtime(_ records: FakeRecords) -> Runtime<PortalBrowser> {
        let browser = PortalBrowser(
            services: services(records), size: Size(width: 80, height: 24), status: ListFixtures.status)
        let runtime = Runtime(program: browser, backend: HeadlessBackend(size: Size(width: 80, height: 24)))
        runtime.start()
        return runtime
    }

    static func topMenu(_ model: PortalBrowser.Model) -> BrowserMenu? {
        if case .menu(let menu)? = model.stack.last { return menu }
        return nil
    }

    /// Enter on the site list's first site, then waits for its contents.
    static func openFirstSite(_ runtime: Runtime<PortalBrowser>) async throws {
        runtime.handle(.key(.enter))
        try await ListFixtures.wait("site contents", runtime) { $0.stack.count == 2 && topMenu($0)?.isLoading == false }
    }

    /// Waits until a record list is on top with its first row loaded.
    static func waitForRecordList(_ runtime: Runtime<PortalBrowser>) async throws {
        try await ListFixtures.wait("record list", runtime) { model in
            if let list = model.top(ListScreen<DDLListRow>.self) { return list.model.engine.row(at: 0).row != nil }
            return false
        }
    }

    @Test func siteListThenFolderList() async throws {
        let runtime = Self.runtime(FakeRecords(count: 100))
        try await ListFixtures.wait("sites", runtime) { Self.topMenu($0)?.isLoading == false && $0.status.pendingWrites == 2 }
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "browser-80x24-sites")
        try await Self.openFirstSite(runtime)
        runtime.handle(.key(.down))
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "browser-80x24-site-contents")
        runtime.finish()
    }

    @Test func browseToARecordListAndBackRestoresTheCursor() async throws {
        let runtime = Self.runtime(FakeRecords(count: 100))
        try await ListFixtures.wait("sites", runtime) { Self.topMenu($0)?.isLoading == false }
        try await Self.openFirstSite(runtime)
        runtime.handle(.key(.down))
        let cursor = try #require(Self.topMenu(runtime.model)?.cursor)
        runtime.handle(.key(.enter))
        try await Self.waitForRecordList(runtime)
        #expect(GridText.text(ListFixtures.frame(runtime)).contains("Demo site › Issues"))
        for _ in 0..<5 { runtime.handle(.key(.down)) }
        runtime.handle(.key(.escape))
        #expect(runtime.model.stack.count == 2)
        #expect(Self.topMenu(runtime.model)?.cursor == cursor)
        runtime.handle(.key(.escape))
        #expect(Self.topMenu(runtime.model)?.cursor == 0)
        #expect(runtime.model.stack.count == 1)
        runtime.handle(.key(.escape))
        #expect(runtime.isFinished)
    }

    @Test func aBookmarkFolderOpensTheBookmarksList() async throws {
        let runtime = Self.runtime(FakeRecords(count: 100))
        try await ListFixtures.wait("sites", runtime) { Self.topMenu($0)?.isLoading == false }
        try await Self.openFirstSite(runtime)
        runtime.handle(.key(.end))
        runtime.handle(.key(.enter))
        try await ListFixtures.wait("bookmarks", runtime) { model in
            if let list = model.top(ListScreen<Bookmark>.self) { return list.model.engine.row(at: 0).row != nil }
            return false
        }
        #expect(GridText.text(ListFixtures.frame(runtime)).contains("Demo bookmarks"))
        runtime.finish()
    }

    @Test func aClickSelectsASiteAndASecondClickOpensIt() async throws {
        let runtime = Self.runtime(FakeRecords(count: 100))
        try await ListFixtures.wait("sites", runtime) { Self.topMenu($0)?.isLoading == false }
        runtime.handle(.mouse(MouseEvent(.press(.left), at: Point(x: 10, y: 3))))
        #expect(Self.topMenu(runtime.model)?.cursor == 1)
        runtime.handle(.mouse(MouseEvent(.press(.left), at: Point(x: 10, y: 3))))
        try await ListFixtures.wait("Field Team's contents", runtime) { $0.stack.count == 2 && Self.topMenu($0)?.isLoading == false }
        #expect(Self.topMenu(runtime.model)?.site?.groupId == 20500)
        runtime.finish()
    }

    @Test func automaticSyncUpdatesTheStatusAndReloadsTheListOnTop() async throws {
        let records = FakeRecords(count: 100)
        let (reports, sink) = AsyncStream.makeStream(of: SyncRunSummary.self)
        var services = Self.services(records)
        services.autoSync = AutoSyncServices(reports: reports)
        let browser = PortalBrowser(services: services, size: Size(width: 80, height: 24), status: ListFixtures.status)
        let runtime = Runtime(program: browser, backend: HeadlessBackend(size: Size(width: 80, height: 24)))
        runtime.start()
        try await ListFixtures.wait("sites", runtime) { Self.topMenu($0)?.isLoading == false && $0.status.pendingWrites == 2 }
        // Nothing sent: the count follows the queue, no message.
        sink.yield(SyncRunSummary(synced: 0, pending: 3))
        try await ListFixtures.wait("three pending", runtime) { $0.status.pendingWrites == 3 }
        #expect(runtime.model.message.isEmpty)
        // In a record list: a run that sent writes reloads it and says so.
        try await Self.openFirstSite(runtime)
        runtime.handle(.key(.down))
        runtime.handle(.key(.enter))
        try await Self.waitForRecordList(runtime)
        let before = await records.requestCount()
        sink.yield(SyncRunSummary(synced: 2, conflicts: 1, pending: 1))
        try await ListFixtures.wait("the report", runtime) { $0.status.pendingWrites == 1 }
        guard let list = runtime.model.top(ListScreen<DDLListRow>.self) else {
            Issue.record("the record list should stay on top")
            return
        }
        #expect(list.model.message == "Synced 2 queued writes automatically · 1 in conflict (s: sync view)")
        #expect(list.model.status.pendingWrites == 1)
        #expect(GridText.text(ListFixtures.frame(runtime, size: Size(width: 160, height: 24))).contains("· 1 pending"))
        try await ListFixtures.waitForRequests(records, atLeast: before + 1)
        runtime.finish()
    }

    /// Issue 15: k in the sync view makes the conflict a write to send; the automatic run that
    /// sends it reloads the open sync view, which empties by itself.
    @Test func theSyncViewRefreshesAfterTheResolvedConflictIsSent() async throws {
        let queue = SyncViewTests.FakeQueue()
        queue.items = [queue.items[0]]  // one write, in conflict
        let (reports, sink) = AsyncStream.makeStream(of: SyncRunSummary.self)
        var services = Self.services(FakeRecords(count: 10))
        services.autoSync = AutoSyncServices(reports: reports)
        services.sync = SyncServices(
            loadQueue: { queue.snapshot() }, run: { _ in SyncRunSummary(synced: 0, pending: 0) },
            resolve: { id, _ in queue.keepMine(id) })
        let browser = PortalBrowser(services: services, size: Size(width: 80, height: 24), status: ListFixtures.status)
        let runtime = Runtime(program: browser, backend: HeadlessBackend(size: Size(width: 80, height: 24)))
        runtime.start()
        try await ListFixtures.wait("sites", runtime) { Self.topMenu($0)?.isLoading == false }
        runtime.handle(.key(.character("s")))
        try await ListFixtures.wait("the conflict in the sync view", runtime) { Self.syncItems($0)?.first?.state == .conflict }
        runtime.handle(.key(.character("k")))
        try await ListFixtures.wait("the write to send", runtime) { Self.syncItems($0)?.first?.state == .dirty }
        _ = queue.drain()  // what the automatic run sent
        sink.yield(SyncRunSummary(synced: 1, pending: 0))
        try await ListFixtures.wait("the sync view reloaded", runtime) { Self.syncItems($0)?.isEmpty == true }
        #expect(GridText.text(ListFixtures.frame(runtime)).contains("Nothing waiting for the portal."))
        runtime.finish()
    }

    static func syncItems(_ model: PortalBrowser.Model) -> [PendingWriteSummary]? {
        if let sync = model.top(SyncView.self) { return sync.model.items }
        return nil
    }

    @Test func anOpenFormLearnsWhatAutomaticSyncDid() async throws {
        let (reports, sink) = AsyncStream.makeStream(of: SyncRunSummary.self)
        let store = SettingsScreenTests.Store()
        var services = Self.services(FakeRecords(count: 10))
        services.autoSync = AutoSyncServices(reports: reports)
        services.settings = SettingsServices(
            open: { request in await SettingsScreenTests.settingsScreen(store, request) }, theme: { await store.theme() })
        let browser = PortalBrowser(services: services, size: Size(width: 80, height: 24), status: ListFixtures.status)
        let runtime = Runtime(program: browser, backend: HeadlessBackend(size: Size(width: 80, height: 24)))
        runtime.start()
        try await ListFixtures.wait("sites", runtime) { Self.topMenu($0)?.isLoading == false }
        runtime.handle(.key(.character(",")))
        try await ListFixtures.wait("a form on top", runtime) { SettingsScreenTests.topForm($0)?.rows.isEmpty == false }
        sink.yield(SyncRunSummary(synced: 3, pending: 4))
        try await ListFixtures.wait("the form's status", runtime) { SettingsScreenTests.topForm($0)?.pendingWrites == 4 }
        #expect(SettingsScreenTests.topForm(runtime.model)?.online == true)
        runtime.finish()
    }

    /// The run's connectivity drives every status line at once; back online, a menu that came
    /// from the cache reloads (cursor kept) and the list on top refreshes.
    @Test func connectivityChangesReachEveryScreenAndBackOnlineReload() async throws {
        let records = FakeRecords(count: 100)
        let (changes, changeSink) = AsyncStream.makeStream(of: Bool.self)
        var services = Self.services(records)
        let counter = LoadCounter()
        services.sites = {
            let count = await counter.next()
            return SiteList(Self.sites, cachedAt: count == 1 ? Date(timeIntervalSince1970: 1_700_000_000) : nil)
        }
        services.autoSync = AutoSyncServices(reports: AsyncStream { $0.finish() }, connectivity: changes)
        let browser = PortalBrowser(services: services, size: Size(width: 80, height: 24), status: ListFixtures.status)
        let runtime = Runtime(program: browser, backend: HeadlessBackend(size: Size(width: 80, height: 24)))
        runtime.start()
        try await ListFixtures.wait("cached sites", runtime) { Self.topMenu($0)?.cachedAt != nil }
        let cached = GridText.text(ListFixtures.frame(runtime, size: Size(width: 80, height: 24)))
        #expect(cached.contains("~ offline: cached"), "\(cached)")
        runtime.handle(.key(.down))
        let selected = Self.topMenu(runtime.model).map { $0.items[$0.cursor] }
        changeSink.yield(false)
        try await ListFixtures.wait("offline everywhere", runtime) { !$0.status.online }
        changeSink.yield(true)
        try await ListFixtures.wait("reloaded from the portal", runtime) {
            $0.status.online && Self.topMenu($0)?.cachedAt == nil && Self.topMenu($0)?.isLoading == false
        }
        #expect(Self.topMenu(runtime.model).map { $0.items[$0.cursor] } == selected, "the cursor stays on its site")
        #expect(!GridText.text(ListFixtures.frame(runtime, size: Size(width: 80, height: 24))).contains("offline: cached"))
        // A list on top: offline, then back online, it refreshes on its own.
        try await Self.openFirstSite(runtime)
        runtime.handle(.key(.down))
        runtime.handle(.key(.enter))
        try await Self.waitForRecordList(runtime)
        changeSink.yield(false)
        try await ListFixtures.wait("the list offline", runtime) { model in
            if let list = model.top(ListScreen<DDLListRow>.self) { return !list.model.status.online }
            return false
        }
        let before = await records.requestCount()
        changeSink.yield(true)
        try await ListFixtures.waitForRequests(records, atLeast: before + 1)
        #expect(runtime.model.status.online)
        runtime.finish()
    }

    /// A page asked for before the run said offline answers from the portal after it: the list,
    /// and with it the status line, says online again before the run does. The run's "online"
    /// still reaches the list on top, which refreshes (it did not: the browser took its own
    /// status line for the run's, and let "online" pass as no change).
    @Test func aPageAnsweringWhileOfflineDoesNotSwallowTheReturn() async throws {
        let records = FakeRecords(count: 100)
        await records.gate([1])
        let (changes, changeSink) = AsyncStream.makeStream(of: Bool.self)
        var services = Self.services(records)
        services.autoSync = AutoSyncServices(reports: AsyncStream { $0.finish() }, connectivity: changes)
        let browser = PortalBrowser(services: services, size: Size(width: 80, height: 24), status: ListFixtures.status)
        let runtime = Runtime(program: browser, backend: HeadlessBackend(size: Size(width: 80, height: 24)))
        runtime.start()
        try await ListFixtures.wait("sites", runtime) { Self.topMenu($0)?.isLoading == false }
        try await Self.openFirstSite(runtime)
        runtime.handle(.key(.down))
        runtime.handle(.key(.enter))
        try await Self.waitForRecordList(runtime)
        try await ListFixtures.waitForRequest(records, page: 1)
        changeSink.yield(false)
        try await ListFixtures.wait("the list offline", runtime) { model in
            if let list = model.top(ListScreen<DDLListRow>.self) { return !model.status.online && !list.model.status.online }
            return false
        }
        await records.release(page: 1)
        try await ListFixtures.wait("page 1 from the portal turns the status online", runtime) { model in
            guard let list = model.top(ListScreen<DDLListRow>.self) else { return false }
            return model.status.online && list.model.engine.row(at: list.model.engine.layout.firstRow(ofPage: 1)).row != nil
        }
        let before = await records.requestCount()
        changeSink.yield(true)
        try await ListFixtures.waitForRequests(records, atLeast: before + 1)
        #expect(await records.requests.dropFirst(before).contains { $0.page == 0 }, "the refresh asks for the first page again")
        runtime.finish()
    }

    /// A long error wraps (up to three lines) so that how to retry stays on screen; on a small
    /// screen the last line says that it was cut.
    @Test func aLongLoadErrorWrapsAndKeepsTheRetryHint() async throws {
        var services = Self.services(FakeRecords(count: 1))
        services.sites = {
            throw PortalError(kind: .server, message: "Injected failure (com.liferay.portal.kernel.exception.SystemException) while reading the sites")
        }
        let browser = PortalBrowser(services: services, size: Size(width: 80, height: 24), status: ListFixtures.status)
        let runtime = Runtime(program: browser, backend: HeadlessBackend(size: Size(width: 80, height: 24)))
        runtime.start()
        try await ListFixtures.wait("the error", runtime) { Self.topMenu($0)?.error != nil }
        let screen = GridText.text(ListFixtures.frame(runtime))
        #expect(screen.contains("— r retries"), "\(screen)")
        #expect(screen.contains("Could not load: server: Injected failure"), "\(screen)")
        let small = GridText.text(ListFixtures.frame(runtime, size: Size(width: 30, height: 10)))
        let errorLines = small.split(separator: "\n").filter { $0.contains("Could not") || $0.contains("…") }
        #expect(!errorLines.isEmpty && errorLines.last?.hasSuffix("…") == true, "\(small)")
        runtime.finish()
    }
}

/// Counts calls across tasks.
actor LoadCounter {
    private var count = 0
    func next() -> Int {
        count += 1
        return count
    }
}
