import BookmarksExample
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
                return pushRecords(spec, breadcrumbs: crumbs, query: ListQuery(), on: &model)
            case .failure(let error as SiteContentsError):
                model.message = "\(set.name): \(error)"
            case .failure(let error):
                model.message = UIText.text(.cannotOpen, model.status.locale, set.name, ListScreenText.describe(error))
            }
        case .objectListReady(let object, let result):
            model.message = ""
            switch result {
            case .success(let spec):
                return pushRecords(spec, breadcrumbs: model.crumbs + [object.title], query: ListQuery(), on: &model)
            case .failure(let error as SiteContentsError):
                model.message = "\(object.title): \(error)"
            case .failure(let error):
                model.message = UIText.text(.cannotOpen, model.status.locale, object.title, ListScreenText.describe(error))
            }
        case .entryDeleted(let entryId, let result):
            switch result {
            case .success(let queued):
                guard case .records(var list)? = model.stack.last else { return [] }
                if queued {
                    setTopListMessage(UIText.text(.entryDeleteQueued, model.status.locale, String(entryId)), on: &model)
                    return [countPending()]
                }
                let listId = list.id
                let effects = list.program.update(&list.model, .command(.refresh)).forwarded { Message.records(id: listId, $0) }
                model.stack[model.stack.count - 1] = .records(list)
                setTopListMessage(UIText.text(.entryDeleted, model.status.locale, String(entryId)), on: &model)
                return effects + [countPending()]
            case .failure(let error):
                setTopListMessage(UIText.text(.cannotDeleteEntry, model.status.locale, String(entryId), ListScreenText.describe(error)), on: &model)
            }
        case .records(let id, let child):
            return forward(child, to: id, on: &model)
        case .bookmarks(let id, let child):
            return forwardBookmarks(child, to: id, on: &model)
        case .sync(let id, let child):
            return forwardSync(child, to: id, on: &model)
        case .formReady(let crumb, let result):
            switch result {
            case .success(let form): return pushForm(form, crumb: crumb, on: &model)
            case .failure(let error):
                let what = UIText.text(crumb == UIText.text(.settings, model.status.locale) ? .theSettings : .theForm, model.status.locale)
                let text = UIText.text(.cannotOpen, model.status.locale, what, ListScreenText.describe(error))
                if case .menu? = model.stack.last { model.message = text } else { setTopListMessage(text, on: &model) }
            }
        case .form(let id, let child):
            return forwardForm(child, to: id, on: &model)
        case .galleryReady(let crumb, let result):
            switch result {
            case .success(let gallery): return pushGallery(gallery, crumb: crumb, on: &model)
            case .failure(let error): model.message = UIText.text(.cannotOpen, model.status.locale, UIText.text(.theGallery, model.status.locale), ListScreenText.describe(error))
            }
        case .gallery(let id, let child):
            return forwardGallery(child, to: id, on: &model)
        case .pendingCount(let count):
            model.status.pendingWrites = count
            return broadcastStatus(on: &model)
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
            return pushBookmarks(spec, breadcrumbs: model.crumbs + [folder.name], on: &model)
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

    func pushRecords(_ spec: ListScreenSpec<DDLListRow>, breadcrumbs: [String], query: ListQuery, on model: inout Model)
        -> [Effect<Message>]
    {
        let id = model.nextId
        model.nextId += 1
        let program = ListScreen(
            spec: spec, size: model.size, status: model.status, query: query, breadcrumbs: breadcrumbs, isStandalone: false,
            keyMap: keyMap, theme: model.theme)
        let (child, effects) = program.initialize()
        model.stack.append(.records(Embedded(id: id, program: program, model: child)))
        return effects.forwarded { Message.records(id: id, $0) }
    }

    func pushBookmarks(_ spec: ListScreenSpec<Bookmark>, breadcrumbs: [String], on model: inout Model) -> [Effect<Message>] {
        let id = model.nextId
        model.nextId += 1
        let program = ListScreen(
            spec: spec, size: model.size, status: model.status, breadcrumbs: breadcrumbs, isStandalone: false,
            keyMap: keyMap, theme: model.theme)
        let (child, effects) = program.initialize()
        model.stack.append(.bookmarks(Embedded(id: id, program: program, model: child)))
        return effects.forwarded { Message.bookmarks(id: id, $0) }
    }

    func pushSync(on model: inout Model) -> [Effect<Message>] {
        guard let services = services.sync else {
            model.message = UIText.text(.noSyncHere, model.status.locale)
            return []
        }
        let id = model.nextId
        model.nextId += 1
        let program = SyncView(
            services: services, size: model.size, status: model.status, breadcrumbs: model.crumbs + [UIText.text(.sync, model.status.locale)],
            isStandalone: false, keyMap: keyMap, theme: model.theme)
        let (child, effects) = program.initialize()
        model.stack.append(.sync(Embedded(id: id, program: program, model: child)))
        return effects.forwarded { Message.sync(id: id, $0) }
    }

    /// Runs a record list's message and acts on its outcome.
    private func forward(_ message: ListScreen<DDLListRow>.Message, to id: Int, on model: inout Model) -> [Effect<Message>] {
        guard let index = model.stack.firstIndex(where: { if case .records(let l) = $0 { return l.id == id }; return false }),
            case .records(var list) = model.stack[index]
        else { return [] }
        let effects = list.program.update(&list.model, message).forwarded { Message.records(id: id, $0) }
        let outcome = list.model.outcome
        list.model.clearOutcome()
        model.status.online = list.model.status.online
        model.stack[index] = .records(list)
        return effects + handle(outcome, row: outcome.flatMap { Self.row($0, in: list.model) }, on: &model)
    }

    private static func row(_ outcome: ListScreen<DDLListRow>.Outcome, in model: ListScreen<DDLListRow>.Model) -> DDLListRow? {
        switch outcome {
        case .open(let index), .delete(let index): return model.engine.row(at: index).row
        default: return nil
        }
    }

    private func forwardBookmarks(_ message: ListScreen<Bookmark>.Message, to id: Int, on model: inout Model) -> [Effect<Message>] {
        guard let index = model.stack.firstIndex(where: { if case .bookmarks(let l) = $0 { return l.id == id }; return false }),
            case .bookmarks(var list) = model.stack[index]
        else { return [] }
        let effects = list.program.update(&list.model, message).forwarded { Message.bookmarks(id: id, $0) }
        let outcome = list.model.outcome
        list.model.clearOutcome()
        model.status.online = list.model.status.online
        if case .open(let row)? = outcome, let bookmark = list.model.engine.row(at: row).row {
            list.model.message = bookmark.url
        }
        model.stack[index] = .bookmarks(list)
        switch outcome {
        case .back?: return effects + pop(&model)
        case .quit?: return effects + [.quit]
        case .openSync?: return effects + pushSync(on: &model)
        default: return effects
        }
    }

    private func forwardSync(_ message: SyncView.Message, to id: Int, on model: inout Model) -> [Effect<Message>] {
        guard let index = model.stack.firstIndex(where: { if case .sync(let s) = $0 { return s.id == id }; return false }),
            case .sync(var sync) = model.stack[index]
        else { return [] }
        let effects = sync.program.update(&sync.model, message).forwarded { Message.sync(id: id, $0) }
        let outcome = sync.model.outcome
        sync.model.clearOutcome()
        model.status.online = sync.model.status.online
        model.status.pendingWrites = sync.model.status.pendingWrites
        model.stack[index] = .sync(sync)
        switch outcome {
        case .back?: return effects + pop(&model)
        case .quit?: return effects + [.quit]
        case nil: return effects
        }
    }

    /// What the browser does with a record list's outcome.
    private func handle(_ outcome: ListScreen<DDLListRow>.Outcome?, row: DDLListRow?, on model: inout Model) -> [Effect<Message>] {
        switch outcome {
        case .back?: return pop(&model)
        case .quit?: return [.quit]
        case .openSync?: return pushSync(on: &model)
        case .open?:
            guard let recordId = row?.recordId else { return [] }
            return requestForm(recordId: recordId, crumb: UIText.text(.crumbRecord, model.status.locale, String(recordId)), on: &model)
        case .create?:
            return requestForm(recordId: nil, crumb: UIText.text(.crumbNewRecord, model.status.locale), on: &model)
        case .delete?:
            guard let entryId = row?.recordId, let deleteEntry = services.deleteEntry,
                case .records(let list)? = model.stack.last, let definitionId = list.program.spec.objectDefinitionId
            else { return [] }
            let groupId = model.currentSite?.groupId
            return [.task {
                .entryDeleted(entryId: entryId, await Result(catching: { try await deleteEntry(definitionId, entryId, groupId) }))
            }]
        case nil:
            return []
        }
    }

    /// Asks the program for the form of a record of the list on top (or a new one).
    private func requestForm(recordId: Int64?, crumb: String, on model: inout Model) -> [Effect<Message>] {
        guard let openForm = services.openForm else {
            setTopListMessage(UIText.text(.noFormScreen, model.status.locale, crumb), on: &model)
            return []
        }
        guard case .records(let list)? = model.stack.last, let recordSetId = list.program.spec.ownerId else { return [] }
        setTopListMessage(UIText.text(.opening, model.status.locale, crumb), on: &model)
        let request = FormRequest(
            recordSetId: recordSetId, recordId: recordId, size: model.size, status: model.status,
            objectDefinitionId: list.program.spec.objectDefinitionId, groupId: model.currentSite?.groupId)
        return [.task { .formReady(crumb: crumb, await Result(catching: { try await openForm(request) })) }]
    }

    /// Automatic sync sent something: the status line says how many writes still wait (and that
    /// the portal answers), the message says what was sent, the record list on top reloads, so
    /// synced rows lose their markers, and an open sync view reloads its queue (a conflict
    /// resolved with k is sent by the next automatic run, and leaves the view by itself).
    private func autoSynced(_ report: SyncRunSummary, on model: inout Model) -> [Effect<Message>] {
        model.status.pendingWrites = report.pending
        var effects: [Effect<Message>] = []
        if report.isWorthTelling {
            if report.synced > 0 { model.status.online = true }
            model.message = report.automaticSummary(model.status.locale)
            if report.synced > 0, case .records(var list)? = model.stack.last {
                let listId = list.id
                effects += list.program.update(&list.model, .command(.refresh)).forwarded { Message.records(id: listId, $0) }
                model.stack[model.stack.count - 1] = .records(list)
            }
            setTopListMessage(report.automaticSummary(model.status.locale), on: &model)
            for index in model.stack.indices {
                guard case .sync(var sync) = model.stack[index] else { continue }
                let id = sync.id
                effects += sync.program.update(&sync.model, .command(.refresh)).forwarded { Message.sync(id: id, $0) }
                model.stack[index] = .sync(sync)
            }
        }
        // An open form learns the queue's count, and that the portal answers when writes went out.
        for index in model.stack.indices {
            guard case .form(var form) = model.stack[index] else { continue }
            let online = report.synced > 0 ? true : form.model.online
            let id = form.id
            // The form's own effects go on (a queued save that went out makes it "Record N").
            effects += form.program.update(&form.model, .connection(online: online, pendingWrites: report.pending))
                .filter { !$0.isQuit }.forwarded { Message.form(id: id, $0) }
            model.stack[index] = .form(form)
        }
        return effects + broadcastStatus(on: &model)
    }

    /// The portal stopped or started answering: every screen's status line says so at once (an
    /// open form's too). Back online, menus that could not load or came from the cache reload
    /// (their cursors stay on the same item), and so does the list on top (its rows stay while
    /// the portal's arrive).
    private func connectivityChanged(online: Bool, on model: inout Model) -> [Effect<Message>] {
        guard model.status.online != online else { return [] }
        model.status.online = online
        var effects: [Effect<Message>] = []
        for index in model.stack.indices {
            switch model.stack[index] {
            case .form(var form):
                let id = form.id
                effects += form.program.update(&form.model, .connection(online: online, pendingWrites: model.status.pendingWrites))
                    .filter { !$0.isQuit }.forwarded { Message.form(id: id, $0) }
                model.stack[index] = .form(form)
            case .menu(let menu) where online && (menu.error != nil || menu.cachedAt != nil):
                effects.append(reload(menu))
            case .records(var list) where online && index == model.stack.count - 1:
                let id = list.id
                effects += list.program.update(&list.model, .command(.refresh)).forwarded { Message.records(id: id, $0) }
                model.stack[index] = .records(list)
            case .bookmarks(var list) where online && index == model.stack.count - 1:
                let id = list.id
                effects += list.program.update(&list.model, .command(.refresh)).forwarded { Message.bookmarks(id: id, $0) }
                model.stack[index] = .bookmarks(list)
            default:
                break
            }
        }
        return effects + broadcastStatus(on: &model)
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

    func pushForm(_ program: FormScreen, crumb: String, on model: inout Model) -> [Effect<Message>] {
        setTopListMessage("", on: &model)
        model.message = ""
        let id = model.nextId
        model.nextId += 1
        let (child, effects) = program.initialize()
        model.stack.append(.form(Embedded(id: id, program: program, model: child, crumb: crumb)))
        return effects.forwarded { Message.form(id: id, $0) }
    }

    /// Runs a form message; when the form quits (Esc, q, after its prompts), it is closed and the
    /// list below refreshed (its cursor stays on the same row).
    private func forwardForm(_ message: FormScreenMessage, to id: Int, on model: inout Model) -> [Effect<Message>] {
        guard let index = model.stack.firstIndex(where: { if case .form(let f) = $0 { return f.id == id }; return false }),
            case .form(var form) = model.stack[index]
        else { return [] }
        let effects = form.program.update(&form.model, message)
        let quits = effects.contains(where: \.isQuit) || form.model.quitting
        var result = effects.filter { !$0.isQuit }.forwarded { Message.form(id: id, $0) }
        if case .submitted(.success(.saved), _) = message, let settings = services.settings {
            // The settings were saved: the browser and every screen opened from now on take the new look.
            result.append(.task { .themeChanged(await settings.theme()) })
        }
        model.stack[index] = .form(form)
        guard quits else { return result }
        model.stack.remove(at: index)
        let screenlet = form.program.screenlet
        result.append(.task {
            await screenlet.close()
            return nil
        })
        result.append(countPending())
        if form.model.quitsProgram { result.append(.quit) }
        if case .records(var list)? = model.stack.last, index == model.stack.count {
            let listId = list.id
            result += list.program.update(&list.model, .command(.refresh)).forwarded { Message.records(id: listId, $0) }
            model.stack[model.stack.count - 1] = .records(list)
        }
        return result
    }

    func pushGallery(_ program: GalleryScreen, crumb: String, on model: inout Model) -> [Effect<Message>] {
        model.message = ""
        let id = model.nextId
        model.nextId += 1
        let (child, effects) = program.initialize()
        model.stack.append(.gallery(Embedded(id: id, program: program, model: child, crumb: crumb)))
        return effects.forwarded { Message.gallery(id: id, $0) }
    }

    /// Runs a gallery message; when the gallery quits (Esc, q), it is closed and the folder menu
    /// below comes back as it was. Ctrl-C quits the whole program.
    private func forwardGallery(_ message: GalleryScreen.Message, to id: Int, on model: inout Model) -> [Effect<Message>] {
        guard let index = model.stack.firstIndex(where: { if case .gallery(let g) = $0 { return g.id == id }; return false }),
            case .gallery(var gallery) = model.stack[index]
        else { return [] }
        let effects = gallery.program.update(&gallery.model, message)
        var result = effects.filter { !$0.isQuit }.forwarded { Message.gallery(id: id, $0) }
        model.stack[index] = .gallery(gallery)
        guard effects.contains(where: \.isQuit) else { return result }
        model.stack.remove(at: index)
        let service = gallery.program.service
        result.append(.task {
            await service.close()
            return nil
        })
        if case .command(.forceQuit) = message { result.append(.quit) }
        result.append(countPending())
        return result
    }

    private func setTopListMessage(_ text: String, on model: inout Model) {
        guard case .records(var list)? = model.stack.last else { return }
        _ = list.program.update(&list.model, .notice(text))
        model.stack[model.stack.count - 1] = .records(list)
    }

    /// Tells every embedded screen the connection state.
    private func broadcastStatus(on model: inout Model) -> [Effect<Message>] {
        for index in model.stack.indices {
            switch model.stack[index] {
            case .records(var list):
                _ = list.program.update(&list.model, .status(model.status))
                model.stack[index] = .records(list)
            case .bookmarks(var list):
                _ = list.program.update(&list.model, .status(model.status))
                model.stack[index] = .bookmarks(list)
            case .sync(var sync):
                _ = sync.program.update(&sync.model, .status(model.status))
                model.stack[index] = .sync(sync)
            case .menu, .form, .gallery:
                break
            }
        }
        return []
    }

    private func resizeChildren(_ size: Size, on model: inout Model) -> [Effect<Message>] {
        var effects: [Effect<Message>] = []
        for index in model.stack.indices {
            switch model.stack[index] {
            case .menu(var menu):
                menu.scroll.height = BrowserLayout(size: size).body.height
                menu.move(to: menu.cursor, direction: 1)
                model.stack[index] = .menu(menu)
            case .records(var list):
                let id = list.id
                effects += list.program.update(&list.model, .resized(size)).forwarded { Message.records(id: id, $0) }
                model.stack[index] = .records(list)
            case .bookmarks(var list):
                let id = list.id
                effects += list.program.update(&list.model, .resized(size)).forwarded { Message.bookmarks(id: id, $0) }
                model.stack[index] = .bookmarks(list)
            case .sync(var sync):
                let id = sync.id
                effects += sync.program.update(&sync.model, .resized(size)).forwarded { Message.sync(id: id, $0) }
                model.stack[index] = .sync(sync)
            case .form(var form):
                let id = form.id
                effects += form.program.update(&form.model, .resize(size)).forwarded { Message.form(id: id, $0) }
                model.stack[index] = .form(form)
            case .gallery(var gallery):
                let id = gallery.id
                effects += gallery.program.update(&gallery.model, .resized(size)).forwarded { Message.gallery(id: id, $0) }
                model.stack[index] = .gallery(gallery)
            }
        }
        return effects
    }
}
