import DDM
import TermUI

extension FormScreen {
    /// A click while a radio's options (in the field's rows) or a select's pop-up is open: on an
    /// option, a single choice takes it (as Enter on it would: through the field's component, so a
    /// relationship's pick sets the entry's ID) and closes the editor, a multiple select toggles it. The
    /// option lines are found as the view draws them (`OptionPicker.drawInPlace`, `drawPopup`). `nil`: the click
    /// was not on an option.
    func clickOnOption(at point: Point, _ model: inout Model) -> [Effect<Message>]? {
        guard var editor = model.editor, var picker = editor.state as? OptionPicker, model.overlay == nil else { return nil }
        guard let rowY = focusedRowY(model), let index = optionIndex(at: point, picker, rowY: rowY, model: model) else { return nil }
        picker.point(at: index)
        if picker.multiple {
            picker.toggle()
            editor.state = picker
            model.editor = editor
            return []
        }
        guard let field = model.rows.index[editor.key].map({ model.rows[$0] })?.field else { return nil }
        editor.state = picker
        let outcome = configuration.components.component(for: field)
            .handleEditorInput(.chosen(picker.confirm()), editor: &editor, editContext(field, key: editor.key, model))
        return carryOut(outcome, editor, &model)
    }

    /// The screen row where the focused form row starts, when it is on screen.
    func focusedRowY(_ model: Model) -> Int? {
        let layout = layout(model)
        var y = layout.body.y
        var row = scrolled(first: model.firstRow, focus: model.focus, model: model, layout: layout)
        while row < model.rows.count && y < layout.body.maxY {
            if row == model.focus { return y }
            y += rowHeight(row, model: model, layout: layout)
            row += 1
        }
        return nil
    }

    /// The option drawn at `point`: a radio's lines under its value, or a line inside the select's pop-up.
    private func optionIndex(at point: Point, _ picker: OptionPicker, rowY: Int, model: Model) -> Int? {
        let layout = layout(model)
        if picker.inline {
            guard let field = model.rows[model.focus].field else { return nil }
            let look = look(field)
            let valueX = layout.labelPosition(look) == .left ? layout.valueX(look) : layout.indent(model.rows[model.focus])
            let valueY = layout.labelPosition(look) == .above ? rowY + 1 : rowY
            let index = point.y - valueY
            guard point.x >= valueX, layout.body.contains(point), picker.options.indices.contains(index) else { return nil }
            return index
        }
        let box = picker.popupBox(popupDrawing(model, rowY: rowY, layout: layout))
        let inside = Rect(x: box.x + 1, y: box.y + 1, width: max(0, box.width - 2), height: max(0, box.height - 2))
        guard inside.contains(point) else { return nil }
        let first = max(0, picker.cursor - inside.height + 1)
        let index = first + point.y - inside.y
        return picker.options.indices.contains(index) ? index : nil
    }
}
