import DDM
import Foundation
import Screenlets
import TermUI

extension ListScreen {
    /// Also compiled for the record list's rows (see `view(_:size:)`).
    @_specialize(where Row == DDLListRow)
    public func update(_ model: inout Model, _ message: Message) -> [Effect<Message>] {
        switch message {
        case .command(let command):
            return perform(command, on: &model)
        case .searchKey(let key):
            return typeInSearch(key, on: &model)
        case .paste(let text):
            model.search.editor?.paste(text)
            return []
        case .resized(let size):
            model.size = size
            model.scroll.height = ListScreenLayout(size: size).body.height
            return moveCursor(to: model.cursor, on: &model)
        case .clicked(let y):
            let body = ListScreenLayout(size: model.size).body
            guard y >= body.y, y < body.maxY else { return [] }
            let index = model.scroll.firstRow + (y - body.y)
            guard index < model.rowCount else { return [] }
            return moveCursor(to: index, on: &model)
        case .engine(let epoch, let message):
            guard epoch == model.epoch else { return [] }
            return apply(message, to: &model)
        case .status(let status):
            model.status = status
            return []
        case .notice(let text):
            model.message = text
            return []
        }
    }

    /// What a command does on the list.
    private func perform(_ command: CommandName, on model: inout Model) -> [Effect<Message>] {
        let page = max(1, model.scroll.height - 1)
        let armed = model.deleteArmed
        model.deleteArmed = nil
        switch command {
        case .cursorDown: return moveCursor(to: model.cursor + 1, on: &model)
        case .cursorUp: return moveCursor(to: model.cursor - 1, on: &model)
        case .pageDown: return moveCursor(to: model.cursor + page, on: &model)
        case .pageUp: return moveCursor(to: model.cursor - page, on: &model)
        case .first: return moveCursor(to: 0, on: &model)
        case .last: return moveCursor(to: model.rowCount - 1, on: &model)
        case .open: return open(on: &model)
        case .new:
            guard spec.canCreate else { return [] }
            return finish(.create, on: &model)
        case .search:
            model.search.editor = TextInput(model.search.text, maxLength: 200)
            model.search.editor?.moveToEnd()
            return []
        case .nextMatch: return jumpToMatch(forward: true, on: &model)
        case .previousMatch: return jumpToMatch(forward: false, on: &model)
        case .clearSearch:
            model.search = ListSearch()
            model.message = ""
            if spec.searchesOnServer, model.query.search != nil {
                var query = model.query
                query.search = nil
                return change(to: query, on: &model)
            }
            return []
        case .refresh:
            model.message = ""
            return apply(.intent(.refresh), to: &model)
        case .sort:
            guard spec.sortOptions.count > 1 else { return [] }
            var query = model.query
            query.sortIndex = (query.sortIndex + 1) % spec.sortOptions.count
            model.message = UIText.text(.sortedBy, model.status.locale, ListWords.sortTitle(spec.sortOptions[query.sortIndex].title, model.status.locale))
            return change(to: query, on: &model)
        case .filterMine:
            guard spec.filtersByCreator else { return [] }
            var query = model.query
            query.mineOnly.toggle()
            model.message = UIText.text(query.mineOnly ? .onlyMine : .everyCreator, model.status.locale, ListWords.plural(spec.noun, model.status.locale))
            return change(to: query, on: &model)
        case .delete:
            guard spec.canDelete, let row = model.engine.row(at: model.cursor).row else { return [] }
            let id = spec.columns.first?.text(row) ?? ""
            if armed == model.cursor {
                model.message = UIText.text(.deletingRow, model.status.locale, ListWords.singular(spec.noun, model.status.locale), id)
                return finish(.delete(index: model.cursor), on: &model)
            }
            model.deleteArmed = model.cursor
            model.message = UIText.text(.pressDAgain, model.status.locale, ListWords.singular(spec.noun, model.status.locale), id)
            return []
        case .openSync: return finish(.openSync, on: &model)
        case .help:
            model.showsHelp.toggle()
            return []
        case .back: return finish(.back, on: &model)
        case .quit, .forceQuit: return finish(.quit, on: &model)
        default: return []
        }
    }

