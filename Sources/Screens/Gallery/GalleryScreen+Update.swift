import Foundation
import TermUI

extension GalleryScreen {
    public func update(_ model: inout GalleryModel, _ message: Message) -> [Effect<Message>] {
        switch message {
        case .command(let command):
            return handle(command, &model)
        case .key(let key):
            switch model.mode {
            case .uploadPrompt(var prompt):
                let effects = handlePromptKey(key, &prompt, &model)
                if case .uploadPrompt = model.mode { model.mode = .uploadPrompt(prompt) }
                return effects
            case .confirmDelete(let item):
                return answerDelete(key, item, &model)
            default:
                return []
            }
        case .paste(let text):
            guard case .uploadPrompt(var prompt) = model.mode else { return [] }
            prompt.focused.paste(text)
            model.mode = .uploadPrompt(prompt)
            return []
        case .resized(let size):
            model.size = size
            return scrolled(&model)
        case .snapshot(let snapshot):
            return apply(snapshot, &model)
        case .serviceEvent(let event, let snapshot, let status):
            // The language is the screen's, fixed when it opened.
            let locale = model.status.locale
            model.status = status
            model.status.locale = locale
            var effects = apply(event, &model)
            effects += apply(snapshot, &model)
            return effects
        case .serviceClosed:
            return []
        case .previewLoaded(let id, let large, let preview):
            if large { model.largePreviews[id] = preview } else { model.previews[id] = preview }
            return []
        case .uploadAdded(let number, let fileName, let title):
            if !model.uploads.contains(where: { $0.number == number }) {
                model.uploads.append(UploadItem(number: number, fileName: fileName, title: title))
            }
            return scrolled(&model)
        case .uploadAlreadyEnded:
            model.message = UIText.text(.uploadAlreadyDone, model.status.locale)
            return []
        case .select(let index):
            guard index >= 0, index < (model.snapshot.rowCount ?? 0), index != model.cursor else { return [] }
            model.cursor = index
            return scrolled(&model)
        case .completions(let text, let completions):
            guard case .uploadPrompt(var prompt) = model.mode, prompt.path.text == text else { return [] }
            prompt.complete(with: completions, locale: model.status.locale)
            model.mode = .uploadPrompt(prompt)
            return []
        }
    }

    // MARK: Commands

    private func handle(_ command: CommandName, _ model: inout GalleryModel) -> [Effect<Message>] {
        if command == .forceQuit { return [.quit] }
        if model.showsHelp {
            model.showsHelp = false
            return command == .quit ? [.quit] : []
        }
        if case .detail = model.mode {
            switch command {
            case .back, .open: model.mode = .grid
            case .delete: return askDelete(&model, item: model.selectedItem)
            case .cancelUpload: return cancelUpload(&model)
            case .help: model.showsHelp = true
            case .quit: return [.quit]
            case .refresh: return refresh(&model)
            default: break
            }
            return []
        }
        let layout = model.layout
        let count = model.snapshot.rowCount ?? 0
        switch command {
        case .cursorRight: return move(&model, to: model.cursor + 1, count: count)
        case .cursorLeft: return move(&model, to: model.cursor - 1, count: count)
        case .cursorDown: return move(&model, to: model.cursor + layout.columns, count: count, clampToLast: true)
        case .cursorUp: return move(&model, to: model.cursor - layout.columns, count: count)
        case .pageDown: return move(&model, to: model.cursor + layout.visibleCount, count: count, clampToLast: true)
        case .pageUp: return move(&model, to: model.cursor - layout.visibleCount, count: count, clampToFirst: true)
        case .first: return move(&model, to: 0, count: count)
        case .last: return move(&model, to: count - 1, count: count)
        case .open:
            guard let item = model.selectedItem else { return [] }
            model.mode = .detail(item)
            return largePreview(for: item, &model)
        case .refresh: return refresh(&model)
        case .upload:
            model.mode = .uploadPrompt(UploadPrompt())
            return []
        case .delete: return askDelete(&model, item: model.selectedItem)
        case .cancelUpload: return cancelUpload(&model)
        case .help: model.showsHelp = true
        case .back, .quit: return [.quit]
        default: break
        }
        return []
    }

