import DDM
import TermUI

extension GalleryScreen {
    /// The detail view: a large preview on the left, the metadata on the right (below on narrow
    /// terminals).
    func drawDetail(_ item: GalleryItem, _ model: GalleryModel, in area: Rect, into grid: inout Grid) {
        guard area.width > 0, area.height > 0 else { return }
        let sideBySide = area.width >= 60
        let infoWidth = sideBySide ? min(40, area.width / 2) : area.width
        let infoHeight = sideBySide ? area.height : min(area.height / 2, 7)
        let previewRect = sideBySide
            ? Rect(x: area.x + 1, y: area.y + 1, width: area.width - infoWidth - 3, height: max(0, area.height - 2))
            : Rect(x: area.x + 1, y: area.y, width: area.width - 2, height: max(0, area.height - infoHeight))
        let infoRect = sideBySide
            ? Rect(x: area.x + area.width - infoWidth - 1, y: area.y + 1, width: infoWidth, height: max(0, area.height - 2))
            : Rect(x: area.x + 1, y: previewRect.y + previewRect.height, width: area.width - 2, height: infoHeight)
        drawPreview(model.largePreviews[item.fileEntryId] ?? model.previews[item.fileEntryId], model, in: previewRect, into: &grid)
        let theme = model.theme
        let l = model.status.locale
        func t(_ key: UIText, _ arguments: String...) -> String { UIText.catalog.text(key, l, arguments: arguments) }
        var lines: [(String, String)] = [
            (t(.detailTitle), item.title), (t(.detailType), item.mimeType),
            (t(.detailSize), t(.detailSizeBytes, GalleryFormatting.size(item.size, locale: l), GalleryFormatting.count(item.size, locale: l))),
            (t(.detailCreated), GalleryFormatting.dateTime(item.createDate, locale: l)),
            (t(.detailModified), GalleryFormatting.dateTime(item.modifiedDate, locale: l)),
            (t(.detailVersion), item.version), ("ID", String(item.fileEntryId)),
        ]
        if !item.description.isEmpty { lines.append((t(.detailAbout), item.description)) }
        if item.pendingDelete { lines.append((t(.detailStatus), t(.detailDeletionPending))) }
        if item.stale { lines.append((t(.detailSource), t(.detailOfflineCache))) }
        if case .unavailable(let reason)? = model.largePreviews[item.fileEntryId] { lines.append((t(.detailPreview), reason)) }
        let labelWidth = max(9, lines.map { $0.0.displayWidth }.max() ?? 0)
        var y = infoRect.y
        for (label, value) in lines {
            guard y < infoRect.y + infoRect.height else { break }
            grid.write(label, fitting: Rect(x: infoRect.x, y: y, width: labelWidth, height: 1), style: theme.style(for: Theme.Component.fieldLabel))
            let valueRect = Rect(x: infoRect.x + labelWidth + 1, y: y, width: max(0, infoRect.width - labelWidth - 1), height: 1)
            let wrapped = value.wrapped(toWidth: max(1, valueRect.width))
            for line in wrapped.prefix(max(1, infoRect.y + infoRect.height - y)) {
                grid.write(line, fitting: Rect(x: valueRect.x, y: y, width: valueRect.width, height: 1), style: theme.style(for: Theme.Component.fieldValue))
                y += 1
            }
        }
    }

