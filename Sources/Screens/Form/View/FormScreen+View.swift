import DDM
import Screenlets
import TermUI

extension FormScreen {
    public func view(_ model: Model, size: Size) -> Grid {
        let last = frames.frame
        if let last, let grid = redrawnEditor(model, size: size, last: last) { return grid }
        var grid = Grid(size: size)
        let layout = FormLayout(size: size, widestLabel: model.rows.widestLabel)
        let theme = configuration.theme
        drawTitle(model, layout: layout, into: &grid)
        var body: FormBodyDrawn?
        if !model.form.hasModel {
            let text = model.note?.kind == .error ? "" : FormText.loading(model.locale)
            grid.write(text, fitting: Rect(x: 2, y: layout.body.y, width: max(0, size.width - 2), height: min(1, layout.body.height)),
                       style: theme.style(for: "field.hint"))
        } else {
            body = drawBody(model, layout: layout, into: &grid, reusing: last.flatMap { reusableRows(of: $0, for: model, size: size) })
        }
        drawNote(model, layout: layout, into: &grid)
        let status = ConnectionStatus(server: configuration.connection.server, user: configuration.connection.user,
                                      online: model.online, pendingWrites: model.pendingWrites, locale: model.locale)
        StatusLine.draw(status, into: &grid, rect: layout.statusRow, theme: theme)
        let keyContexts = contexts(model)
        grid.drawHelpLine(shownKeyMap(model).helpLine(for: keyContexts, width: layout.helpRow.width), in: layout.helpRow, theme: theme)
        if let editor = model.editor, let y = body?.focusedY, !editor.isDrawnInPlace {
            editor.state.drawPopup(popupDrawing(model, rowY: y, layout: layout), into: &grid)
        }
        switch model.overlay {
        case .help(let scroll)?:
            var helpContexts = contexts(model)
            if model.editor != nil { helpContexts.insert(.form, at: helpContexts.count - 1) }
            grid.cursor = nil
            grid.drawHelpOverlay(shownKeyMap(model).helpSections(for: helpContexts), in: grid.bounds, theme: theme,
                                 title: FormText.helpTitle(model.locale), scroll: scroll)
        case .unsavedChanges?:
            drawUnsavedPrompt(model, into: &grid)
        case nil:
            break
        }
        frames.remember(body.map { FormFrameMemo.Frame(model: model, grid: grid, contexts: keyContexts, body: $0) })
        return grid
    }

    func drawTitle(_ model: Model, layout: FormLayout, into grid: inout Grid) {
        guard layout.title.height > 0 else { return }
        let style = configuration.theme.style(for: Theme.Component.title)
        grid.fill(layout.title, style: style)
        let (title, position) = titleTexts.texts(for: FormTitleInputs(model)) { titleText(model) }
        let positionWidth = min(position.displayWidth, layout.title.width / 2)
        grid.write(title, fitting: Rect(x: 0, y: 0, width: layout.title.width - positionWidth, height: 1), style: style)
        grid.write(position, fitting: Rect(x: layout.title.width - positionWidth, y: 0, width: positionWidth, height: 1),
                   style: style, alignment: .right)
    }

    /// The title line's two texts: the form and record on the left, the locale and position on the right.
    func titleText(_ model: Model) -> (title: String, position: String) {
        var title = model.form.recordSetName.map { $0 + (configuration.purpose == .local ? "" : " — ") } ?? ""
        if configuration.purpose == .local {
            // A local form is named by its title alone.
        } else if let recordId = model.form.identity.recordId {
            title += configuration.purpose == .objectEntry
                ? FormText.entry(recordId, model.locale) : FormText.record(recordId, model.locale)
            if model.form.hasModel, let status = model.form.workflowStatus { title += " [\(FormText.workflow(status, model.locale))]" }
            if model.form.hasModel, model.form.isRecordFromCache { title += " • " + FormText.fromCache(model.locale) }
        } else if !model.form.hasModel, model.form.isLoading {
            // Not known yet whether this is a new record or which one: never "New record" too early.
            title += FormText.loading(model.locale)
        } else {
            title += configuration.purpose == .objectEntry ? FormText.newEntry(model.locale) : FormText.newRecord(model.locale)
        }
        if configuration.purpose != .local, model.form.identity.queuedSaveId != nil { title += " • " + FormText.queuedMark(model.locale) }
        if !model.form.editable { title += " (\(FormText.readOnly(model.locale)))" }
        if model.form.isDirty { title += " • " + FormText.modified(model.locale) }
        let position = model.rows.isEmpty ? "" : " \(model.locale.identifier)  \(min(model.focus + 1, model.rows.count))/\(model.rows.count) "
        return (" " + title, position)
    }

