import Screenlets
import TermUI

/// The record list screen (and every other list: bookmarks, any custom list): a TermUI program
/// over the fluent pagination engine, which it embeds in its model and drives with its own effects.
///
/// Columns with headers sized to the terminal, placeholder rows for rows not loaded, prefetch (the
/// viewport goes to the engine on every move), Down/Up, PgDn/PgUp, Home/End (End loads the last
/// page directly), `/` search in the loaded rows with `n`/`N`, sort (`o`) and creator filter
/// (`m`), refresh (`r`, F5, Ctrl-R) that keeps the old rows until the new page 0 arrives, stale,
/// dirty and conflict marks, an error row that retries on Enter, the status line, the help line
/// and the `?` overlay.
///
/// Opening a row, starting a new one, going back and quitting are **outcomes** (``ListOutcome``)
/// set in the model for a parent (the browser) to handle; a standalone list quits on back and quit.
public struct ListScreen<Row: Sendable>: Program {
    public let spec: ListScreenSpec<Row>
    public var keyMap: KeyMap
    public var theme: Theme
    /// The terminal size at start (curses reports later changes as resizes).
    public var initialSize: Size
    public var initialStatus: ConnectionStatus
    public var initialQuery: ListQuery
    /// The path shown at the top, e.g. ["Demo site", "Issues"].
    public var breadcrumbs: [String]
    /// True when no parent handles outcomes: back and quit end the program.
    public var isStandalone: Bool
    /// The time source for the engine and its retry timers.
    public let clock: any PaginationClock

    public init(
        spec: ListScreenSpec<Row>, size: Size, status: ConnectionStatus, query: ListQuery = ListQuery(),
        breadcrumbs: [String]? = nil, isStandalone: Bool = true, keyMap: KeyMap = .screens,
        theme: Theme = Theme.standard.withListComponents(), clock: any PaginationClock = SystemPaginationClock()
    ) {
        self.spec = spec
        self.initialSize = size
        self.initialStatus = status
        self.initialQuery = query
        self.breadcrumbs = breadcrumbs ?? [spec.title]
        self.isStandalone = isStandalone
        self.keyMap = Self.keyMap(keyMap, for: spec)
        self.theme = theme
        self.clock = clock
    }

    /// `keyMap` without the list keys this list has no use for (gallery keys, and sort, filter
    /// or new when the list offers none), so the help line and `?` show only what works.
    static func keyMap(_ keyMap: KeyMap, for spec: ListScreenSpec<Row>) -> KeyMap {
        var hidden: [CommandName] = [.upload]
        if !spec.canDelete { hidden.append(.delete) }
        if spec.sortOptions.count < 2 { hidden.append(.sort) }
        if !spec.filtersByCreator { hidden.append(.filterMine) }
        if !spec.canCreate { hidden.append(.new) }
        var map = keyMap
        for command in hidden where map.binding(command, in: .list) != nil {
            try? map.rebind(command, in: .list, to: [])
        }
        return map
    }

    /// The model but its engine: the runtime holds it across an update that stores a page without
    /// the page dictionary being copied for it.
    public func snapshot(of model: Model) -> Model.Snapshot { model.snapshot }

    public func initialize() -> (Model, [Effect<Message>]) {
        var model = Model(spec: spec, size: initialSize, status: initialStatus, query: initialQuery, breadcrumbs: breadcrumbs)
        let effects = start(&model)
        return (model, effects)
    }

    /// Sends the viewport and the first load to a fresh engine.
    func start(_ model: inout Model) -> [Effect<Message>] {
        reportViewport(&model) + apply(.intent(.load), to: &model)
    }

    public func message(for event: InputEvent, model: Model) -> Message? {
        switch event {
        case .resize(let size):
            return .resized(size)
        case .paste(let text):
            return model.search.editor != nil ? .paste(text) : nil
        case .mouse(let mouse):
            switch mouse.action {
            case .press(.left): return .clicked(y: mouse.position.y)
            case .wheelDown: return .command(.cursorDown)
            case .wheelUp: return .command(.cursorUp)
            default: return nil
            }
        case .key(let key):
            if key == KeyMap.alwaysQuitKey { return .command(.forceQuit) }
            if model.search.editor != nil { return .searchKey(key) }
            if model.showsHelp { return .command(.help) }
            return keyMap.command(for: key, in: model.keyContexts).map(Message.command)
        }
    }
}

extension ListScreen {
    /// What the list asks its parent to do.
    public enum Outcome: Equatable, Sendable {
        /// Open the row at `index` (Enter on a loaded row); the row is `engine.row(at: index)`.
        case open(index: Int)
        /// Start a new row (`n`).
        case create
        /// Delete the row at `index` (`d`, then `d` again on the same row to confirm).
        case delete(index: Int)
        /// Leave the list (Esc).
        case back
        /// Quit the program (`q`).
        case quit
        /// Show the sync view (`s`).
        case openSync
    }

    public enum Message: Sendable {
        case command(CommandName)
        /// A key while the search prompt is open.
        case searchKey(KeyEvent)
        case paste(String)
        case resized(Size)
        case clicked(y: Int)
        /// A message for the engine; dropped when `epoch` is not the model's (the query changed).
        case engine(epoch: Int, PaginationMessage<Row>)
        /// The connection changed (online, pending count).
        case status(ConnectionStatus)
        /// A short message for the status line.
        case notice(String)
    }
}
