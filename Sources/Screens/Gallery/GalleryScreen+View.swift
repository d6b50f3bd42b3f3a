import DDM
import TermUI

extension GalleryScreen {
    public func view(_ model: GalleryModel, size: Size) -> Grid {
        var grid = Grid(size: size)
        guard size.width > 0, size.height > 0 else { return grid }
        var model = model
        model.size = size
        let layout = model.layout
        drawTitle(model, into: &grid)
        switch model.mode {
        case .detail(let item):
            drawDetail(item, model, in: Rect(x: 0, y: 1, width: size.width, height: max(0, layout.statusRow.y - 1)), into: &grid)
        default:
            drawTiles(model, layout: layout, into: &grid)
        }
        if let queueRow = layout.queueRow { drawQueue(model.uploads, in: queueRow, theme: model.theme, model.status.locale, into: &grid) }
        StatusLine.draw(model.status, message: model.message, into: &grid, rect: layout.statusRow, theme: model.theme)
        let contexts = Self.helpContexts(model)
        let l = model.status.locale
        let keys = keyMap.translated(to: l)
        let help = Self.dialogHelp(model.mode, l) ?? keys.helpLine(for: contexts, width: size.width)
        grid.drawHelpLine(help, in: layout.helpRow, theme: model.theme)
        let body = Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 3))
        switch model.mode {
        case .uploadPrompt(let prompt): drawUploadPrompt(prompt, model, in: body, into: &grid)
        case .confirmDelete(let item): drawDeleteConfirmation(item, model, in: body, into: &grid)
        default: grid.cursor = nil
        }
        if model.showsHelp {
            let title = UIText.text(contexts.first == .galleryDetail ? .galleryImageKeys : .galleryKeys, l)
            grid.drawHelpOverlay(keys.helpSections(for: contexts), in: body, theme: model.theme, title: title)
            grid.cursor = nil
        }
        return grid
    }

    private func drawTitle(_ model: GalleryModel, into grid: inout Grid) {
        let row = Rect(x: 0, y: 0, width: grid.width, height: 1)
        let style = model.theme.style(for: Theme.Component.title)
        grid.fill(row, with: Cell(" ", style: style))
        let l = model.status.locale
        var right = ""
        if let count = model.snapshot.rowCount {
            right = UIText.plural(.imageCount, count: count, l)
            if count > 0, case .grid = model.mode { right = UIText.text(.rowPosition, l, UIText.count(model.cursor + 1, l), UIText.count(count, l)) }
        } else {
            right = UIText.text(model.snapshot.error == nil ? .rowLoading : .galleryNotLoaded, l)
        }
        if model.snapshot.isRefreshing { right = UIText.text(.galleryRefreshing, l, right) }
        right += " "
        let rightWidth = min(right.displayWidth, grid.width / 2)
        grid.write(UIText.text(.galleryTitle, l, model.title), fitting: Rect(x: 0, y: 0, width: grid.width - rightWidth, height: 1), style: style)
        grid.write(right, fitting: Rect(x: grid.width - rightWidth, y: 0, width: rightWidth, height: 1), style: style, alignment: .right)
    }

    private func drawTiles(_ model: GalleryModel, layout: GalleryLayout, into grid: inout Grid) {
        let area = layout.gridArea
        guard area.height > 0 else { return }
        let l = model.status.locale
        guard let count = model.snapshot.rowCount else {
            let text = model.snapshot.error.map { UIText.text(.galleryLoadFailed, l, $0) } ?? UIText.text(.galleryLoadingImages, l)
            grid.write(text, fitting: Rect(x: 2, y: area.y + area.height / 2, width: max(0, area.width - 4), height: 1),
                       style: model.theme.style(for: Theme.Component.listRow, states: [.disabled]), alignment: .center)
            return
        }
        guard count > 0 else {
            grid.write(UIText.text(.galleryEmpty, l),
                       fitting: Rect(x: 2, y: area.y + area.height / 2, width: max(0, area.width - 4), height: 1), alignment: .center)
            return
        }
        for row in 0..<layout.visibleTileRows {
            for column in 0..<layout.columns {
                let index = (model.topTileRow + row) * layout.columns + column
                guard index < count else { return }
                let rect = layout.tileRect(column: column, row: row).intersection(area)
                guard rect.height > 0 else { continue }
                drawTile(model.snapshot.slot(at: index) ?? .placeholder, focused: index == model.cursor, model, in: rect, layout: layout, into: &grid)
            }
        }
    }

    private func drawTile(_ slot: GallerySlot, focused: Bool, _ model: GalleryModel, in rect: Rect, layout: GalleryLayout, into grid: inout Grid) {
        let theme = model.theme
        let l = model.status.locale
        let previewRect = Rect(x: rect.x, y: rect.y, width: rect.width, height: min(rect.height, layout.previewRows))
        let titleRow = Rect(x: rect.x, y: rect.y + layout.previewRows, width: rect.width, height: 1).intersection(rect)
        let metaRow = Rect(x: rect.x, y: rect.y + layout.previewRows + 1, width: rect.width, height: 1).intersection(rect)
        let focusState: [ComponentState] = focused ? [.focused] : []
        switch slot {
        case .placeholder:
            drawPlaceholderBlock(in: previewRect, label: "", style: theme.style(for: Theme.Component.border), into: &grid)
            grid.write(UIText.text(.rowLoading, l), fitting: titleRow, style: theme.style(for: Theme.Component.listRow, states: focusState + [.stale]))
        case .failed(let reason):
            drawPlaceholderBlock(in: previewRect, label: "!", style: theme.style(for: Theme.Component.border), into: &grid)
            grid.write("⚠ " + reason, fitting: titleRow, style: theme.style(for: Theme.Component.fieldError))
        case .loaded(let item):
            drawPreview(model.previews[item.fileEntryId], model, in: previewRect, into: &grid)
            var states = focusState
            if item.pendingDelete { states.append(.dirty) }
            if item.stale { states.append(.stale) }
            let marker = focused ? "▸" : " "
            grid.write(marker + item.title, fitting: titleRow, style: theme.style(for: Theme.Component.listRow, states: states))
            let meta = item.pendingDelete
                ? UIText.text(.galleryDeletePending, l)
                : GalleryFormatting.size(item.size, locale: l) + " " + GalleryFormatting.date(item.modifiedDate ?? item.createDate, locale: l)
            grid.write(meta, fitting: metaRow, style: theme.style(for: Theme.Component.listRow, states: item.pendingDelete ? [.dirty] : [.disabled]))
        }
    }

    /// A preview, or a glyph block saying why there is none.
    func drawPreview(_ preview: ImagePreview?, _ model: GalleryModel, in rect: Rect, into grid: inout Grid) {
        let style = model.theme.style(for: Theme.Component.border)
        switch preview {
        case .image(let image)?:
            PreviewRenderer.draw(image, in: rect, depth: model.depth, into: &grid)
        case .placeholder(let type)?:
            drawPlaceholderBlock(in: rect, label: type, style: style, into: &grid)
        case .unavailable(let reason)?:
            drawPlaceholderBlock(in: rect, label: reason, style: style, into: &grid)
        case .loading?, nil:
            drawPlaceholderBlock(in: rect, label: "", style: style, into: &grid)
        }
    }

    /// A light-shade block with `label` centred on it (wrapped to the block).
    func drawPlaceholderBlock(in rect: Rect, label: String, style: Style, into grid: inout Grid) {
        guard rect.width > 0, rect.height > 0 else { return }
        let margin = rect.width > 4 ? 1 : 0
        let block = Rect(x: rect.x + margin, y: rect.y, width: rect.width - 2 * margin, height: rect.height)
        grid.fill(block, with: Cell("░", style: style))
        let lines = label.isEmpty ? [] : Array(label.wrapped(toWidth: max(1, block.width - 2)).prefix(block.height))
        let top = block.y + (block.height - lines.count) / 2
        for (offset, line) in lines.enumerated() {
            let text = " " + line + " "
            let width = min(text.displayWidth, block.width)
            grid.write(text, fitting: Rect(x: block.x + (block.width - width) / 2, y: top + offset, width: width, height: 1))
        }
    }

    /// The upload queue row: the running upload with its progress bar, then what waits, is
    /// pending sync, failed or is done.
    private func drawQueue(_ uploads: [UploadItem], in row: Rect, theme: Theme, _ l: PortalLocale, into grid: inout Grid) {
        grid.fill(row, with: Cell(" "))
        let current = uploads.first(where: { if case .sending = $0.state { return true } else { return false } })
            ?? uploads.last
        guard let current else { return }
        var x = row.x + 1
        let name = current.title.isEmpty ? current.fileName : current.title
        let barWidth = max(4, min(20, row.width / 4))
        let fraction: Double
        let label: String
        switch current.state {
        case .waiting: (fraction, label) = (0, UIText.text(.queueWaiting, l))
        case .sending(let sent, let total):
            fraction = total > 0 ? min(1, Double(sent) / Double(total)) : 0
            label = "\(Int((fraction * 100).rounded(.down)))% " + ByteSize.progress(sent: sent, total: total, locale: l)
        case .done: (fraction, label) = (1, UIText.text(.queueUploaded, l))
        case .pending: (fraction, label) = (0, UIText.text(.queuePendingSync, l))
        case .failed(let reason): (fraction, label) = (0, UIText.text(.queueFailed, l, reason))
        case .cancelled: (fraction, label) = (0, UIText.text(.queueCancelled, l))
        }
        x = grid.write("↑ ", at: Point(x: x, y: row.y), clip: row)
        let nameWidth = min(name.displayWidth, max(8, row.width / 4))
        grid.write(name, fitting: Rect(x: x, y: row.y, width: nameWidth, height: 1))
        x += nameWidth + 1
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        let barStyle = theme.style(for: "progress")
        x = grid.write("[" + String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled) + "] ",
                       at: Point(x: x, y: row.y), style: barStyle, clip: row)
        x = grid.write(label, at: Point(x: x, y: row.y), clip: row)
        let waiting = uploads.filter { $0.state == .waiting }.count
        let pending = uploads.filter { $0.state == .pending }.count
        let done = uploads.filter { $0.state == .done }.count
        var extras: [String] = []
        if waiting > 0 { extras.append(UIText.text(.waitingCount, l, String(waiting))) }
        if pending > 0 { extras.append(UIText.text(.queuePendingCount, l, String(pending))) }
        if done > 0 { extras.append(UIText.text(.queueUploadedCount, l, String(done))) }
        if !extras.isEmpty {
            grid.write("  · " + extras.joined(separator: " · "), at: Point(x: x, y: row.y), style: theme.style(for: Theme.Component.helpLabel), clip: row)
        }
    }
}
