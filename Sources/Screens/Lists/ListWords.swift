import DDM

/// A list's own words in the screens' language: its noun (`record`/`records`) and its sort
/// orders. The built-in lists' words come from the catalog (``UIText``); a custom list's own are
/// shown as its spec gives them.
public enum ListWords {
    private static let builtIn: [String: (singular: UIText, plural: UIText)] = [
        "record": (.nounRecord, .nounRecords), "entry": (.nounEntry, .nounEntries),
        "bookmark": (.nounBookmark, .nounBookmarks), "row": (.nounRow, .nounRows),
    ]

    static func singular(_ noun: (singular: String, plural: String), _ locale: PortalLocale) -> String {
        builtIn[noun.singular].map { UIText.text($0.singular, locale) } ?? noun.singular
    }

    static func plural(_ noun: (singular: String, plural: String), _ locale: PortalLocale) -> String {
        builtIn[noun.singular].map { UIText.text($0.plural, locale) } ?? noun.plural
    }

    private static let columnTitles: [String: UIText] = [
        "Name": .columnName, "Site": .columnSite,
    ]

    /// A built-in list's column title (the Bookmarks example's `Name`, `Site`).
    public static func columnTitle(_ title: String, _ locale: PortalLocale) -> String {
        columnTitles[title].map { UIText.text($0, locale) } ?? title
    }

    private static let sortOrders: [String: UIText] = [
        "default order": .sortDefault, "modified ↓": .sortModified, "created ↓": .sortCreated,
    ]

    /// A sort option's title (`modified ↓`).
    static func sortTitle(_ title: String, _ locale: PortalLocale) -> String {
        sortOrders[title].map { UIText.text($0, locale) } ?? title
    }
}
