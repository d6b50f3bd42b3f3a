import DDM
import Screenlets
import TermUI

extension FormScreen {
    /// Where a pop-up editor goes: next to the focused row's value column, inside the screen.
    func popupDrawing(_ model: Model, rowY: Int, layout: FormLayout) -> FieldPopupDrawing {
        FieldPopupDrawing(theme: configuration.theme, locale: model.locale, screen: layout.size, rowY: rowY,
                          x: layout.narrow ? 2 : layout.labelColumns + 3)
    }

    func drawUnsavedPrompt(_ model: Model, into grid: inout Grid) {
        let theme = configuration.theme
        let discard = keyMap.keys(for: .discardAndQuit, in: .quitPrompt).first?.displayName ?? "d"
        let keep = keyMap.keys(for: .keepEditing, in: .quitPrompt).first?.displayName ?? "k"
        let queued = model.isSaving || model.form.identity.queuedSaveId != nil
        let goesBack = configuration.returnsToList && !model.quitsProgram
        let body = FormText.unsavedBody(goesBack: goesBack, model.locale)
        let lines = queued
            ? [body] + FormText.queuedBody(sending: model.isSaving, model.locale)
                + [FormText.queuedKeys(discard: discard, keep: keep, goesBack: goesBack, model.locale)]
            : [body, FormText.unsavedKeys(discard: discard, keep: keep, goesBack: goesBack, model.locale)]
        let width = min(grid.width, (lines.map(\.displayWidth).max() ?? 0) + 4)
        let height = min(grid.height, lines.count + 2)
        let box = Rect(x: (grid.width - width) / 2, y: (grid.height - height) / 2, width: width, height: height)
        grid.fill(box, style: theme.style(for: Theme.Component.overlay))
        let inside = grid.drawBox(box, border: .rounded, style: theme.style(for: Theme.Component.border, states: [.focused]),
                                  title: FormText.unsavedTitle(model.locale), titleStyle: theme.style(for: Theme.Component.title))
        for (row, line) in lines.enumerated() where row < inside.height {
            grid.write(" " + line, fitting: Rect(x: inside.x, y: inside.y + row, width: inside.width, height: 1),
                       style: theme.style(for: Theme.Component.overlay))
        }
        grid.cursor = nil
    }
}