    private func move(
        _ model: inout GalleryModel, to target: Int, count: Int, clampToLast: Bool = false, clampToFirst: Bool = false
    ) -> [Effect<Message>] {
        guard count > 0 else { return [] }
        var index = target
        if index >= count {
            guard clampToLast else { return [] }
            index = count - 1
        }
        if index < 0 {
            guard clampToFirst else { return [] }
            index = 0
        }
        guard index != model.cursor else { return [] }
        model.cursor = index
        return scrolled(&model)
    }

    /// Keeps the cursor's tile row on screen and reports the window to the service.
    func scrolled(_ model: inout GalleryModel) -> [Effect<Message>] {
        let layout = model.layout
        let count = model.snapshot.rowCount ?? 0
        if count > 0 { model.cursor = min(max(0, model.cursor), count - 1) }
        let cursorRow = model.cursor / layout.columns
        if cursorRow < model.topTileRow { model.topTileRow = cursorRow }
        if cursorRow >= model.topTileRow + layout.visibleTileRows { model.topTileRow = cursorRow - layout.visibleTileRows + 1 }
        let totalRows = (count + layout.columns - 1) / layout.columns
        model.topTileRow = max(0, min(model.topTileRow, max(0, totalRows - layout.visibleTileRows)))
        let window = model.window
        let service = service
        return [.task { .snapshot(await service.show(window: window)) }] + previews(&model)
    }

    private func refresh(_ model: inout GalleryModel) -> [Effect<Message>] {
        model.message = UIText.text(.galleryRefreshingMessage, model.status.locale)
        let service = service
        return [.task {
            await service.refresh()
            return .snapshot(await service.snapshot())
        }]
    }

    private func askDelete(_ model: inout GalleryModel, item: GalleryItem?) -> [Effect<Message>] {
        guard let item else { return [] }
        guard !item.pendingDelete else {
            model.message = UIText.text(.deletionAlreadyWaits, model.status.locale, item.title)
            return []
        }
        model.mode = .confirmDelete(item)
        return []
    }

    private func answerDelete(_ key: KeyEvent, _ item: GalleryItem, _ model: inout GalleryModel) -> [Effect<Message>] {
        switch key.key {
        case .character("y"), .character("Y"):
            model.mode = .grid
            model.message = UIText.text(.deletingImage, model.status.locale, item.title)
            let service = service
            return [.task {
                await service.delete(fileEntryId: item.fileEntryId)
                return nil
            }]
        case .character("n"), .character("N"), .escape, .enter:
            model.mode = .grid
            model.message = UIText.text(.notDeleted, model.status.locale)
        default:
            break
        }
        return []
    }

    // MARK: Upload prompt

    private func handlePromptKey(_ key: KeyEvent, _ prompt: inout UploadPrompt, _ model: inout GalleryModel) -> [Effect<Message>] {
        switch key.key {
        case .escape:
            model.mode = .grid
            model.message = UIText.text(.uploadPromptCancelled, model.status.locale)
            return []
        case .tab where prompt.focus == .path:
            let text = prompt.path.text
            let service = service
            return [.task { .completions(of: text, await service.completions(of: text)) }]
        case .tab, .down:
            prompt.focus = UploadPrompt.Field(rawValue: (prompt.focus.rawValue + 1) % 3) ?? .path
            return []
        case .backTab, .up:
            prompt.focus = UploadPrompt.Field(rawValue: (prompt.focus.rawValue + 2) % 3) ?? .path
            return []
        case .enter:
            if prompt.focus == .path, prompt.path.text.trimmingCharacters(in: .whitespaces).isEmpty {
                prompt.problem = UIText.text(.uploadTypePath, model.status.locale)
                return []
            }
            if prompt.focus != .description {
                prompt.focus = UploadPrompt.Field(rawValue: prompt.focus.rawValue + 1) ?? .description
                return []
            }
            return startUpload(prompt, &model)
        default:
            var editor = prompt.focused
            if editor.handle(key) {
                prompt.focused = editor
                if prompt.focus == .path { prompt.candidates = [] }
            }
            return []
        }
    }