    /// The upload dialog: three fields, completions under the path, a hint line.
    func drawUploadPrompt(_ prompt: UploadPrompt, _ model: GalleryModel, in area: Rect, into grid: inout Grid) {
        let theme = model.theme
        let l = model.status.locale
        let shown = Array(prompt.candidates.prefix(4))
        let extra = shown.isEmpty ? 0 : shown.count + (prompt.candidates.count > shown.count ? 1 : 0)
        let height = min(area.height, 8 + extra + (prompt.problem == nil ? 0 : 1))
        let width = min(area.width, 64)
        guard width >= 20, height >= 5 else { return }
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        grid.fill(box, style: theme.style(for: Theme.Component.overlay))
        let inside = grid.drawBox(box, border: .rounded, style: theme.style(for: Theme.Component.border, states: [.focused]),
                                  title: UIText.text(.uploadDialogTitle, l), titleStyle: theme.style(for: Theme.Component.title))
        let labelWidth = 12
        var y = inside.y
        var cursor: Point?
        func field(_ label: String, _ input: TextInput, _ which: UploadPrompt.Field, placeholder: String) {
            guard y < inside.y + inside.height else { return }
            let focused = prompt.focus == which
            grid.write(label, fitting: Rect(x: inside.x + 1, y: y, width: labelWidth, height: 1),
                       style: theme.style(for: Theme.Component.fieldLabel, states: focused ? [.focused] : []))
            let inputRect = Rect(x: inside.x + 1 + labelWidth, y: y, width: max(1, inside.width - labelWidth - 2), height: 1)
            grid.drawTextInput(input, in: inputRect, style: theme.style(for: Theme.Component.fieldValue), placeholder: placeholder,
                               placeholderStyle: theme.style(for: Theme.Component.helpLabel))
            if focused { cursor = grid.cursor }
            y += 1
        }
        field(UIText.text(.uploadFile, l), prompt.path, .path, placeholder: UIText.text(.uploadPathPlaceholder, l))
        if let problem = prompt.problem, y < inside.y + inside.height {
            grid.write(problem, fitting: Rect(x: inside.x + 1 + labelWidth, y: y, width: max(1, inside.width - labelWidth - 2), height: 1),
                       style: theme.style(for: Theme.Component.fieldError))
            y += 1
        }
        for candidate in shown where y < inside.y + inside.height {
            grid.write("  " + candidate, fitting: Rect(x: inside.x + 1 + labelWidth, y: y, width: max(1, inside.width - labelWidth - 2), height: 1),
                       style: theme.style(for: Theme.Component.helpLabel))
            y += 1
        }
        if prompt.candidates.count > shown.count, y < inside.y + inside.height {
            grid.write(UIText.text(.uploadMoreCandidates, l, String(prompt.candidates.count - shown.count)), fitting: Rect(x: inside.x + 1 + labelWidth, y: y, width: max(1, inside.width - labelWidth - 2), height: 1),
                       style: theme.style(for: Theme.Component.helpLabel))
            y += 1
        }
        y += 1
        field(UIText.text(.uploadTitle, l), prompt.title, .title, placeholder: UIText.text(.uploadTitlePlaceholder, l))
        field(UIText.text(.uploadDescription, l), prompt.description, .description, placeholder: "")
        let hint = UIText.text(.uploadDialogHint, l)
        grid.write(hint, fitting: Rect(x: inside.x + 1, y: inside.y + inside.height - 1, width: max(0, inside.width - 2), height: 1),
                   style: theme.style(for: Theme.Component.helpLabel))
        grid.cursor = cursor
    }

    /// "Delete …? y/N" in a small box.
    func drawDeleteConfirmation(_ item: GalleryItem, _ model: GalleryModel, in area: Rect, into grid: inout Grid) {
        let theme = model.theme
        let l = model.status.locale
        let question = UIText.text(.deleteQuestion, l, item.title)
        let detail = UIText.text(model.status.online ? .deleteFromPortal : .deleteWaitsForSync, l)
        let keys = UIText.text(.deleteKeys, l)
        let width = min(area.width, max(question.displayWidth, detail.displayWidth, keys.displayWidth, 20) + 4)
        let height = min(area.height, 6)
        guard width >= 10, height >= 4 else { return }
        let box = Rect(x: area.x + (area.width - width) / 2, y: area.y + (area.height - height) / 2, width: width, height: height)
        grid.fill(box, style: theme.style(for: Theme.Component.overlay))
        let inside = grid.drawBox(box, border: .rounded, style: theme.style(for: Theme.Component.fieldError),
                                  title: UIText.text(.deleteTitle, l), titleStyle: theme.style(for: Theme.Component.title))
        grid.write(question, fitting: Rect(x: inside.x + 1, y: inside.y, width: inside.width - 2, height: 1), style: theme.style(for: Theme.Component.title))
        grid.write(detail, fitting: Rect(x: inside.x + 1, y: inside.y + 1, width: inside.width - 2, height: 1), style: theme.style(for: Theme.Component.overlay))
        if inside.height > 2 {
            grid.write(keys, fitting: Rect(x: inside.x + 1, y: inside.y + inside.height - 1, width: inside.width - 2, height: 1),
                       style: theme.style(for: Theme.Component.helpKey))
        }
        grid.cursor = nil
    }
}