    /// Sets the outcome; a standalone list quits on back and quit.
    private func finish(_ outcome: Outcome, on model: inout Model) -> [Effect<Message>] {
        if isStandalone {
            switch outcome {
            case .back, .quit: return [.quit]
            case .open(let index):
                if let id = model.engine.row(at: index).row.map({ spec.columns.first?.text($0) ?? "" }) {
                    model.message = UIText.text(.rowNamed, model.status.locale, ListWords.singular(spec.noun, model.status.locale), id)
                }
                return []
            case .create, .openSync, .delete:
                return []
            }
        }
        model.outcome = outcome
        return []
    }

    /// Enter: opens a loaded row; on an error row, retries the failed pages now.
    private func open(on model: inout Model) -> [Effect<Message>] {
        switch model.engine.row(at: model.cursor) {
        case .loaded:
            return finish(.open(index: model.cursor), on: &model)
        case .failed:
            model.message = UIText.text(.retrying, model.status.locale)
            return apply(.intent(.retry), to: &model)
        case .placeholder, .beyondEnd:
            return []
        }
    }

    /// Moves the cursor (clamped), scrolls to show it, and tells the engine what is on screen.
    func moveCursor(to row: Int, on model: inout Model) -> [Effect<Message>] {
        let count = model.rowCount
        model.cursor = count == 0 ? 0 : min(max(0, row), count - 1)
        model.scroll.scrollToShow(model.cursor, rowCount: count)
        return reportViewport(&model)
    }

    /// Sends the viewport (first row, visible rows, cursor) to the engine: prefetch follows it.
    func reportViewport(_ model: inout Model) -> [Effect<Message>] {
        let viewport = Screenlets.ListWindow(
            firstRow: model.scroll.firstRow, visibleCount: max(1, model.scroll.height), cursor: model.cursor)
        guard model.engine.viewport != viewport else { return [] }
        return apply(.intent(.viewport(viewport)), to: &model)
    }

    /// A new sort or filter: a fresh engine, cursor at the top, answers to the old query dropped.
    private func change(to query: ListQuery, on model: inout Model) -> [Effect<Message>] {
        model.query = query
        model.epoch += 1
        model.engine = PaginationEngine(configuration: model.engine.configuration)
        model.engineRevision += 1
        model.cursor = 0
        model.scroll = TermUI.ScrollWindow(height: model.scroll.height)
        model.search = ListSearch()
        return start(&model)
    }

    /// Runs an engine message and turns its effects into the program's.
    func apply(_ message: PaginationMessage<Row>, to model: inout Model) -> [Effect<Message>] {
        let shownBefore: ListScreenShownEngine? = if case .pageLoaded = message { ListScreenShownEngine(model) } else { nil }
        let effects = model.engine.handle(message, at: clock.now)
        // A page that arrived off screen (the prefetch after a PgDn) leaves the frame as it was:
        // the revision stays, so the runtime draws no frame for it.
        if ListScreenShownEngine.mayChangeFrame(message, before: shownBefore, after: model) {
            model.engineRevision += 1
        }
        var result: [Effect<Message>] = []
        for effect in effects {
            switch effect {
            case .load(let ticket):
                result.append(load(ticket, query: model.query, epoch: model.epoch))
            case .cancelLoads:
                break  // answers of older generations are dropped by the engine
            case .wake(let deadline):
                let clock = self.clock
                let epoch = model.epoch
                result.append(.task {
                    guard (try? await clock.sleep(until: deadline)) != nil else { return nil }
                    return .engine(epoch: epoch, .tick)
                })
            case .emit(let event):
                observe(event, on: &model)
            }
        }
        // The count may have arrived or changed: keep the cursor on a row.
        if model.cursor >= model.rowCount, model.rowCount > 0 {
            model.cursor = model.rowCount - 1
            model.scroll.scrollToShow(model.cursor, rowCount: model.rowCount)
        }
        return result
    }

    private func load(_ ticket: LoadTicket, query: ListQuery, epoch: Int) -> Effect<Message> {
        let loader = spec.loader(for: query)
        return .task {
            do {
                return .engine(epoch: epoch, .pageLoaded(ticket, try await loader.loadPage(ticket.request)))
            } catch {
                return .engine(epoch: epoch, .pageFailed(ticket, error))
            }
        }
    }

