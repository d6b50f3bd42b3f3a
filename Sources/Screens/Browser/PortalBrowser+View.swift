import TermUI

extension PortalBrowser {
    public func view(_ model: Model, size: Size) -> Grid {
        switch model.stack.last {
        case .child(let child)?: return child.view(size: size)
        case .menu(let menu)?: return view(menu, model: model, size: size)
        case nil: return Grid(size: size)
        }
    }

    private func view(_ menu: BrowserMenu, model: Model, size: Size) -> Grid {
        var grid = Grid(size: size)
        let layout = BrowserLayout(size: size)
        Breadcrumbs.draw(model.crumbs, in: layout.title, on: &grid, theme: model.theme)
        menu.draw(in: layout.body, on: &grid, theme: model.theme)
        StatusLine.draw(model.status, message: model.message, into: &grid, rect: layout.status, theme: model.theme)
        let contexts: [KeyContext] = [.browser, .global]
        let keys = shownKeyMap.translated(to: model.status.locale)
        grid.drawHelpLine(keys.helpLine(for: contexts, width: layout.help.width), in: layout.help, theme: model.theme)
        if model.showsHelp {
            grid.drawHelpOverlay(keys.helpSections(for: contexts), in: layout.body, theme: model.theme, title: UIText.text(.keysBrowser, model.status.locale))
        }
        return grid
    }

    /// The keys the help line and overlay describe: without the settings key when there are none.
    var shownKeyMap: KeyMap {
        guard services.settings == nil else { return keyMap }
        return KeyMap(bindings: keyMap.bindings.filter { $0.command != .openSettings })
    }
}