    /// Draws the visible rows (copying from `reusing` the rows it has); says where they went.
    func drawBody(_ model: Model, layout: FormLayout, into grid: inout Grid, reusing: ReusableRows? = nil) -> FormBodyDrawn? {
        guard !model.rows.isEmpty, layout.body.height > 0 else { return nil }
        let first = scrolled(first: model.firstRow, focus: model.focus, model: model, layout: layout)
        var y = layout.body.y
        var focusedY: Int?
        var placements: [FormBodyDrawn.Placement] = []
        var copied = 0
        var index = first
        while index < model.rows.count && y < layout.body.maxY {
            let height = rowHeight(index, model: model, layout: layout)
            if index == model.focus { focusedY = y }
            placements.append(FormBodyDrawn.Placement(y: y, height: height))
            if let reusing, index != model.focus, y + height <= layout.body.maxY, let from = reusing.lines(of: index, height: height) {
                grid.copyLines(of: reusing.frame.grid, from: from, count: height, to: y)
                copied += 1
            } else {
                drawRow(index, model: model, y: y, layout: layout, into: &grid)
            }
            y += height
            index += 1
        }
        // Clear anything a tall last row drew below the body.
        if y > layout.body.maxY {
            grid.fill(Rect(x: 0, y: layout.body.maxY, width: layout.size.width, height: min(y, layout.size.height) - layout.body.maxY))
        }
        if copied > 0 {
            // Rows never draw in the body's last column: clear the scroll marks copied with them.
            grid.fill(Rect(x: layout.rows.maxX, y: layout.body.y, width: layout.body.maxX - layout.rows.maxX, height: layout.body.height))
            frames.rowCopies.add(copied, ordering: .relaxed)
        }
        drawScrollMarks(first: first, last: index, model: model, layout: layout, into: &grid)
        return FormBodyDrawn(shownRows: first..<index, placements: placements, focusedY: focusedY)
    }

    func drawScrollMarks(first: Int, last: Int, model: Model, layout: FormLayout, into grid: inout Grid) {
        let style = configuration.theme.style(for: Theme.Component.border)
        let x = layout.size.width - 1
        guard x > 0 else { return }
        if first > 0 { grid.write("▲", at: Point(x: x, y: layout.body.y), style: style) }
        if last < model.rows.count { grid.write("▼", at: Point(x: x, y: layout.body.maxY - 1), style: style) }
    }

