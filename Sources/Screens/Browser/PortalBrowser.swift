import BookmarksExample
import Screenlets
import TermUI

/// The portal browser (`termlets` on a terminal): the user's sites → a site's record sets, image
/// folders and bookmark folders → a list → (the form). Breadcrumbs at the top; Esc goes back to
/// the previous screen with its cursor where it was; `s` opens the sync view and `,` the
/// settings; the status line says online/offline and how many writes wait.
///
/// Screens are kept on a stack; each embedded screen (list, sync view) is a program of its own
/// whose messages and effects the browser forwards, tagged with the screen's id.
public struct PortalBrowser: Program {
    public let services: BrowserServices
    public var keyMap: KeyMap
    public var theme: Theme
    public var initialSize: Size
    public var initialStatus: ConnectionStatus
    public let start: Start
    /// Shown in the message area when the browser opens (e.g. a problem in the user's key file).
    public var notice: String?

    /// Where the browser opens.
    public enum Start: Sendable {
        /// The user's sites.
        case sites
        /// A record list (`termlets list` on a terminal); Esc there quits.
        case records(ListScreenSpec<DDLListRow>, breadcrumbs: [String], query: ListQuery)
        /// A bookmarks list (`termlets bookmarks` on a terminal); Esc there quits.
        case bookmarks(ListScreenSpec<Bookmark>, breadcrumbs: [String])
    }

    public init(
        services: BrowserServices, size: Size, status: ConnectionStatus, start: Start = .sites, keyMap: KeyMap = .screens,
        theme: Theme = Theme.standard.withListComponents(), notice: String? = nil
    ) {
        self.services = services
        self.initialSize = size
        self.initialStatus = status
        self.start = start
        self.keyMap = keyMap
        self.theme = theme
        self.notice = notice
    }

    /// One screen on the stack.
    public enum Screen: Equatable, Sendable {
        case menu(BrowserMenu)
        case records(Embedded<ListScreen<DDLListRow>>)
        case bookmarks(Embedded<ListScreen<Bookmark>>)
        case sync(Embedded<SyncView>)
        /// The form screen of a record, opened from a record list.
        case form(Embedded<FormScreen>)
        /// The gallery of an image folder.
        case gallery(Embedded<GalleryScreen>)
    }

