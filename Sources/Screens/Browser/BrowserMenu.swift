import DDM
import Foundation
import Screenlets
import TermUI

/// A menu of the browser: the user's sites, or one site's record sets and folders. Headings are
/// not selectable; the cursor and scroll position stay in the menu while a list is open on top,
/// so going back returns to the same row.
public struct BrowserMenu: Equatable, Sendable {
    public enum Item: Hashable, Sendable {
        case heading(String)
        case site(SiteSummary)
        case recordSet(RecordSetSummary)
        /// A Liferay Objects definition: its entries open in the record list.
        case objectSet(ObjectSetSummary)
        case imageFolder(FolderSummary)
        case bookmarkFolder(FolderSummary)
        /// Termlets' own settings (language, theme, offline policy).
        case settings
        /// A line of text (e.g. "none").
        case note(String)

        var isSelectable: Bool {
            switch self {
            case .heading, .note: return false
            default: return true
            }
        }
    }

    /// This menu's breadcrumb.
    public let crumb: String
    /// The site whose contents this is (nil for the site list).
    public let site: SiteSummary?
    public internal(set) var items: [Item] = []
    public internal(set) var cursor = 0
    var scroll = TermUI.ScrollWindow(height: 0)
    public internal(set) var isLoading = true
    public internal(set) var error: String?
    /// When the items shown were stored, if they come from the cache because the portal could
    /// not be reached (drawn as a note above them).
    public internal(set) var cachedAt: Date?
    /// The language of the menu's own words (headings, notes, counts).
    public let locale: PortalLocale

    init(crumb: String, site: SiteSummary?, locale: PortalLocale = .enUS) {
        self.crumb = crumb
        self.site = site
        self.locale = locale
    }

    /// The site list's items, then Termlets' own settings when there are any.
    static func items(forSites sites: [SiteSummary], settings: Bool = false, locale: PortalLocale = .enUS) -> [Item] {
        let items: [Item] = sites.isEmpty ? [.note(UIText.text(.noSites, locale))] : sites.map(Item.site)
        return settings ? items + [.heading("Termlets"), .settings] : items
    }

    /// A site's items, by kind.
    static func items(for contents: SiteContents, locale: PortalLocale = .enUS) -> [Item] {
        let none = Item.note(UIText.text(.noneNote, locale))
        var items: [Item] = [.heading(UIText.text(.recordSets, locale))]
        items += contents.recordSets.isEmpty ? [none] : contents.recordSets.map(Item.recordSet)
        if !contents.objects.isEmpty {
            items.append(.heading(UIText.text(.objects, locale)))
            items += contents.objects.map(Item.objectSet)
        }
        items.append(.heading(UIText.text(.imageFolders, locale)))
        items += contents.imageFolders.isEmpty ? [none] : contents.imageFolders.map(Item.imageFolder)
        items.append(.heading(UIText.text(.bookmarkFolders, locale)))
        items += contents.bookmarkFolders.isEmpty ? [none] : contents.bookmarkFolders.map(Item.bookmarkFolder)
        return items
    }

    /// Shows `items` (from the cache, stored at `cachedAt`, when the portal could not be
    /// reached); the cursor stays on the item it was on when that item is still there.
    mutating func show(_ items: [Item], cachedAt: Date? = nil) {
        let previous = selected
        let note: [Item] = cachedAt.map { [.note(UIText.text(.cachedMenu, locale, Self.time($0)))] } ?? []
        self.items = note + items
        self.cachedAt = cachedAt
        isLoading = false
        error = nil
        cursor = previous.flatMap { self.items.firstIndex(of: $0) } ?? self.items.firstIndex(where: \.isSelectable) ?? 0
        move(to: cursor, direction: 1)
    }

    /// `HH:mm` of `date` in the local time zone.
    private static func time(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm"
        return formatter.string(from: date)
    }

    /// Moves to the nearest selectable item from `index` in `direction` (or the other way).
    mutating func move(to index: Int, direction: Int) {
        guard !items.isEmpty else { return }
        var target = min(max(0, index), items.count - 1)
        while target >= 0, target < items.count, !items[target].isSelectable { target += direction }
        if target < 0 || target >= items.count {
            target = min(max(0, index), items.count - 1)
            while target >= 0, target < items.count, !items[target].isSelectable { target -= direction }
        }
        guard target >= 0, target < items.count else { return }
        cursor = target
        scroll.scrollToShow(cursor, rowCount: items.count, margin: 1)
    }

