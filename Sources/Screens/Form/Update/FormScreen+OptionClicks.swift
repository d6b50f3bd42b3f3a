import DDM
import TermUI

extension FormScreen {
    /// A click while a radio's options (in the field's rows) or a select's pop-up is open: on an
    /// option, a single choice takes it and closes the editor, a multiple select toggles it. The
    /// option lines are found as the view draws them (`drawEditor`, `drawPopup`). `nil`: the click
    /// was not on an option.
    func clickOnOption(at point: Point, _ model: inout Model) -> [Effect<Message>]? {
        guard var editor = model.editor, case .options(var picker) = editor.kind, model.overlay == nil else { return nil }
        guard let rowY = focusedRowY(model), let index = optionIndex(at: point, picker, rowY: rowY, model: model) else { return nil }
        picker.point(at: index)
        if picker.multiple {
            picker.toggle()
            editor.kind = .options(picker)
            model.editor = editor
            return []
        }
        let value = picker.confirm()
        model.editor = nil
        rescroll(&model)
        return [setValue(value, editor.key)]
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
        let width = min(layout.size.width, max(16, (picker.options.map { $0.label.displayWidth }.max() ?? 0) + 10))
        let height = min(layout.size.height, picker.options.count + 2)
        let x = layout.narrow ? 2 : layout.labelColumns + 3
        let box = placed(Size(width: width, height: height), below: rowY, x: x, layout: layout)
        let inside = Rect(x: box.x + 1, y: box.y + 1, width: max(0, box.width - 2), height: max(0, box.height - 2))
        guard inside.contains(point) else { return nil }
        let first = max(0, picker.cursor - inside.height + 1)
        let index = first + point.y - inside.y
        return picker.options.indices.contains(index) ? index : nil
    }
}
