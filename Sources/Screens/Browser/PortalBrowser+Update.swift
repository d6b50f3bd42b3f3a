import DDM
import Screenlets
import TermUI

extension PortalBrowser {
    public func update(_ model: inout Model, _ message: Message) -> [Effect<Message>] {
        switch message {
        case .resized(let size):
            model.size = size
            return resizeChildren(size, on: &model)
        case .command(let command):
            return perform(command, on: &model)
        case .clicked(let y):
            guard case .menu(var menu)? = model.stack.last else { return [] }
            let body = BrowserLayout(size: model.size).body
            let index = menu.scroll.firstRow + (y - body.y)
            guard y >= body.y, y < body.maxY, menu.items.indices.contains(index), menu.items[index].isSelectable else { return [] }
            if index == menu.cursor { return perform(.open, on: &model) }
            menu.move(to: index, direction: 1)
            model.stack[model.stack.count - 1] = .menu(menu)
        case .sitesLoaded(let result):
            var offline = false
            updateMenu(at: 0, on: &model) { menu in
                switch result {
                case .success(let list):
                    menu.show(BrowserMenu.items(forSites: list.sites, settings: services.settings != nil, locale: menu.locale), cachedAt: list.cachedAt)
                case .failure(let error): offline = fail(&menu, error)
                }
            }
            if offline { model.status.online = false }
        case .contentsLoaded(let groupId, let result):
            guard let index = model.stack.lastIndex(where: { if case .menu(let m) = $0 { return m.site?.groupId == groupId }; return false })
            else { return [] }
            var offline = false
            updateMenu(at: index, on: &model) { menu in
                switch result {
                case .success(let contents): menu.show(BrowserMenu.items(for: contents, locale: menu.locale), cachedAt: contents.cachedAt)
                case .failure(let error): offline = fail(&menu, error)
                }
            }
            if offline { model.status.online = false }
        case .recordListReady(let set, let result):
            model.message = ""
            switch result {
            case .success(let spec):
                let crumbs = model.crumbs + [set.name]
                return pushList(spec, breadcrumbs: crumbs, on: &model)
            case .failure(let error as SiteContentsError):
                model.message = "\(set.name): \(error)"
            case .failure(let error):
                model.message = UIText.text(.cannotOpen, model.status.locale, set.name, ListScreenText.describe(error))
            }
        case .objectListReady(let object, let result):
            model.message = ""
            switch result {
            case .success(let spec):
                return pushList(spec, breadcrumbs: model.crumbs + [object.title], on: &model)
            case .failure(let error as SiteContentsError):
                model.message = "\(object.title): \(error)"
            case .failure(let error):
                model.message = UIText.text(.cannotOpen, model.status.locale, object.title, ListScreenText.describe(error))
            }
        case .entryDeleted(let entryId, let result):
            switch result {
            case .success(let queued):
                guard case .child? = model.stack.last else { return [] }
                if queued {
                    _ = tellTop(.notice(UIText.text(.entryDeleteQueued, model.status.locale, String(entryId))), on: &model)
                    return [countPending()]
                }
                let effects = tellTop(.reload, on: &model)
                _ = tellTop(.notice(UIText.text(.entryDeleted, model.status.locale, String(entryId))), on: &model)
                return effects + [countPending()]
            case .failure(let error):
                _ = tellTop(.notice(UIText.text(.cannotDeleteEntry, model.status.locale, String(entryId), ListScreenText.describe(error))), on: &model)
            }
        case .child(let id, let message):
            return forward(message, to: id, on: &model)
        case .formReady(let crumb, let result):
            switch result {
            case .success(let form):
                _ = tellTop(.notice(""), on: &model)
                model.message = ""
                return push(form, crumb: crumb, on: &model)
            case .failure(let error):
                let what = UIText.text(crumb == UIText.text(.settings, model.status.locale) ? .theSettings : .theForm, model.status.locale)
                let text = UIText.text(.cannotOpen, model.status.locale, what, ListScreenText.describe(error))
                if case .menu? = model.stack.last { model.message = text } else { _ = tellTop(.notice(text), on: &model) }
            }
        case .galleryReady(let crumb, let result):
            switch result {
            case .success(let gallery):
                model.message = ""
                return push(gallery, crumb: crumb, on: &model)
            case .failure(let error): model.message = UIText.text(.cannotOpen, model.status.locale, UIText.text(.theGallery, model.status.locale), ListScreenText.describe(error))
            }
        case .pendingCount(let count):
            model.status.pendingWrites = count
            broadcastStatus(on: &model)
        case .themeChanged(let theme):
            model.theme = theme
        case .autoSynced(let report):
            return autoSynced(report, on: &model)
        case .connectivityChanged(let online):
            return connectivityChanged(online: online, on: &model)
        }
        return []
    }