    var selected: Item? { items.indices.contains(cursor) && items[cursor].isSelectable ? items[cursor] : nil }

    /// The text of an item: name on the left, details on the right.
    static func texts(_ item: Item, _ locale: PortalLocale = .enUS) -> (String, String) {
        switch item {
        case .heading(let title): return (title, "")
        case .note(let text): return ("  " + text, "")
        case .site(let site): return (siteName(site, locale), UIText.text(.siteId, locale, String(site.groupId)))
        case .recordSet(let set) where !set.valuesReadable:
            return ("  " + set.name, "\(UIText.text(.valuesUnreadable, locale)) · \(set.recordSetId)")
        case .recordSet(let set):
            return ("  " + set.name, "\(UIText.plural(.recordCount, count: set.recordCount, locale)) · \(set.recordSetId)")
        case .objectSet(let object):
            let count = object.entryCount.map { UIText.plural(.entryCount, count: $0, locale) } ?? UIText.text(.unknownEntryCount, locale)
            let scope = UIText.text(object.isSiteScoped ? .scopeSite : .scopeCompany, locale)
            return ("  " + object.title, "\(count) · \(scope) · \(object.definitionId)")
        case .imageFolder(let folder):
            return ("  " + folder.name, "\(counted(folder.count, .imageCount, .images, locale)) · \(folder.folderId)")
        case .bookmarkFolder(let folder):
            return ("  " + folder.name, "\(counted(folder.count, .bookmarkCount, .bookmarks, locale)) · \(folder.folderId)")
        case .settings: return ("  " + UIText.text(.settings, locale), UIText.text(.settingsDetail, locale))
        }
    }

    /// A site's name, or "site N" when it has none.
    static func siteName(_ site: SiteSummary, _ locale: PortalLocale) -> String {
        site.name.isEmpty ? UIText.text(.siteId, locale, String(site.groupId)) : site.name
    }

    /// "120 images", "1 image", or the bare plural when the count is unknown.
    private static func counted(_ count: Int?, _ counted: UIText, _ bare: UIText, _ locale: PortalLocale) -> String {
        guard let count else { return UIText.text(bare, locale) }
        return UIText.plural(counted, count: count, locale)
    }

    func draw(in rect: Rect, on grid: inout Grid, theme: Theme) {
        guard rect.height > 0 else { return }
        if isLoading || error != nil || items.isEmpty {
            let text = error ?? UIText.text(isLoading ? .loading : .nothingHere, locale)
            let style = error != nil ? theme.style(for: Theme.Component.fieldError) : theme.style(for: Theme.Component.listRowPlaceholder)
            // A long error wraps (at most three lines, the last one cut) so that its end — what
            // key retries — stays on screen.
            let width = max(0, rect.width - 4)
            let wrapped = text.wrapped(toWidth: max(1, width))
            let lines = wrapped.prefix(min(3, rect.height))
            let top = rect.y + rect.height / 2 - (lines.count - 1) / 2
            for (offset, line) in lines.enumerated() {
                let cut = offset == lines.count - 1 && lines.count < wrapped.count
                grid.write(cut ? line + " …" : line, fitting: Rect(x: rect.x + 2, y: top + offset, width: width, height: 1),
                           style: style, alignment: .center)
            }
            return
        }
        var list = ListView(rowCount: items.count, cursor: cursor, scroll: scroll)
        let items = self.items
        list.draw(in: rect, on: &grid, theme: theme, margin: 1, cursorWidth: 1, style: { index, _ in
            switch items[index] {
            case .heading: return theme.style(for: Theme.Component.listHeader)
            case .note: return theme.style(for: Theme.Component.helpLabel)
            default: return nil
            }
        }, fill: { row in row.isCursor ? row.style : theme.base }) { row, grid in
            let line = row.line
            let (name, detail) = Self.texts(items[row.index], locale)
            let detailWidth = min(detail.displayWidth + 2, max(0, line.width / 2))
            grid.write(name, fitting: Rect(x: line.x + 2, y: line.y, width: max(0, line.width - 2 - detailWidth), height: 1),
                       style: row.style)
            if detailWidth > 0 {
                let detailStyle = row.isCursor ? row.style : theme.style(for: Theme.Component.helpLabel)
                grid.write(detail + " ", fitting: Rect(x: line.maxX - detailWidth, y: line.y, width: detailWidth, height: 1),
                           style: detailStyle, alignment: .right)
            }
        }
    }
}
