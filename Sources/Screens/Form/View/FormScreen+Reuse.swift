import TermUI

/// Frames built on the last one (``FormFrameMemo``): only what a key changed is drawn.
extension FormScreen {
    /// The last frame with only what the open editor changed drawn again, when the model changed in
    /// nothing but its editor; nil when the frame has to be drawn otherwise.
    func redrawnEditor(_ model: Model, size: Size, last: FormFrameMemo.Frame) -> Grid? {
        guard model.overlay == nil, let editor = model.editor, editor.isDrawnInPlace, last.grid.size == size,
              last.model.editor?.key == editor.key, last.grid.clusterCount <= size.area else { return nil }
        var unedited = model
        unedited.editor = last.model.editor
        guard unedited == last.model, let index = model.rows.index[editor.key],
              let placement = last.body.placement(of: index) else { return nil }
        let layout = FormLayout(size: size, widestLabel: model.rows.widestLabel)
        guard placement.y + placement.height <= layout.body.maxY,
              rowHeight(index, model: model, layout: layout) == placement.height else { return nil }
        let theme = configuration.theme
        var grid = last.grid.trackingWrites()
        grid.cursor = nil
        grid.fill(Rect(x: 0, y: placement.y, width: size.width, height: placement.height))
        drawRow(index, model: model, y: placement.y, layout: layout, into: &grid)
        drawScrollMarks(first: last.body.shownRows.lowerBound, last: last.body.shownRows.upperBound, model: model, layout: layout,
                        into: &grid)
        grid.fill(layout.noteRow)
        drawNote(model, layout: layout, into: &grid)
        let keyContexts = contexts(model)
        if keyContexts != last.contexts {
            grid.drawHelpLine(shownKeyMap(model).helpLine(for: keyContexts, width: layout.helpRow.width), in: layout.helpRow, theme: theme)
        }
        frames.remember(FormFrameMemo.Frame(model: model, grid: grid, contexts: keyContexts, body: last.body))
        frames.editorRedraws.add(1, ordering: .relaxed)
        return grid
    }

    /// The rows of `last` the frame of `model` may copy: when the model changed in nothing but the
    /// focus and the first row shown, at the same size, and nothing (an editor's pop-up, an
    /// overlay) was drawn over the rows.
    func reusableRows(of last: FormFrameMemo.Frame, for model: Model, size: Size) -> ReusableRows? {
        guard last.grid.size == size, last.model.overlay == nil, last.model.editor == nil,
              last.model.focus != model.focus || last.model.firstRow != model.firstRow else { return nil }
        var unmoved = model
        unmoved.focus = last.model.focus
        unmoved.firstRow = last.model.firstRow
        guard unmoved == last.model else { return nil }
        return ReusableRows(frame: last, bodyEnd: FormLayout(size: size, widestLabel: model.rows.widestLabel).body.maxY)
    }
}
