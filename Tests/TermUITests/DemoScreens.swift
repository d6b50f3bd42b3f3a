import TermUI

/// A record list screen as the list screenlet will draw it, reduced to what the tests need:
/// header, visible rows only, focus highlight, status line, help line from the key map.
struct DemoList: Program {
    struct Model: Equatable, Sendable {
        var rowCount: Int
        var focus = 0
        var viewport: ScrollWindow
    }

    enum Message: Sendable {
        case command(CommandName)
        case resized(Size)
    }

    let rowCount: Int
    let size: Size
    var keyMap = KeyMap.defaults
    var theme = Theme.standard

    func initialize() -> (Model, [Effect<Message>]) {
        (Model(rowCount: rowCount, viewport: ScrollWindow(height: max(0, size.height - 3))), [])
    }

    func update(_ model: inout Model, _ message: Message) -> [Effect<Message>] {
        switch message {
        case .resized(let size):
            model.viewport.height = max(0, size.height - 3)
        case .command(let command):
            let page = max(1, model.viewport.height - 1)
            switch command {
            case .cursorDown: model.focus = min(model.rowCount - 1, model.focus + 1)
            case .cursorUp: model.focus = max(0, model.focus - 1)
            case .pageDown: model.focus = min(model.rowCount - 1, model.focus + page)
            case .pageUp: model.focus = max(0, model.focus - page)
            case .first: model.focus = 0
            case .last: model.focus = model.rowCount - 1
            case .quit, .forceQuit: return [.quit]
            default: return []
            }
        }
        model.viewport.scrollToShow(model.focus, rowCount: model.rowCount)
        return []
    }

    func view(_ model: Model, size: Size) -> Grid {
        var grid = Grid(size: size)
        let (header, rest) = grid.bounds.splitTop(1)
        let (body, footer) = rest.splitBottom(2)
        let (status, help) = footer.splitTop(1)
        let columns = header.splitColumns([.fixed(8), .flexible(), .fixed(12)])
        let headerStyle = theme.style(for: Theme.Component.listHeader)
        grid.write("ID", fitting: columns[0], style: headerStyle)
        grid.write("Title 名前", fitting: columns[1], style: headerStyle)
        grid.write("Modified", fitting: columns[2], style: headerStyle)
        var viewport = model.viewport
        viewport.height = body.height
        let rows = viewport.visibleRows(rowCount: model.rowCount)
        for (offset, row) in rows.enumerated() {
            let y = body.y + offset
            let style = theme.style(for: Theme.Component.listRow, states: row == model.focus ? [.focused] : [])
            let cells = Rect(x: body.x, y: y, width: body.width, height: 1).splitColumns([.fixed(8), .flexible(), .fixed(12)])
            grid.write(String(1000 + row), fitting: cells[0], style: style)
            grid.write("Record \(row) — 記録", fitting: cells[1], style: style)
            grid.write("2026-11-\(10 + row % 20)", fitting: cells[2], style: style)
        }
        grid.write("row \(model.focus + 1) of \(model.rowCount)", fitting: status,
                   style: theme.style(for: Theme.Component.statusLine))
        grid.drawHelpLine(keyMap.helpLine(for: [.list, .global], width: help.width), in: help, theme: theme)
        return grid
    }

    func message(for event: InputEvent, model: Model) -> Message? {
        switch event {
        case .key(let key): return keyMap.command(for: key, in: [.list, .global]).map(Message.command)
        case .resize(let size): return .resized(size)
        default: return nil
        }
    }
}

/// A small form layout for golden snapshots: titled box, labelled fields (wide and combining
/// characters), focus, an inline error, a dirty field, a checkbox, a text input with its cursor,
/// status and help lines.
enum DemoForm {
    struct Field {
        var label: String
        var value: String
        var error: String? = nil
        var dirty = false
    }

    static let fields: [Field] = [
        Field(label: "Name", value: "Ada Lovelace"),
        Field(label: "名前", value: "山田太郎", dirty: true),
        Field(label: "Café", value: "Cafe\u{301} con leche"),
        Field(label: "Email", value: "", error: "This field is required"),
        Field(label: "Subscribe", value: "[x]"),
        Field(label: "Notes", value: "Escape \u{1B}[31m never reaches the terminal"),
    ]

    static func render(size: Size, focus: Int, theme: Theme, editing: TextInput? = nil,
                       keyMap: KeyMap = .defaults) -> Grid {
        var grid = Grid(size: size)
        let (main, footer) = grid.bounds.splitBottom(2)
        let inside = grid.drawBox(main, border: .rounded, style: theme.style(for: Theme.Component.border),
                                  title: "New record — 記録", titleStyle: theme.style(for: Theme.Component.title))
        let labelWidth = min(12, inside.width / 3)
        var y = inside.y
        for (index, field) in fields.enumerated() where y < inside.maxY {
            var states: [ComponentState] = []
            if index == focus { states.append(.focused) }
            if field.error != nil { states.append(.error) }
            if field.dirty { states.append(.dirty) }
            let row = Rect(x: inside.x, y: y, width: inside.width, height: 1)
            let (labelRect, valueRect) = row.splitLeft(labelWidth)
            grid.write(field.label, fitting: labelRect, style: theme.style(for: Theme.Component.fieldLabel, states: states))
            if index == focus, let editing {
                let shown = editing.visibleText(width: valueRect.width - 1)
                grid.write(shown.text, fitting: valueRect.inset(by: EdgeInsets(left: 1)),
                           style: theme.style(for: Theme.Component.fieldValue, states: states))
                grid.cursor = Point(x: valueRect.x + 1 + shown.cursorColumn, y: y)
            } else {
                grid.write(" " + field.value, fitting: valueRect, style: theme.style(for: Theme.Component.fieldValue, states: states))
            }
            y += 1
            if let error = field.error, y < inside.maxY {
                grid.write("  ! " + error, fitting: Rect(x: inside.x, y: y, width: inside.width, height: 1),
                           style: theme.style(for: Theme.Component.fieldError))
                y += 1
            }
        }
        let (status, help) = footer.splitTop(1)
        grid.write("demo portal · test@liferay.com · online", fitting: status, style: theme.style(for: Theme.Component.statusLine))
        let contexts: [KeyContext] = editing == nil ? [.form, .global] : [.editor, .global]
        grid.drawHelpLine(keyMap.helpLine(for: contexts, width: help.width), in: help, theme: theme)
        return grid
    }
}