    /// Shows the error in the menu; true when it says the portal cannot be reached.
    private func fail(_ menu: inout BrowserMenu, _ error: any Error) -> Bool {
        menu.isLoading = false
        menu.error = UIText.text(.couldNotLoad, menu.locale, ListScreenText.describe(error))
        return error is SiteContentsError || String(describing: error).contains("network")
    }

    private func updateMenu(at index: Int, on model: inout Model, _ change: (inout BrowserMenu) -> Void) {
        guard model.stack.indices.contains(index), case .menu(var menu) = model.stack[index] else { return }
        change(&menu)
        model.stack[index] = .menu(menu)
    }

    /// A command on a browser menu.
    private func perform(_ command: CommandName, on model: inout Model) -> [Effect<Message>] {
        guard case .menu(var menu)? = model.stack.last else {
            return command == .forceQuit ? [.quit] : []
        }
        let index = model.stack.count - 1
        let page = max(1, menu.scroll.height - 1)
        var effects: [Effect<Message>] = []
        switch command {
        case .cursorDown: menu.move(to: menu.cursor + 1, direction: 1)
        case .cursorUp: menu.move(to: menu.cursor - 1, direction: -1)
        case .pageDown: menu.move(to: menu.cursor + page, direction: 1)
        case .pageUp: menu.move(to: menu.cursor - page, direction: -1)
        case .first: menu.move(to: 0, direction: 1)
        case .last: menu.move(to: menu.items.count - 1, direction: -1)
        case .help: model.showsHelp.toggle()
        case .quit, .forceQuit: return [.quit]
        case .back:
            model.message = ""
            return pop(&model)
        case .refresh:
            menu.isLoading = true
            menu.error = nil
            effects += [reload(menu), countPending()]
        case .openSync:
            model.stack[index] = .menu(menu)
            return pushSync(on: &model)
        case .openSettings:
            model.stack[index] = .menu(menu)
            return requestSettings(on: &model)
        case .open:
            model.stack[index] = .menu(menu)
            return open(menu.selected, on: &model)
        default: break
        }
        model.stack[index] = .menu(menu)
        return effects
    }

    private func reload(_ menu: BrowserMenu) -> Effect<Message> {
        let services = self.services
        if let site = menu.site {
            return .task { .contentsLoaded(groupId: site.groupId, await Result(catching: { try await services.contents(site) })) }
        }
        return .task { .sitesLoaded(await Result(catching: { try await services.sites() })) }
    }

    /// Enter on a menu item.
    private func open(_ item: BrowserMenu.Item?, on model: inout Model) -> [Effect<Message>] {
        model.message = ""
        switch item {
        case .site(let site)?:
            var menu = BrowserMenu(crumb: BrowserMenu.siteName(site, model.status.locale), site: site, locale: model.status.locale)
            menu.scroll.height = BrowserLayout(size: model.size).body.height
            model.stack.append(.menu(menu))
            return [reload(menu)]
        case .recordSet(let set)?:
            model.message = UIText.text(.opening, model.status.locale, set.name)
            let services = self.services
            let site = model.currentSite
            return [.task { .recordListReady(set, await Result(catching: { try await services.recordList(site, set) })) }]
        case .objectSet(let object)?:
            guard let objectList = services.objectList else {
                model.message = UIText.text(.noEntryList, model.status.locale, object.title)
                return []
            }
            model.message = UIText.text(.opening, model.status.locale, object.title)
            let site = model.currentSite
            return [.task { .objectListReady(object, await Result(catching: { try await objectList(site, object) })) }]
        case .bookmarkFolder(let folder)?:
            guard let site = model.currentSite else { return [] }
            let spec = services.bookmarksList(site, folder)
            return spec.push(self, model.crumbs + [folder.name], &model)
        case .imageFolder(let folder)?:
            guard let openGallery = services.openGallery, let site = model.currentSite else {
                model.message = UIText.text(.noGalleryScreen, model.status.locale, String(folder.folderId))
                return []
            }
            model.message = UIText.text(.opening, model.status.locale, folder.name)
            let request = GalleryRequest(site: site, folder: folder, size: model.size, status: model.status)
            return [.task { .galleryReady(crumb: folder.name, await Result(catching: { try await openGallery(request) })) }]
        case .settings?:
            return requestSettings(on: &model)
        default:
            return []
        }
    }