    private func startUpload(_ prompt: UploadPrompt, _ model: inout GalleryModel) -> [Effect<Message>] {
        let path = prompt.path.text.trimmingCharacters(in: .whitespaces)
        let title = prompt.title.text.trimmingCharacters(in: .whitespaces)
        let description = prompt.description.text
        let fileName = path.split(separator: "/").last.map(String.init) ?? path
        model.mode = .grid
        model.message = UIText.text(.uploadStarted, model.status.locale, fileName)
        let service = service
        return [.task {
            let number = await service.upload(path: path, title: title, description: description)
            return .uploadAdded(number: number, fileName: fileName, title: title.isEmpty ? fileName : title)
        }]
    }

    // MARK: Service results

    private func apply(_ snapshot: GallerySnapshot, _ model: inout GalleryModel) -> [Effect<Message>] {
        guard snapshot.sequence > model.snapshot.sequence else { return [] }
        let countChanged = snapshot.rowCount != model.snapshot.rowCount
        model.snapshot = snapshot
        if case .detail(let shown) = model.mode, let fresh = model.selectedItem, fresh.fileEntryId == shown.fileEntryId {
            model.mode = .detail(fresh)
        }
        if model.message == UIText.text(.galleryRefreshingMessage, model.status.locale), !snapshot.isRefreshing { model.message = "" }
        if countChanged, let count = snapshot.rowCount, count > 0, model.cursor >= count {
            model.cursor = count - 1
            return scrolled(&model)
        }
        return previews(&model)
    }

    private func apply(_ event: GalleryServiceEvent, _ model: inout GalleryModel) -> [Effect<Message>] {
        switch event {
        case .rowsChanged:
            return []
        case .uploadStarted(let number, let fileName, let title):
            updateUpload(number, &model, fileName: fileName, title: title) { $0.state = .sending(sent: 0, total: 0) }
            model.message = UIText.text(.uploadStarted, model.status.locale, fileName)
            return []
        case .uploadProgress(let number, let sent, let total):
            updateUpload(number, &model) { $0.state = .sending(sent: sent, total: total) }
            return []
        case .uploaded(let number, let title):
            updateUpload(number, &model) { $0.state = .done }
            model.message = UIText.text(.uploadedImage, model.status.locale, title)
            let service = service
            return [.task {
                await service.refresh()
                return .snapshot(await service.snapshot())
            }]
        case .uploadQueued(let number):
            updateUpload(number, &model) { $0.state = .pending }
            model.message = UIText.text(.uploadOfflineQueued, model.status.locale)
            return []
        case .uploadFailed(let number, let reason):
            updateUpload(number, &model) { $0.state = .failed(reason) }
            model.message = UIText.text(.galleryUploadFailed, model.status.locale, reason)
            return []
        case .uploadCancelled(let number, let landing):
            updateUpload(number, &model) { $0.state = .cancelled }
            let name = model.uploads.first { $0.number == number }.map { $0.title.isEmpty ? $0.fileName : $0.title } ?? UIText.text(.uploadNumber, model.status.locale, String(number))
            switch landing {
            case .stopped:
                model.message = UIText.text(.uploadStoppedNothingKept, model.status.locale, name)
                return []
            case .takenBack:
                model.message = UIText.text(.uploadTakenBack, model.status.locale, name)
            case .mayRemain(let reason):
                model.message = UIText.text(.uploadMayRemain, model.status.locale, name, reason)
            }
            let service = service
            return [.task {
                await service.refresh()
                return .snapshot(await service.snapshot())
            }]
        case .deleted(let id, let queued):
            model.message = UIText.text(queued ? .deletionQueued : .imageDeleted, model.status.locale)
            if case .detail(let item) = model.mode, item.fileEntryId == id, !queued { model.mode = .grid }
            return []
        case .deleteFailed(_, let reason):
            model.message = UIText.text(.deleteFailed, model.status.locale, reason)
            return []
        case .loadFailed(let reason):
            model.message = UIText.text(.loadFailedMessage, model.status.locale, reason)
            return []
        case .autoSynced(let report):
            guard report.isWorthTelling else { return [] }
            model.message = report.automaticSummary(conflictsHint: UIText.text(.conflictsHintPending, model.status.locale), model.status.locale)
            // With nothing left in the queue, every upload that waited has gone out.
            if report.pending == 0 {
                for index in model.uploads.indices where model.uploads[index].state == .pending { model.uploads[index].state = .done }
            }
            guard report.synced > 0 else { return [] }
            let service = service
            return [.task {
                await service.refresh()
                return .snapshot(await service.snapshot())
            }]
        }
    }

