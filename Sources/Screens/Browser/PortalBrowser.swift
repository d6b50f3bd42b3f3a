import Screenlets
import TermUI

/// The portal browser (`termlets` on a terminal): the user's sites → a site's record sets, image
/// folders and bookmark folders → a list → (the form). Breadcrumbs at the top; Esc goes back to
/// the previous screen with its cursor where it was; `s` opens the sync view and `,` the
/// settings; the status line says online/offline and how many writes wait.
///
/// Screens are kept on a stack: the browser's own menus, and child screens (lists, forms, the
/// gallery, the sync view), each a program of its own (a ``ChildScreen``) whose messages and
/// effects the browser forwards, tagged with the screen's id, and whose outcomes it acts on.
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
        /// A list of any rows, e.g. the bookmarks of a folder (`termlets bookmarks` on a terminal); Esc there quits.
        case list(AnyListSpec, breadcrumbs: [String])
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
        /// A record or bookmarks list, a form, the gallery, the sync view, …
        case child(AnyChildScreen)

        /// Runs `body` on the child this screen holds, in place, and returns what it returns (nil
        /// when this is not a child). The child is taken out of the stack while `body` runs, so
        /// its model (a list's pages, a form's fields) is changed where it is instead of copied
        /// first: the stack's reference would make it shared (a copy per key: issue 17).
        mutating func withChild<Result>(_ body: (inout AnyChildScreen) -> Result) -> Result? {
            guard case .child(var child) = self else { return nil }
            self = .child(.vacated)
            defer { self = .child(child) }
            return body(&child)
        }
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
        /// What the run's connectivity said last (nil before it said anything). The status line's
        /// `online` also follows what screens see (a page from the portal says online), so it
        /// alone cannot tell whether the portal came back since the run last said offline.
        var connectivitySignal: Bool?

        /// The breadcrumbs of the whole stack.
        var crumbs: [String] {
            stack.map { screen in
                switch screen {
                case .menu(let menu): return menu.crumb
                case .child(let child): return child.crumb
                }
            }
        }

        /// The screen on top when it is a `Child`.
        public func top<Child: ChildScreen>(_ type: Child.Type) -> Embedded<Child>? {
            guard case .child(let child)? = stack.last else { return nil }
            return child.as(type)
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
        /// A message of child screen `id`.
        case child(id: Int, ChildMessage)
        /// The form screen asked for is ready (or could not be built).
        case formReady(crumb: String, Result<FormScreen, any Error>)
        /// The gallery screen asked for is ready (or could not be built).
        case galleryReady(crumb: String, Result<GalleryScreen, any Error>)
        case pendingCount(Int)
        /// The settings were saved: the theme they name.
        case themeChanged(Theme)
        /// Automatic sync ran.
        case autoSynced(SyncRunSummary)
        /// The run's connectivity changed: the portal answers (true) or not.
        case connectivityChanged(Bool)
    }

    /// The model with each child screen as its program's snapshot (``Program/snapshot(of:)``):
    /// held by the runtime across an update, it leaves the children's storage unshared.
    public func snapshot(of model: Model) -> Snapshot {
        Snapshot(
            stack: model.stack.map { screen in
                switch screen {
                case .menu(let menu): return .menu(menu)
                case .child(let child): return .child(child.snapshot)
                }
            },
            size: model.size, status: model.status, message: model.message, showsHelp: model.showsHelp,
            theme: model.theme, nextId: model.nextId, connectivitySignal: model.connectivitySignal)
    }

    /// See ``snapshot(of:)``: what the model's equality compares, children by their snapshots.
    public struct Snapshot: Equatable, Sendable {
        enum Screen: Equatable, Sendable {
            case menu(BrowserMenu)
            case child(ChildSnapshot)
        }

        let stack: [Screen]
        let size: Size
        let status: ConnectionStatus
        let message: String
        let showsHelp: Bool
        let theme: Theme
        let nextId: Int
        let connectivitySignal: Bool?
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
            effects += pushList(spec, breadcrumbs: crumbs, query: query, on: &model)
            if let notice { effects += tellTop(.notice(notice), on: &model) }
        case .list(let spec, let crumbs):
            effects += spec.push(self, crumbs, &model)
            if let notice { effects += tellTop(.notice(notice), on: &model) }
        }
        return (model, effects)
    }

    public func message(for event: InputEvent, model: Model) -> Message? {
        if case .resize(let size) = event { return .resized(size) }
        // Ctrl-C quits from the menus; the embedded screens handle it (the form asks first
        // when there are unsaved changes).
        switch model.stack.last {
        case .child(let child)?:
            return child.message(for: event).map { .child(id: child.id, $0) }
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
