import DDM
import Screenlets
import TermUI

/// A checkbox: `[x] Yes` / `[ ] No`.
public struct BooleanCell: FormCellRenderer {
    public init() {}
    public var fixedValueHeight: Int? { 1 }
    public func drawValue(_ cell: FormCellContext, in rect: Rect, grid: inout Grid) {
        let on: Bool
        if case .boolean(true)? = cell.value { on = true } else { on = false }
        let box = on ? cell.look.glyph(FormGlyph.checkboxOn, fallback: "[x]") : cell.look.glyph(FormGlyph.checkboxOff, fallback: "[ ]")
        cell.look.drawText(box + " " + (cell.value == nil ? "" : cell.valueText), states: cell.states, in: rect, grid: &grid, locale: cell.locale)
    }
}

/// One line of text: text, integer and decimal values in the user's locale.
public struct TextCell: FormCellRenderer {
    public init() {}
    public var fixedValueHeight: Int? { 1 }
    public func drawValue(_ cell: FormCellContext, in rect: Rect, grid: inout Grid) {
        cell.look.drawText(cell.valueText, states: cell.states, in: rect, grid: &grid, locale: cell.locale)
    }
}

/// A location in the user's locale, after the location glyph.
public struct GeolocationCell: FormCellRenderer {
    public init() {}
    public var fixedValueHeight: Int? { 1 }
    public func drawValue(_ cell: FormCellContext, in rect: Rect, grid: inout Grid) {
        var text = cell.valueText
        if !text.isEmpty { text = cell.look.prefix(FormGlyph.locationIcon) + text }
        cell.look.drawText(text, states: cell.states, in: rect, grid: &grid, locale: cell.locale)
    }
}

/// A date in the locale's long form, with the typed form as a hint.
public struct DateCell: FormCellRenderer {
    public init() {}
    public var fixedValueHeight: Int? { 1 }
    public func drawValue(_ cell: FormCellContext, in rect: Rect, grid: inout Grid) {
        var text = cell.valueText
        if case .date(let date)? = cell.value { text = cell.look.prefix(FormGlyph.calendarIcon) + text + "  (\(date.isoString))" }
        cell.look.drawText(text, states: cell.states, in: rect, grid: &grid, locale: cell.locale)
    }
}

/// A multi-line text box: the text wrapped to the width, up to three rows (a `…` when cut).
public struct TextBoxCell: FormCellRenderer {
    public static let maximumRows = 3
    public init() {}

    public func valueHeight(_ cell: FormCellContext, width: Int) -> Int {
        guard width > 0 else { return 1 }
        return min(Self.maximumRows, max(1, lines(cell, width: width).count))
    }

    public func drawValue(_ cell: FormCellContext, in rect: Rect, grid: inout Grid) {
        let all = lines(cell, width: rect.width)
        if all.isEmpty { return cell.look.drawText("", states: cell.states, in: rect, grid: &grid, locale: cell.locale) }
        let style = cell.look.style("value", states: cell.states)
        for row in 0..<min(rect.height, all.count) {
            var line = all[row]
            if row == rect.height - 1 && all.count > rect.height { line = line.truncated(toWidth: max(0, rect.width - 1), ellipsis: "") + "…" }
            grid.write(line, fitting: Rect(x: rect.x, y: rect.y + row, width: rect.width, height: 1), style: style)
        }
    }

    private func lines(_ cell: FormCellContext, width: Int) -> [String] {
        let text = cell.valueText
        guard !text.isEmpty else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { line -> [String] in
            line.isEmpty ? [""] : String(line).wrapped(toWidth: max(1, width))
        }
    }
}

/// A radio group: one row per option, `(•)` on the chosen one.
public struct RadioCell: FormCellRenderer {
    public init() {}
    public func valueHeight(_ cell: FormCellContext, width: Int) -> Int { max(1, cell.field.options.count) }
    public func drawValue(_ cell: FormCellContext, in rect: Rect, grid: inout Grid) {
        var chosen: [String] = []
        if case .options(let values)? = cell.value { chosen = values }
        let style = cell.look.style("value", states: cell.states)
        for (row, option) in cell.field.options.enumerated() where row < rect.height {
            let mark = chosen.contains(option.value)
                ? cell.look.glyph(FormGlyph.radioOn, fallback: "(•)") : cell.look.glyph(FormGlyph.radioOff, fallback: "( )")
            grid.write(mark + " " + option.label(in: cell.locale, defaultLocale: cell.field.defaultLocale),
                       fitting: Rect(x: rect.x, y: rect.y + row, width: rect.width, height: 1), style: style)
        }
    }
}