    /// What the list's events mean for the screen: online or not, messages.
    private func observe(_ event: ListEvent<Row>, on model: inout Model) {
        switch event {
        case .pageLoaded(_, _, _, let provenance):
            if provenance.stale {
                model.status.online = false
            } else if provenance.source == .portal {
                model.status.online = true
            }
        case .listError(let failure):
            let text = ListScreenText.describe(failure.error)
            model.message = UIText.text(.pageError, model.status.locale, String(failure.page + 1), text)
            if text.hasPrefix("network") { model.status.online = false }
        case .refreshStarted:
            model.message = ""
        case .refreshFinished(let succeeded):
            if !succeeded, let failure = model.engine.refreshFailure {
                model.message = UIText.text(.refreshFailed, model.status.locale, ListScreenText.describe(failure.error))
            }
        case .rowCountChanged, .rowSelected:
            break
        }
    }

    /// Keys typed into the search prompt: editing keys edit, Enter searches, Esc cancels.
    private func typeInSearch(_ key: KeyEvent, on model: inout Model) -> [Effect<Message>] {
        guard var editor = model.search.editor else { return [] }
        switch key {
        case .escape:
            model.search.editor = nil
            return []
        case .enter:
            model.search.editor = nil
            return runSearch(editor.text, on: &model)
        default:
            _ = editor.handle(key)
            model.search.editor = editor
            return []
        }
    }

    /// Finds the loaded rows matching `text` and moves to the first at or after the cursor.
    private func runSearch(_ text: String, on model: inout Model) -> [Effect<Message>] {
        let needle = text.trimmingCharacters(in: .whitespaces)
        if spec.searchesOnServer { return searchOnServer(needle, on: &model) }
        guard !needle.isEmpty else {
            model.search = ListSearch()
            return []
        }
        var matches: [Int] = []
        let engine = model.engine
        for page in engine.loadedPages {
            for index in engine.layout.rows(ofPage: page) {
                if let row = engine.row(at: index).row, spec.row(row, matches: needle) { matches.append(index) }
            }
        }
        model.search = ListSearch(editor: nil, text: needle, matches: matches)
        guard let target = matches.first(where: { $0 >= model.cursor }) ?? matches.first else {
            model.message = UIText.text(.noLoadedMatch, model.status.locale, ListWords.singular(spec.noun, model.status.locale), needle)
            return []
        }
        return showMatch(target, on: &model)
    }

    /// A list searching on the server: a new query (a fresh engine) with the text; empty text
    /// lists every row again. The search stays shown until cleared.
    private func searchOnServer(_ needle: String, on model: inout Model) -> [Effect<Message>] {
        var query = model.query
        query.search = needle.isEmpty ? nil : needle
        guard query != model.query else { return [] }
        let effects = change(to: query, on: &model)
        if !needle.isEmpty {
            model.search = ListSearch(editor: nil, text: needle, matches: [])
            model.message = UIText.text(.serverMatches, model.status.locale, ListWords.plural(spec.noun, model.status.locale), needle)
        }
        return effects
    }

    private func jumpToMatch(forward: Bool, on model: inout Model) -> [Effect<Message>] {
        let matches = model.search.matches
        guard !matches.isEmpty else { return [] }
        let target = forward
            ? matches.first(where: { $0 > model.cursor }) ?? matches[0]
            : matches.last(where: { $0 < model.cursor }) ?? matches[matches.count - 1]
        return showMatch(target, on: &model)
    }

    private func showMatch(_ index: Int, on model: inout Model) -> [Effect<Message>] {
        let position = (model.search.matches.firstIndex(of: index) ?? 0) + 1
        model.message = UIText.text(
            .loadedMatchPosition, model.status.locale, model.search.text, String(position), String(model.search.matches.count))
        return moveCursor(to: index, on: &model)
    }
}

/// Texts the list screen shows for errors.
enum ListScreenText {
    /// One line for an error: its description, without line breaks.
    static func describe(_ error: any Error) -> String {
        String(describing: error).split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
