import DDM
import Screenlets
import TermUI

extension FormScreen {
    /// The open editor, drawn in place of the value.
    func drawEditor(_ editor: FieldEditor, field: DDMField, look: FormCellLook, states: [ComponentState], in rect: Rect, clip: Rect,
                    locale: PortalLocale, into grid: inout Grid) {
        let style = look.style("value", states: [.focused])
        let visible = rect.intersection(clip)
        guard !visible.isEmpty else { return }
        switch editor.kind {
        case .line(let input), .path(let input, _):
            let editRect = Rect(x: rect.x, y: rect.y, width: rect.width, height: 1)
            guard clip.contains(editRect.origin) else { return }
            grid.drawTextInput(input, in: editRect, style: style, placeholder: editorPlaceholder(editor, field: field, locale: locale),
                               placeholderStyle: look.style("placeholder", states: [.focused]).adding(.dim))
        case .box(let area):
            grid.drawTextArea(area, in: visible, style: style)
        case .options(let picker) where picker.inline:
            for (row, option) in picker.options.enumerated() where rect.y + row < clip.maxY && rect.y + row >= clip.y {
                let chosen = picker.selected.contains(option.value)
                let mark = chosen ? look.glyph(FormGlyph.radioOn, fallback: "(•)") : look.glyph(FormGlyph.radioOff, fallback: "( )")
                let lineStyle = row == picker.cursor ? style : look.style("value", states: [.blurred])
                grid.write(mark + " " + option.label, fitting: Rect(x: rect.x, y: rect.y + row, width: rect.width, height: 1), style: lineStyle)
            }
        case .options, .calendar:
            // Drawn as pop-ups over the form; the value stays visible under the label.
            break
        }
    }

    /// What an empty line editor shows: the form a value is typed in, in `locale`'s language.
    func editorPlaceholder(_ editor: FieldEditor, field: DDMField, locale: PortalLocale) -> String {
        switch editor.kind {
        case .path: return UIText.text(.editorPath, locale)
        case .line:
            switch field.kind {
            case .date: return UIText.text(.editorDate, locale)
            case .geolocation: return UIText.text(.editorGeolocation, locale)
            case .integer: return UIText.text(.editorInteger, locale)
            case .decimal: return UIText.text(.editorDecimal, locale)
            default: return ""
            }
        default: return ""
        }
    }

    /// The select pop-up, the calendar, and the path candidates, next to the focused row.
    func drawPopup(_ editor: FieldEditor, model: Model, rowY: Int, layout: FormLayout, into grid: inout Grid) {
        let theme = configuration.theme
        let overlayStyle = theme.style(for: Theme.Component.overlay)
        let border = theme.style(for: Theme.Component.border, states: [.focused])
        let selectedStyle = theme.style(for: "field", states: [.focused])
        let x = layout.narrow ? 2 : layout.labelColumns + 3
        switch editor.kind {
        case .options(let picker) where !picker.inline:
            let width = min(layout.size.width, max(16, (picker.options.map { $0.label.displayWidth }.max() ?? 0) + 10))
            let height = min(layout.size.height, picker.options.count + 2)
            let box = placed(Size(width: width, height: height), below: rowY, x: x, layout: layout)
            grid.fill(box, style: overlayStyle)
            let inside = grid.drawBox(box, border: .rounded, style: border)
            let first = max(0, picker.cursor - inside.height + 1)
            for row in 0..<inside.height where first + row < picker.options.count {
                let option = picker.options[first + row]
                let chosen = picker.selected.contains(option.value)
                let mark = picker.multiple ? (chosen ? "[x] " : "[ ] ") : (chosen ? "(•) " : "( ) ")
                grid.write(mark + option.label, fitting: Rect(x: inside.x, y: inside.y + row, width: inside.width, height: 1),
                           style: first + row == picker.cursor ? selectedStyle : overlayStyle)
            }
        case .calendar(let picker):
            let box = placed(Size(width: 24, height: 10), below: rowY, x: x, layout: layout)
            grid.fill(box, style: overlayStyle)
            let inside = grid.drawBox(box, border: .rounded, style: border,
                                      title: FormText.month(picker.day.month, year: picker.day.year, model.locale),
                                      titleStyle: theme.style(for: Theme.Component.title))
            grid.write(" " + FormText.weekdays(model.locale), at: inside.origin, style: theme.style(for: "field.hint"), clip: inside)
            for (week, days) in picker.weeks.enumerated() {
                for (column, day) in days.enumerated() where day > 0 {
                    let text = day < 10 ? " \(day)" : "\(day)"
                    let style = day == picker.day.day ? selectedStyle : overlayStyle
                    grid.write(text, at: Point(x: inside.x + 1 + column * 3, y: inside.y + 1 + week), style: style, clip: inside)
                }
            }
            grid.cursor = nil
        default:
            break
        }
    }

    /// A rectangle of `size` under the row at `rowY` when it fits, else above it, inside the screen.
    func placed(_ size: Size, below rowY: Int, x: Int, layout: FormLayout) -> Rect {
        let width = min(size.width, layout.size.width)
        let height = min(size.height, layout.size.height)
        var y = rowY + 1
        if y + height > layout.size.height { y = max(0, rowY - height) }
        if y + height > layout.size.height { y = max(0, layout.size.height - height) }
        return Rect(x: min(x, max(0, layout.size.width - width)), y: y, width: width, height: height)
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