/// A select: the chosen labels and an arrow; Enter opens the options pop-up.
public struct SelectCell: FormCellRenderer {
    public init() {}
    public var fixedValueHeight: Int? { 1 }
    public func drawValue(_ cell: FormCellContext, in rect: Rect, grid: inout Grid) {
        let arrow = cell.look.glyph(FormGlyph.selectArrow, fallback: "▾")
        guard rect.width > 2 else { return }
        cell.look.drawText(cell.valueText, states: cell.states, in: Rect(x: rect.x, y: rect.y, width: rect.width - 2, height: 1), grid: &grid, locale: cell.locale)
        grid.write(" " + arrow, at: Point(x: rect.x + rect.width - 2, y: rect.y), style: cell.look.style("marker", states: cell.states))
    }
}

/// A document or image: the file's title or path, and a progress bar while it uploads.
public struct DocumentCell: FormCellRenderer {
    public init() {}

    public func valueHeight(_ cell: FormCellContext, width: Int) -> Int { cell.upload == nil ? 1 : 2 }

    public func drawValue(_ cell: FormCellContext, in rect: Rect, grid: inout Grid) {
        var text = cell.valueText
        if case .document(.localFile(let path))? = cell.value { text = path }
        if case .document(.uploadFailed(let path, _))? = cell.value { text = path }
        if case .document(.uploaded(let reference))? = cell.value {
            // The file's own name reads better than the generated title (`form-file-<uuid>`).
            text = reference.raw["fileName"]?.stringValue ?? reference.title ?? FormText.uploadedDocument(cell.locale)
        }
        if !text.isEmpty { text = cell.look.prefix(FormGlyph.documentIcon) + text }
        cell.look.drawText(text, states: cell.states, in: rect, grid: &grid, locale: cell.locale)
        guard let upload = cell.upload, rect.height > 1 else { return }
        let line = Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: 1)
        let hint = cell.look.style("hint", states: cell.states.filter { $0 != .focused })
        switch upload {
        case .pending:
            grid.write(FormText.uploadWaiting(cell.locale), fitting: line, style: hint)
        case .uploading(let sent, let total):
            grid.write(ProgressBar.text(sent: sent, total: total, width: rect.width, look: cell.look, locale: cell.locale), fitting: line, style: hint)
        case .uploaded:
            grid.write(ProgressBar.text(sent: 1, total: 1, width: rect.width, look: cell.look, done: FormText.uploaded(cell.locale)), fitting: line, style: hint)
        case .failed(let reason):
            grid.write(FormText.uploadFailed(reason, cell.locale), fitting: line, style: cell.look.style("error", states: [.error]))
        case .queuedOffline:
            grid.write(FormText.uploadQueued(cell.locale), fitting: line, style: hint)
        }
    }
}

/// A field Termlets cannot edit: its raw value and a note saying so.
public struct UnsupportedCell: FormCellRenderer {
    public init() {}
    public var fixedValueHeight: Int? { 1 }
    public func drawValue(_ cell: FormCellContext, in rect: Rect, grid: inout Grid) {
        let raw = cell.value.map(\.canonicalString) ?? ""
        let note = FormText.unsupportedNote(cell.field.rawType.isEmpty ? cell.field.dataType : cell.field.rawType, cell.locale)
        let x = raw.isEmpty ? rect.x : grid.write(raw, at: Point(x: rect.x, y: rect.y), style: cell.look.style("value", states: cell.states), clip: rect)
        grid.write((raw.isEmpty ? "" : "  ") + note, at: Point(x: x, y: rect.y), style: cell.look.style("hint", states: [.disabled]), clip: rect)
    }
}

/// `███░░░░ 45% 1.4 MB / 2.9 MB` (`1,4 MB / 2,9 MB` in Spanish): the upload bar, in the cell's
/// glyphs, sizes in `locale`.
public enum ProgressBar {
    public static func text(
        sent: Int64, total: Int64, width: Int, look: FormCellLook, done: String? = nil, locale: PortalLocale = .enUS
    ) -> String {
        let fraction = total > 0 ? min(1, max(0, Double(sent) / Double(total))) : 0
        let label = done ?? " \(Int(fraction * 100))% " + ByteSize.progress(sent: sent, total: total, locale: locale)
        let barWidth = max(4, min(20, width - label.displayWidth - 1))
        let filled = Int((Double(barWidth) * fraction).rounded(.down))
        let full = look.glyph(FormGlyph.progressFull, fallback: "█")
        let empty = look.glyph(FormGlyph.progressEmpty, fallback: "░")
        return String(repeating: full, count: filled) + String(repeating: empty, count: barWidth - filled) + " " + label
    }
}