    /// Leaves the top screen; the one below comes back as it was. Leaving the last one quits.
    func pop(_ model: inout Model) -> [Effect<Message>] {
        guard model.stack.count > 1 else { return [.quit] }
        model.stack.removeLast()
        return [countPending()]
    }

    /// Opens the list of `spec` on top.
    func pushList<Row: Sendable>(_ spec: ListScreenSpec<Row>, breadcrumbs: [String], query: ListQuery = ListQuery(), on model: inout Model)
        -> [Effect<Message>]
    {
        let program = ListScreen(
            spec: spec, size: model.size, status: model.status, query: query, breadcrumbs: breadcrumbs, isStandalone: false,
            keyMap: keyMap, theme: model.theme)
        return push(program, crumb: breadcrumbs.last ?? "", on: &model)
    }

    func pushSync(on model: inout Model) -> [Effect<Message>] {
        guard let services = services.sync else {
            model.message = UIText.text(.noSyncHere, model.status.locale)
            return []
        }
        let crumb = UIText.text(.sync, model.status.locale)
        let program = SyncView(
            services: services, size: model.size, status: model.status, breadcrumbs: model.crumbs + [crumb],
            isStandalone: false, keyMap: keyMap, theme: model.theme)
        return push(program, crumb: crumb, on: &model)
    }

    /// Starts `program` on top of the stack, under breadcrumb `crumb`.
    func push<Child: ChildScreen>(_ program: Child, crumb: String, on model: inout Model) -> [Effect<Message>] {
        let id = model.nextId
        model.nextId += 1
        let (child, effects) = AnyChildScreen.start(program, id: id, crumb: crumb)
        model.stack.append(.child(child))
        return effects.forwarded { Message.child(id: id, $0) }
    }

    /// Runs a child's message and acts on its outcomes.
    private func forward(_ message: ChildMessage, to id: Int, on model: inout Model) -> [Effect<Message>] {
        guard let index = model.stack.firstIndex(where: { if case .child(let c) = $0 { return c.id == id }; return false }),
            let (effects, outcomes) = model.stack[index].withChild({ $0.update(message) }),
            case .child(let child) = model.stack[index]
        else { return [] }
        child.shareStatus(into: &model.status)
        var result = effects.forwarded { Message.child(id: id, $0) }
        for outcome in outcomes { result += handle(outcome, of: child, on: &model) }
        return result
    }

    /// What the browser does with a child's outcome.
    private func handle(_ outcome: ChildOutcome, of child: AnyChildScreen, on model: inout Model) -> [Effect<Message>] {
        switch outcome {
        case .back(let reloadBelow): return close(child, reloadBelow: reloadBelow, on: &model)
        case .quit: return [.quit]
        case .open(.sync): return pushSync(on: &model)
        case .open(.form(let recordSetId, let recordId, let objectDefinitionId)):
            let crumb = recordId.map { UIText.text(.crumbRecord, model.status.locale, String($0)) }
                ?? UIText.text(.crumbNewRecord, model.status.locale)
            return requestForm(recordSetId: recordSetId, recordId: recordId, objectDefinitionId: objectDefinitionId, crumb: crumb, on: &model)
        case .deleteEntry(let definitionId, let entryId):
            guard let deleteEntry = services.deleteEntry else { return [] }
            let groupId = model.currentSite?.groupId
            return [.task {
                .entryDeleted(entryId: entryId, await Result(catching: { try await deleteEntry(definitionId, entryId, groupId) }))
            }]
        case .saved:
            // The settings were saved: the browser and every screen opened from now on take the new look.
            guard let settings = services.settings else { return [] }
            return [.task { .themeChanged(await settings.theme()) }]
        }
    }

    /// Takes `child` off the stack (it closes); the screen below comes back as it was, or
    /// reloads (`reloadBelow`). Leaving the last screen quits.
    private func close(_ child: AnyChildScreen, reloadBelow: Bool, on model: inout Model) -> [Effect<Message>] {
        let id = child.id
        let leave = child.leave().map { [$0.forwarded { Message.child(id: id, $0) }] } ?? []
        guard model.stack.count > 1 else { return leave + [.quit] }
        guard let index = model.stack.firstIndex(where: { if case .child(let c) = $0 { return c.id == id }; return false })
        else { return [] }
        model.stack.remove(at: index)
        var effects = leave + [countPending()]
        if reloadBelow, index == model.stack.count { effects += tellTop(.reload, on: &model) }
        return effects
    }