    /// A child program and its model, compared by id and model.
    public struct Embedded<Child: Program>: Equatable, Sendable {
        public let id: Int
        public let program: Child
        public internal(set) var model: Child.Model
        /// The breadcrumb, for screens that do not name themselves (the form).
        public var crumb = ""
        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id && lhs.model == rhs.model }
    }

    public struct Model: Equatable, Sendable {
        public internal(set) var stack: [Screen] = []
        public internal(set) var size: Size
        public internal(set) var status: ConnectionStatus
        public internal(set) var message = ""
        public internal(set) var showsHelp = false
        /// The look of the menus and of every screen opened from now on (the settings change it).
        public internal(set) var theme: Theme
        var nextId = 1

        /// The breadcrumbs of the whole stack.
        var crumbs: [String] {
            stack.map { screen in
                switch screen {
                case .menu(let menu): return menu.crumb
                case .records(let list): return list.model.breadcrumbs.last ?? ""
                case .bookmarks(let list): return list.model.breadcrumbs.last ?? ""
                case .sync: return UIText.text(.sync, status.locale)
                case .form(let form): return form.crumb
                case .gallery(let gallery): return gallery.crumb
                }
            }
        }

        /// The site of the nearest site menu below the top.
        var currentSite: SiteSummary? {
            for screen in stack.reversed() { if case .menu(let menu) = screen, let site = menu.site { return site } }
            return nil
        }
    }

    public enum Message: Sendable {
        case command(CommandName)
        case resized(Size)
        /// A click on a menu row: selects it (a click on the selected row opens it).
        case clicked(y: Int)
        case sitesLoaded(Result<SiteList, any Error>)
        case contentsLoaded(groupId: Int64, Result<SiteContents, any Error>)
        case recordListReady(RecordSetSummary, Result<ListScreenSpec<DDLListRow>, any Error>)
        /// An object definition's entry list is ready (or failed).
        case objectListReady(ObjectSetSummary, Result<ListScreenSpec<DDLListRow>, any Error>)
        /// The delete of an entry of the list on top went through (or failed).
        case entryDeleted(entryId: Int64, Result<Bool, any Error>)
        case records(id: Int, ListScreen<DDLListRow>.Message)
        case bookmarks(id: Int, ListScreen<Bookmark>.Message)
        case sync(id: Int, SyncView.Message)
        /// The form screen asked for is ready (or could not be built).
        case formReady(crumb: String, Result<FormScreen, any Error>)
        case form(id: Int, FormScreenMessage)
        /// The gallery screen asked for is ready (or could not be built).
        case galleryReady(crumb: String, Result<GalleryScreen, any Error>)
        case gallery(id: Int, GalleryScreen.Message)
        case pendingCount(Int)
        /// The settings were saved: the theme they name.
        case themeChanged(Theme)
        /// Automatic sync ran.
        case autoSynced(SyncRunSummary)
        /// The run's connectivity changed: the portal answers (true) or not.
        case connectivityChanged(Bool)
    }

    public func initialize() -> (Model, [Effect<Message>]) {
        var model = Model(size: initialSize, status: initialStatus, theme: theme)
        model.message = notice ?? ""
        var effects: [Effect<Message>] = [countPending()]
        if let reports = services.autoSync?.reports({ Message.autoSynced($0) }) { effects.append(reports) }
        if let changes = services.autoSync?.connectivityChanges({ Message.connectivityChanged($0) }) { effects.append(changes) }
        switch start {
        case .sites:
            var menu = BrowserMenu(crumb: UIText.text(.sites, initialStatus.locale), site: nil, locale: initialStatus.locale)
            menu.scroll.height = BrowserLayout(size: initialSize).body.height
            model.stack = [.menu(menu)]
            let services = self.services
            effects.append(.task { .sitesLoaded(await Result(catching: { try await services.sites() })) })
        case .records(let spec, let crumbs, let query):
            effects += pushRecords(spec, breadcrumbs: crumbs, query: query, on: &model)
            if let notice, case .records(var list)? = model.stack.last {
                _ = list.program.update(&list.model, .notice(notice))
                model.stack[model.stack.count - 1] = .records(list)
            }
        case .bookmarks(let spec, let crumbs):
            effects += pushBookmarks(spec, breadcrumbs: crumbs, on: &model)
            if let notice, case .bookmarks(var list)? = model.stack.last {
                _ = list.program.update(&list.model, .notice(notice))
                model.stack[model.stack.count - 1] = .bookmarks(list)
            }
        }
        return (model, effects)
    }

    public func message(for event: InputEvent, model: Model) -> Message? {
        if case .resize(let size) = event { return .resized(size) }
        // Ctrl-C quits from the menus; the embedded screens handle it (the form asks first
        // when there are unsaved changes).
        switch model.stack.last {
        case .records(let list)?:
            return list.program.message(for: event, model: list.model).map { .records(id: list.id, $0) }
        case .bookmarks(let list)?:
            return list.program.message(for: event, model: list.model).map { .bookmarks(id: list.id, $0) }
        case .sync(let sync)?:
            return sync.program.message(for: event, model: sync.model).map { .sync(id: sync.id, $0) }
        case .form(let form)?:
            return form.program.message(for: event, model: form.model).map { .form(id: form.id, $0) }
        case .gallery(let gallery)?:
            return gallery.program.message(for: event, model: gallery.model).map { .gallery(id: gallery.id, $0) }
        case .menu?, nil:
            if case .key(let key) = event, key == KeyMap.alwaysQuitKey { return .command(.forceQuit) }
            if case .mouse(let mouse) = event {
                switch mouse.action {
                case .press(.left): return .clicked(y: mouse.position.y)
                case .wheelDown: return .command(.cursorDown)
                case .wheelUp: return .command(.cursorUp)
                default: return nil
                }
            }
            guard case .key(let key) = event else { return nil }
            if model.showsHelp { return .command(.help) }
            return keyMap.command(for: key, in: [.browser, .global]).map(Message.command)
        }
    }

    func countPending() -> Effect<Message> {
        let services = self.services
        return .task { .pendingCount(await services.pendingCount()) }
    }
}

extension Result where Failure == any Error {
    /// The result of an async throwing body.
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}

/// Where the browser's own menus draw: breadcrumbs, body, status line, help line.
struct BrowserLayout {
    let title: Rect
    let body: Rect
    let status: Rect
    let help: Rect

    init(size: Size) {
        let (title, rest) = Rect(size: size).splitTop(1)
        let (body, footer) = rest.splitBottom(2)
        let (status, help) = footer.splitTop(1)
        (self.title, self.body, self.status, self.help) = (title, body.inset(by: EdgeInsets(top: 1)), status, help)
    }
}