    /// `x` while an upload runs: it is cancelled; the service's `uploadCancelled` (or, when the
    /// portal had already answered, `uploaded`) says how it ended.
    private func cancelUpload(_ model: inout GalleryModel) -> [Effect<Message>] {
        guard let running = model.runningUpload else { return [] }
        let name = running.title.isEmpty ? running.fileName : running.title
        model.message = UIText.text(.cancellingUpload, model.status.locale, name)
        let service = service
        return [.task { await service.cancelUpload(number: running.number) ? nil : .uploadAlreadyEnded }]
    }

    private func updateUpload(
        _ number: Int, _ model: inout GalleryModel, fileName: String? = nil, title: String? = nil,
        _ change: (inout UploadItem) -> Void
    ) {
        if let index = model.uploads.firstIndex(where: { $0.number == number }) {
            change(&model.uploads[index])
        } else {
            var item = UploadItem(number: number, fileName: fileName ?? UIText.text(.uploadNumber, model.status.locale, String(number)), title: title ?? fileName ?? "")
            change(&item)
            model.uploads.append(item)
            model.uploads.sort { $0.number < $1.number }
        }
    }

    // MARK: Previews

    /// Starts fetching the previews of the loaded tiles on screen that have none yet, and forgets
    /// previews far from the screen when many are kept.
    func previews(_ model: inout GalleryModel) -> [Effect<Message>] {
        let window = model.window
        var effects: [Effect<Message>] = []
        let service = service
        for index in window.firstRow..<(window.firstRow + window.count) {
            guard case .loaded(let item)? = model.snapshot.slot(at: index), model.previews[item.fileEntryId] == nil else { continue }
            model.previews[item.fileEntryId] = .loading
            effects.append(.task { .previewLoaded(fileEntryId: item.fileEntryId, large: false, await service.preview(of: item, large: false)) })
        }
        if model.previews.count > 400 {
            let keep = Set(model.snapshot.slots.compactMap { slot -> Int64? in
                if case .loaded(let item) = slot { return item.fileEntryId }
                return nil
            })
            model.previews = model.previews.filter { keep.contains($0.key) }
        }
        return effects
    }

    private func largePreview(for item: GalleryItem, _ model: inout GalleryModel) -> [Effect<Message>] {
        guard model.largePreviews[item.fileEntryId] == nil else { return [] }
        if model.largePreviews.count > 20 { model.largePreviews = [:] }
        model.largePreviews[item.fileEntryId] = .loading
        let service = service
        return [.task { .previewLoaded(fileEntryId: item.fileEntryId, large: true, await service.preview(of: item, large: true)) }]
    }
}
