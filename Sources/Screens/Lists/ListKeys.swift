import TermUI

extension KeyContext {
    /// A list with search results: `n`/`N` move between matches, Esc clears the search.
    public static let listSearch: KeyContext = "list.search"
    /// The portal browser's menus (sites, a site's record sets and folders).
    public static let browser: KeyContext = "browser"
    /// The sync view: the pending queue and its conflicts.
    public static let syncView: KeyContext = "sync"
}

extension CommandName {
    public static let nextMatch: CommandName = "next-match"
    public static let previousMatch: CommandName = "previous-match"
    public static let clearSearch: CommandName = "clear-search"
    public static let sort: CommandName = "sort"
    public static let filterMine: CommandName = "filter-mine"
    public static let openSync: CommandName = "open-sync"
    public static let openSettings: CommandName = "open-settings"
    public static let syncNow: CommandName = "sync-now"
    public static let keepMine: CommandName = "keep-mine"
    public static let takePortal: CommandName = "take-portal"
    public static let decideLater: CommandName = "decide-later"
}

extension KeyMap {
    /// The default keys plus those of the list screens, the browser and the sync view.
    public static let screens: KeyMap = {
        let navigation = "Navigation"
        let actions = "Actions"
        let search = "Search"
        let general = "General"
        let sync = "Sync"
        return KeyMap(bindings: KeyMap.defaults.bindings + [
            KeyBinding(.sort, in: .list, keys: [.character("o")], help: "sort", category: actions, helpPriority: 9),
            KeyBinding(.filterMine, in: .list, keys: [.character("m")], help: "mine/all", category: actions, helpPriority: 10),
            KeyBinding(.openSync, in: .list, keys: [.character("s")], help: "sync view", category: actions, helpPriority: 11),
            KeyBinding(.nextMatch, in: .listSearch, keys: [.character("n")], help: "next match", category: search, helpPriority: 1),
            KeyBinding(.previousMatch, in: .listSearch, keys: [.character("N")], help: "previous match", category: search, helpPriority: 2),
            KeyBinding(.clearSearch, in: .listSearch, keys: [.escape], help: "clear search", category: search, helpPriority: 3),
            KeyBinding(.cursorDown, in: .browser, keys: [.down], help: "down", category: navigation),
            KeyBinding(.cursorUp, in: .browser, keys: [.up], help: "up", category: navigation),
            KeyBinding(.pageDown, in: .browser, keys: [.pageDown], help: "page down", category: navigation),
            KeyBinding(.pageUp, in: .browser, keys: [.pageUp], help: "page up", category: navigation),
            KeyBinding(.first, in: .browser, keys: [.home], help: "first", category: navigation),
            KeyBinding(.last, in: .browser, keys: [.end], help: "last", category: navigation),
            KeyBinding(.open, in: .browser, keys: [.enter, .right], help: "open", category: actions, helpPriority: 1),
            KeyBinding(.back, in: .browser, keys: [.escape, .left], help: "back", category: navigation, helpPriority: 2),
            KeyBinding(.refresh, in: .browser, keys: [.character("r"), .function(5), .ctrl("r")], help: "refresh", category: actions, helpPriority: 4),
            KeyBinding(.openSync, in: .browser, keys: [.character("s")], help: "sync view", category: actions, helpPriority: 3),
            KeyBinding(.openSettings, in: .browser, keys: [.character(",")], help: "settings", category: actions, helpPriority: 6),
            KeyBinding(.help, in: .browser, keys: [.character("?")], help: "help", category: general, helpPriority: 0),
            KeyBinding(.quit, in: .browser, keys: [.character("q")], help: "quit", category: general, helpPriority: 5),
            KeyBinding(.cursorDown, in: .syncView, keys: [.down], help: "down", category: navigation),
            KeyBinding(.cursorUp, in: .syncView, keys: [.up], help: "up", category: navigation),
            KeyBinding(.syncNow, in: .syncView, keys: [.character("s"), .ctrl("s")], help: "sync now", category: sync, helpPriority: 1),
            KeyBinding(.keepMine, in: .syncView, keys: [.character("k")], help: "keep mine", category: sync, helpPriority: 2),
            KeyBinding(.takePortal, in: .syncView, keys: [.character("t")], help: "take portal's", category: sync, helpPriority: 3),
            KeyBinding(.decideLater, in: .syncView, keys: [.character("l")], help: "later", category: sync, helpPriority: 4),
            KeyBinding(.refresh, in: .syncView, keys: [.character("r"), .function(5), .ctrl("r")], help: "reload", category: sync, helpPriority: 6),
            KeyBinding(.back, in: .syncView, keys: [.escape], help: "back", category: navigation, helpPriority: 5),
            KeyBinding(.help, in: .syncView, keys: [.character("?")], help: "help", category: general, helpPriority: 0),
            KeyBinding(.quit, in: .syncView, keys: [.character("q")], help: "quit", category: general, helpPriority: 7),
        ])
    }()
}

extension Theme {
    /// The theme with the list screens' extra components (search matches, markers, error rows).
    public func withListComponents(monochrome: Bool = false) -> Theme {
        var theme = self
        theme.set(Style(attributes: .underline), for: Theme.Component.listRowMatch)
        theme.set(monochrome ? Style(attributes: .bold) : Style(foreground: .red, attributes: .bold), for: Theme.Component.listRowError)
        theme.set(monochrome ? Style(attributes: .dim) : Style(foreground: .brightBlack), for: Theme.Component.listRowPlaceholder)
        theme.set(monochrome ? Style(attributes: .bold) : Style(foreground: .red, attributes: .bold), for: Theme.Component.listRowConflict)
        theme.set(monochrome ? Style(attributes: .bold) : Style(foreground: .yellow, attributes: .bold), for: Theme.Component.listIndicator)
        return theme
    }
}
