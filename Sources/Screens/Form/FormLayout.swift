import DDM
import Screenlets
import TermUI

/// Where things go on the form screen at one size, and how tall each row is. Every function costs
/// the rows it looks at (the visible ones), never the whole form.
struct FormLayout {
    let size: Size
    /// Title row.
    let title: Rect
    /// The scrolling rows.
    let body: Rect
    /// Where a row draws: the body but its last column, which holds the scroll marks (so a row's
    /// lines can be copied from one frame to the next whatever marks were beside it).
    let rows: Rect
    let noteRow: Rect
    let statusRow: Rect
    let helpRow: Rect
    /// Below this width labels go above their values.
    static let narrowWidth = 56
    let narrow: Bool
    /// Columns of the label column (left labels).
    let labelColumns: Int

    init(size: Size, widestLabel: Int) {
        self.size = size
        let height = size.height
        title = Rect(x: 0, y: 0, width: size.width, height: min(1, height))
        let chrome = height >= 6 ? 3 : max(0, height - 2)
        body = Rect(x: 0, y: 1, width: size.width, height: max(0, height - 1 - chrome))
        rows = Rect(x: 0, y: body.y, width: max(0, size.width - 1), height: body.height)
        noteRow = chrome >= 3 ? Rect(x: 0, y: height - 3, width: size.width, height: 1) : .zero
        statusRow = chrome >= 2 ? Rect(x: 0, y: height - 2, width: size.width, height: 1) : .zero
        helpRow = chrome >= 1 ? Rect(x: 0, y: height - 1, width: size.width, height: 1) : .zero
        narrow = size.width < FormLayout.narrowWidth
        labelColumns = min(widestLabel + 2, max(10, size.width * 2 / 5))
    }

    /// Columns before a row's label: the focus marker (2) and the nesting indent.
    func indent(_ row: FormRow) -> Int { 2 + row.depth * 2 }

    /// The cell's label position; below `narrowWidth` a left label (the themes' usual) goes above.
    func labelPosition(_ look: FormCellLook) -> FormCellLook.LabelPosition {
        let wanted = look.labelPosition ?? .left
        return narrow && wanted == .left ? .above : wanted
    }

    /// The value column of a row with a left label.
    func valueX(_ look: FormCellLook) -> Int {
        2 + (look.labelWidth ?? labelColumns) + 1
    }

    /// The value area's width for a row.
    func valueWidth(_ row: FormRow, look: FormCellLook) -> Int {
        switch labelPosition(look) {
        case .left: return max(1, size.width - valueX(look) - 1)
        case .above, .hidden: return max(1, size.width - indent(row) - 1)
        }
    }
}

extension FormScreen {
    /// The look of a field's cell (the theme's resolution).
    func look(_ field: DDMField) -> FormCellLook {
        looks.look(field) { configuration.cellLooks($0, configuration.theme) }
    }

    /// A row's height in lines: label (when above), value, editor error or validation message.
    func rowHeight(_ index: Int, model: FormScreenModel, layout: FormLayout) -> Int {
        let row = model.rows[index]
        guard let field = row.field, let key = row.key else { return 2 }
        let look = look(field)
        var height = layout.labelPosition(look) == .above ? 1 : 0
        height += valueHeight(row, field: field, key: key, look: look, model: model, layout: layout)
        if model.editor?.key == key, model.editor?.error != nil {
            height += 1
        } else if model.form.validationMessages[key] != nil {
            height += 1
        }
        return height
    }

    func valueHeight(_ row: FormRow, field: DDMField, key: FormFieldKey, look: FormCellLook, model: FormScreenModel,
                     layout: FormLayout) -> Int {
        // The key first: binding the editor copies it, and only its own row needs that.
        if model.editor?.key == key, let editor = model.editor, editor.isDrawnInPlace, let rows = editor.state.rowsInPlace {
            return rows
        }
        let renderer = configuration.registry.registered(for: field) ?? configuration.components.component(for: field).cell
        if let fixed = renderer.fixedValueHeight { return max(1, fixed) }
        let context = cellContext(field, key: key, model: model, focused: false, look: look)
        return max(1, renderer.valueHeight(context, width: layout.valueWidth(row, look: look)))
    }

    func cellContext(_ field: DDMField, key: FormFieldKey, model: FormScreenModel, focused: Bool, look: FormCellLook) -> FormCellContext {
        let value = model.form.value(of: key.field, instance: key.instance)
        var states: [ComponentState] = [focused ? .focused : .blurred]
        if model.form.validationMessages[key] != nil { states.append(.error) }
        if model.form.differsFromLoaded(value, of: field.name, instance: key.instance) { states.append(.dirty) }
        if !field.isEditable || !model.form.editable { states.append(.disabled) }
        return FormCellContext(field: field, key: key, value: value, locale: model.locale, states: states, look: look,
                               upload: model.form.uploads[key])
    }

    /// The first row to show so `focus` is visible, moving as little as possible from `first`.
    /// Costs the rows that fit on the screen, whatever the distance.
    func scrolled(first: Int, focus: Int, model: FormScreenModel, layout: FormLayout) -> Int {
        let count = model.rows.count
        guard count > 0 else { return 0 }
        let focus = min(max(0, focus), count - 1)
        let first = min(max(0, first), count - 1)
        let room = max(1, layout.body.height)
        if focus < first { return filledUpward(first: focus, model: model, layout: layout) }
        var used = 0
        var row = first
        while row <= focus {
            used += rowHeight(row, model: model, layout: layout)
            if used > room { break }
            row += 1
        }
        if used <= room { return filledUpward(first: first, model: model, layout: layout) }
        return extendedUpward(from: focus, used: rowHeight(focus, model: model, layout: layout), room: room, model: model, layout: layout)
    }

    /// `first`, moved up while the rows from it to the end leave room at the bottom (after a resize
    /// or removing rows). Costs the rows on the screen.
    func filledUpward(first: Int, model: FormScreenModel, layout: FormLayout) -> Int {
        let room = max(1, layout.body.height)
        var used = 0
        var row = first
        while row < model.rows.count {
            used += rowHeight(row, model: model, layout: layout)
            if used >= room { return first }
            row += 1
        }
        return extendedUpward(from: first, used: used, room: room, model: model, layout: layout)
    }

    /// `start` moved up over the rows above it while they fit in `room` beside the `used` rows.
    private func extendedUpward(from start: Int, used: Int, room: Int, model: FormScreenModel, layout: FormLayout) -> Int {
        var start = start
        var used = used
        while start > 0 {
            let above = rowHeight(start - 1, model: model, layout: layout)
            if used + above > room { break }
            used += above
            start -= 1
        }
        return start
    }

    /// The row a page away from `from` (`direction` ±1), by screen lines.
    func pageTarget(from: Int, direction: Int, model: FormScreenModel, layout: FormLayout) -> Int {
        let room = max(1, layout.body.height)
        var used = 0
        var row = from
        while row + direction >= 0 && row + direction < model.rows.count {
            used += rowHeight(row + direction, model: model, layout: layout)
            if used > room { break }
            row += direction
        }
        return row == from ? min(max(0, from + direction), max(0, model.rows.count - 1)) : row
    }
}