    /// Asks the program for the form of a record of the list on top (or a new one).
    private func requestForm(recordSetId: Int64?, recordId: Int64?, objectDefinitionId: Int64?, crumb: String, on model: inout Model)
        -> [Effect<Message>]
    {
        guard let openForm = services.openForm else {
            _ = tellTop(.notice(UIText.text(.noFormScreen, model.status.locale, crumb)), on: &model)
            return []
        }
        guard let recordSetId else { return [] }
        _ = tellTop(.notice(UIText.text(.opening, model.status.locale, crumb)), on: &model)
        let request = FormRequest(
            recordSetId: recordSetId, recordId: recordId, size: model.size, status: model.status,
            objectDefinitionId: objectDefinitionId, groupId: model.currentSite?.groupId)
        return [.task { .formReady(crumb: crumb, await Result(catching: { try await openForm(request) })) }]
    }

    /// Automatic sync sent something: the status line says how many writes still wait (and that
    /// the portal answers), the message says what was sent, the record list on top reloads, so
    /// synced rows lose their markers, and an open sync view reloads its queue (a conflict
    /// resolved with k is sent by the next automatic run, and leaves the view by itself).
    private func autoSynced(_ report: SyncRunSummary, on model: inout Model) -> [Effect<Message>] {
        model.status.pendingWrites = report.pending
        if report.isWorthTelling {
            if report.synced > 0 { model.status.online = true }
            model.message = report.automaticSummary(model.status.locale)
        }
        let effects = tellChildren(.autoSynced(report), on: &model)
        broadcastStatus(on: &model)
        return effects
    }

    /// The portal stopped or started answering: every screen's status line says so at once (an
    /// open form's too). Back online, menus that could not load or came from the cache reload
    /// (their cursors stay on the same item), and so does the list on top (its rows stay while
    /// the portal's arrive). A page that answered between the run's "offline" and its "online" may
    /// have turned the status line online already: the run's "online" still counts as the return.
    private func connectivityChanged(online: Bool, on model: inout Model) -> [Effect<Message>] {
        let signalledBefore = model.connectivitySignal ?? model.status.online
        model.connectivitySignal = online
        guard signalledBefore != online || model.status.online != online else { return [] }
        model.status.online = online
        var effects: [Effect<Message>] = []
        for case .menu(let menu) in model.stack where online && (menu.error != nil || menu.cachedAt != nil) {
            effects.append(reload(menu))
        }
        effects += tellChildren(.connectivity(online: online, pendingWrites: model.status.pendingWrites), on: &model)
        broadcastStatus(on: &model)
        return effects
    }

    /// Asks the program for the settings screen.
    private func requestSettings(on model: inout Model) -> [Effect<Message>] {
        guard let settings = services.settings else {
            model.message = UIText.text(.noSettingsHere, model.status.locale)
            return []
        }
        model.message = UIText.text(.opening, model.status.locale, UIText.text(.theSettings, model.status.locale))
        let request = FormRequest.Screen(size: model.size, status: model.status)
        let crumb = UIText.text(.settings, model.status.locale)
        return [.task { .formReady(crumb: crumb, await Result(catching: { try await settings.open(request) })) }]
    }

    /// Tells the screen on top `event`, when it is a child.
    func tellTop(_ event: ParentEvent, on model: inout Model) -> [Effect<Message>] {
        guard let top = model.stack.indices.last,
            let (id, effects) = model.stack[top].withChild({ ($0.id, $0.receive(event, isTop: true)) })
        else { return [] }
        return effects.forwarded { Message.child(id: id, $0) }
    }

    /// Tells every child on the stack `event`, bottom to top.
    private func tellChildren(_ event: ParentEvent, on model: inout Model) -> [Effect<Message>] {
        var effects: [Effect<Message>] = []
        for index in model.stack.indices {
            let isTop = index == model.stack.count - 1
            guard let (id, received) = model.stack[index].withChild({ ($0.id, $0.receive(event, isTop: isTop)) }) else { continue }
            effects += received.forwarded { Message.child(id: id, $0) }
        }
        return effects
    }

    /// Tells every child the connection state.
    private func broadcastStatus(on model: inout Model) {
        _ = tellChildren(.status(model.status), on: &model)
    }

    private func resizeChildren(_ size: Size, on model: inout Model) -> [Effect<Message>] {
        for index in model.stack.indices {
            guard case .menu(var menu) = model.stack[index] else { continue }
            menu.scroll.height = BrowserLayout(size: size).body.height
            menu.move(to: menu.cursor, direction: 1)
            model.stack[index] = .menu(menu)
        }
        return tellChildren(.resized(size), on: &model)
    }
}
