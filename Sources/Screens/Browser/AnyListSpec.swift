import TermUI

/// A list of any row type that the browser opens as a child screen, its row type hidden: how
/// the program brings in lists Screens does not know (the Bookmarks example's folder list).
public struct AnyListSpec: Sendable {
    let push: @Sendable (_ browser: PortalBrowser, _ breadcrumbs: [String], _ model: inout PortalBrowser.Model) -> [Effect<PortalBrowser.Message>]

    public init<Row: Sendable>(_ spec: ListScreenSpec<Row>) {
        push = { browser, breadcrumbs, model in browser.pushList(spec, breadcrumbs: breadcrumbs, on: &model) }
    }
}