    func drawRow(_ index: Int, model: Model, y: Int, layout: FormLayout, into grid: inout Grid) {
        let row = model.rows[index]
        let focused = index == model.focus
        let clip = layout.rows
        guard let field = row.field, let key = row.key else {
            drawSubmitButton(focused: focused, model: model, y: y + 1, layout: layout, into: &grid)
            return
        }
        let look = look(field)
        let context = cellContext(field, key: key, model: model, focused: focused, look: look)
        let states = context.states
        let marker = focused ? look.glyph(FormGlyph.focusMarker, fallback: "›") : " "
        grid.write(marker, at: Point(x: 0, y: y), style: look.style("marker", states: states), clip: clip)
        var label = FormRows.labelText(field, locale: model.locale, instance: key.instance, count: row.instanceCount)
        if field.required { label += look.glyph(FormGlyph.requiredMarker, fallback: "*") }
        label += look.labelSuffix
        let indent = layout.indent(row)
        if focused && indent > 1 {
            // The focus highlight runs on from the marker to the label without a gap.
            grid.fill(Rect(x: 1, y: y, width: indent - 1, height: 1).intersection(clip), style: look.style("label", states: states))
        }
        let position = layout.labelPosition(look)
        let valueWidth = layout.valueWidth(row, look: look)
        var valueRect: Rect
        switch position {
        case .left:
            let labelRect = Rect(x: indent, y: y, width: max(0, layout.valueX(look) - indent - 1), height: 1).intersection(clip)
            if !labelRect.isEmpty { grid.write(label, fitting: labelRect, style: look.style("label", states: states)) }
            if focused && !labelRect.isEmpty {
                // … and on from the label to the value: one bar, one run of bytes.
                let gap = Rect(x: labelRect.maxX, y: y, width: max(0, layout.valueX(look) - labelRect.maxX), height: 1)
                grid.fill(gap.intersection(clip), style: look.style("label", states: states))
            }
            valueRect = Rect(x: layout.valueX(look), y: y, width: valueWidth, height: 1)
        case .above:
            let labelRect = Rect(x: indent, y: y, width: max(0, layout.size.width - indent - 1), height: 1).intersection(clip)
            if !labelRect.isEmpty { grid.write(label, fitting: labelRect, style: look.style("label", states: states)) }
            valueRect = Rect(x: indent, y: y + 1, width: valueWidth, height: 1)
        case .hidden:
            valueRect = Rect(x: indent, y: y, width: valueWidth, height: 1)
        }
        valueRect.size.height = valueHeight(row, field: field, key: key, look: look, model: model, layout: layout)
        let visibleValue = valueRect.intersection(clip)
        if model.editor?.key == key, let editor = model.editor, editor.isDrawnInPlace {
            if !visibleValue.isEmpty {
                let placeholder = configuration.components.component(for: field).editorPlaceholder(field, locale: model.locale)
                editor.state.drawInPlace(FieldEditorDrawing(field: field, look: look, locale: model.locale, rect: valueRect, clip: clip,
                                                            placeholder: placeholder), into: &grid)
            }
        } else if let custom = configuration.registry.registered(for: field) ?? configuration.components.registered(for: field)?.cell,
                  !visibleValue.isEmpty {
            // A registered renderer draws into a grid of its own: it cannot touch the rest of the screen.
            var cellGrid = Grid(size: Size(width: valueRect.width, height: valueRect.height))
            custom.drawValue(context, in: cellGrid.bounds, grid: &cellGrid)
            grid.paste(cellGrid, at: valueRect.origin, clip: clip)
        } else if !visibleValue.isEmpty {
            // Built-in cells draw inside their rectangle; rows cut by the body's edge are cleared below.
            FormCellRegistry.builtIn(field).drawValue(context, in: valueRect, grid: &grid)
        }
        let message = model.editor?.key == key ? model.editor?.error : model.form.validationMessages[key]
        if let message {
            let errorX = position == .left && layout.size.width - layout.valueX(look) >= 40 ? layout.valueX(look) : indent
            let errorRect = Rect(x: errorX, y: valueRect.maxY, width: max(0, layout.size.width - errorX - 1), height: 1).intersection(clip)
            if !errorRect.isEmpty {
                grid.write(look.prefix(FormGlyph.errorMarker, fallback: "!") + message, fitting: errorRect,
                           style: look.style("error", states: [.error]))
            }
        }
    }

    func drawSubmitButton(focused: Bool, model: Model, y: Int, layout: FormLayout, into grid: inout Grid) {
        guard layout.body.contains(Point(x: 2, y: y)) else { return }
        let theme = configuration.theme
        let style = focused ? theme.style(for: "button", states: [.focused]) : theme.style(for: "button")
        let text = configuration.purpose == .local
            ? (model.form.isSubmitting ? FormText.saving(model.locale) : FormText.saveButton(model.locale))
            : (model.form.isSubmitting ? FormText.submitting(model.locale) : FormText.submitButton(model.locale))
        if focused { grid.write("›", at: Point(x: 0, y: y), style: theme.style(for: "field.marker", states: [.focused])) }
        grid.write("[ \(text) ]", at: Point(x: 2, y: y), style: style, clip: layout.rows)
    }

    func drawNote(_ model: Model, layout: FormLayout, into grid: inout Grid) {
        guard layout.noteRow.height > 0 else { return }
        let theme = configuration.theme
        if let line = model.editor?.state.noteLine {
            grid.write(line, fitting: layout.noteRow, style: theme.style(for: "field.hint"))
            return
        }
        guard let note = model.note else { return }
        let style: Style
        switch note.kind {
        case .error: style = theme.style(for: Theme.Component.fieldError)
        case .success: style = theme.style(for: "note.success")
        case .info: style = theme.style(for: "note")
        }
        grid.write(" " + note.text, fitting: layout.noteRow, style: style)
    }
}

extension Grid {
    /// Copies `other` with its top-left corner at `origin`, only inside `clip`.
    mutating func paste(_ other: Grid, at origin: Point, clip: Rect) {
        let target = Rect(origin: origin, size: other.size).intersection(clip).intersection(bounds)
        guard !target.isEmpty else { return }
        for y in target.y..<target.maxY {
            var x = target.x
            while x < target.maxX {
                let cell = other[x - origin.x, y - origin.y]
                if cell.width == 0 { x += 1; continue }
                if cell.isWide {
                    write(cell.grapheme, at: Point(x: x, y: y), style: cell.style, clip: target)
                } else {
                    put(cell, at: Point(x: x, y: y), clip: target)
                }
                x += max(1, Int(cell.width))
            }
        }
    }
}
