import DDM
import PortalClient
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// A custom field component registered by name (`DDLCustomFieldRating`) brings its own look and
/// its own editor to one field of a form, and leaves the others to the built-in components.
@Suite("Field components")
struct FieldComponentTests {
    /// Five stars, drawn `★★★☆☆`; its editor takes 1–5 or ←/→ and Enter keeps the stars.
    struct RatingComponent: FieldComponent {
        var cell: any FormCellRenderer { RatingCell() }

        func activate(_ how: FieldActivationKey, _ context: FieldEditContext) -> FieldActivation {
            if case .integer(let stars)? = context.value { return .edit(RatingEditor(stars: Int(stars))) }
            return .edit(RatingEditor(stars: 0))
        }

        func handleEditorKey(_ command: CommandName?, _ key: KeyEvent, editor: inout FieldEditor, _ context: FieldEditContext) -> FieldEditOutcome {
            guard var rating = editor.state as? RatingEditor else { return .ignored }
            if command == .confirmEdit { return .commit(rating.stars == 0 ? nil : .integer(Int64(rating.stars)), then: .stay) }
            switch key.key {
            case .left: rating.stars = max(0, rating.stars - 1)
            case .right: rating.stars = min(5, rating.stars + 1)
            case .character(let digit) where ("0"..."5").contains(digit): rating.stars = Int(String(digit)) ?? 0
            default: return .ignored
            }
            editor.state = rating
            return .keepEditing
        }

        static func stars(_ count: Int) -> String {
            String(repeating: "★", count: count) + String(repeating: "☆", count: 5 - count)
        }
    }

    struct RatingCell: FormCellRenderer {
        var fixedValueHeight: Int? { 1 }
        func drawValue(_ cell: FormCellContext, in rect: Rect, grid: inout Grid) {
            var stars = 0
            if case .integer(let value)? = cell.value { stars = Int(value) }
            grid.write(RatingComponent.stars(stars), fitting: rect, style: cell.look.style("value", states: cell.states))
        }
    }

    struct RatingEditor: FieldEditorState {
        var stars: Int
        var contexts: [KeyContext] { [.editor, .global] }
        mutating func handle(_ command: CommandName?, _ key: KeyEvent, _ context: FieldEditContext) -> FieldEditorInput { .ignored }
        func drawInPlace(_ drawing: FieldEditorDrawing, into grid: inout Grid) {
            grid.write(RatingComponent.stars(stars) + "  ←/→ 0–5", fitting: drawing.rect, style: drawing.style)
        }
    }

    static func text(_ name: String, _ label: String, _ value: String) -> DDMField {
        DDMField(name: name, kind: .string, editor: "text", dataType: "string", rawType: "text",
                 labels: Localized([.init(locale: "en_US", value: label)], fallsBackToFirst: true),
                 predefinedValues: Localized([.init(locale: "en_US", value: .string(value))], fallsBackToFirst: true))
    }

    static let structure = DDMStructure(format: .json, defaultLocale: .enUS, fields: [
        text("Title", "Title", "Untitled"),
        DDMField(name: "Rating", kind: .integer, editor: "number", dataType: "integer", rawType: "ddm-integer",
                 labels: Localized([.init(locale: "en_US", value: "Rating")], fallsBackToFirst: true),
                 predefinedValues: Localized([.init(locale: "en_US", value: .string("2"))], fallsBackToFirst: true)),
        DDMField(name: "Copies", kind: .integer, editor: "number", dataType: "integer", rawType: "ddm-integer",
                 labels: Localized([.init(locale: "en_US", value: "Copies")], fallsBackToFirst: true),
                 predefinedValues: Localized([.init(locale: "en_US", value: .string("2"))], fallsBackToFirst: true)),
    ])

    static let size = Size(width: 60, height: 12)

    static func screen(components: FieldComponentRegistry) -> (FormScreen, LocalFormScreenlet) {
        let screenlet = LocalFormScreenlet(title: "Review", locale: .enUS, load: { structure }) { _ in "kept" }
        var configuration = FormScreenConfiguration(
            connection: ConnectionStatus(server: "local", user: "test", online: true, pendingWrites: 0),
            initialSize: size, today: CalendarDate(year: 2024, month: 6, day: 15)!)
        configuration.components = components
        return (FormScreen(screenlet: screenlet, configuration: configuration.forLocalForm(), locale: .enUS), screenlet)
    }

    static func line(_ lines: [String], _ label: String) -> String {
        lines.first { $0.contains(label) } ?? ""
    }

    @Test func aCustomComponentDrawsAndEditsItsFieldOnly() async throws {
        var components = FieldComponentRegistry()
        components.register(RatingComponent(), forField: "Rating")
        let (screen, _) = Self.screen(components: components)
        var stepper = await ProgramStepper(screen)
        let before = stepper.lines(Self.size)
        #expect(Self.line(before, "Rating").contains("★★☆☆☆"), "the rating is drawn by its component: \(before)")
        #expect(Self.line(before, "Copies").contains("2") && !Self.line(before, "Copies").contains("★"),
                "another integer field keeps the built-in cell")
        #expect(Self.line(before, "Title").contains("Untitled"))

        await stepper.send(.key(KeyEvent(.down)))
        #expect(stepper.model.focusedRow?.key?.field == "Rating")
        await stepper.send(.key(KeyEvent(.enter)))
        #expect(stepper.model.editor?.state is RatingEditor, "Enter opens the component's own editor")
        await stepper.send(.key(KeyEvent(.right)))
        await stepper.send(.key(KeyEvent(.right)))
        #expect(Self.line(stepper.lines(Self.size), "Rating").contains("★★★★☆  ←/→"), "the editor draws itself in place")
        await stepper.send(.key(KeyEvent(.character("5"))))
        await stepper.send(.key(KeyEvent(.enter)))

        #expect(stepper.model.editor == nil, "Enter commits and closes the editor")
        let after = stepper.lines(Self.size)
        #expect(Self.line(after, "Rating").contains("★★★★★"))
        #expect(stepper.model.form.model?.value(of: "Rating", instance: 0) == .integer(5), "the committed value is in the engine")
        #expect(stepper.model.form.model?.value(of: "Title", instance: 0) == .string("Untitled"))
        #expect(stepper.model.form.model?.value(of: "Copies", instance: 0) == .integer(2))
        // Other fields are drawn as before (the focus marker, two columns, moved from Title to Rating).
        #expect(Self.line(after, "Title").dropFirst(2) == Self.line(before, "Title").dropFirst(2))
        #expect(Self.line(after, "Copies") == Self.line(before, "Copies"))

        // The built-in editor still serves the other integer field.
        await stepper.send(.key(KeyEvent(.down)))
        await stepper.send(.key(KeyEvent(.enter)))
        #expect(stepper.model.editor?.state is LineEditor)
    }

    @Test func escLeavesTheCustomEditorWithoutAValue() async throws {
        var components = FieldComponentRegistry()
        components.register(RatingComponent(), forField: "Rating")
        let (screen, _) = Self.screen(components: components)
        var stepper = await ProgramStepper(screen)
        await stepper.send(.key(KeyEvent(.down)))
        await stepper.send(.key(KeyEvent(.enter)))
        await stepper.send(.key(KeyEvent(.character("4"))))
        await stepper.send(.key(KeyEvent(.escape)))
        #expect(stepper.model.editor == nil, "Esc leaves the custom editor as any other")
        #expect(stepper.model.form.model?.value(of: "Rating", instance: 0) == .integer(2), "nothing was committed")
        #expect(Self.line(stepper.lines(Self.size), "Rating").contains("★★☆☆☆"))
    }

    @Test func aFieldNameWinsOverItsKindAndTheKindOverTheBuiltIn() {
        let rating = Self.structure.fields[1]
        let copies = Self.structure.fields[2]
        #expect(FieldComponentRegistry.standard.component(for: rating) is IntegerFieldComponent)
        var components = FieldComponentRegistry()
        components.register(TextFieldComponent(), as: "DDLFieldInteger")
        #expect(components.component(for: copies) is TextFieldComponent, "registered for the kind")
        components.register(RatingComponent(), forField: "Rating")
        #expect(components.component(for: rating) is RatingComponent, "registered for the field's name")
        #expect(components.component(for: copies) is TextFieldComponent)
        #expect(FieldComponentRegistry.customName("Rating") == "DDLCustomFieldRating")
    }

    /// A click on an option of a relationship field's search pop-up sets the chosen entry's ID, as
    /// Enter on it does (it set the pop-up's raw option value before: the click skipped the
    /// field's component).
    @Test func aClickOnARelatedEntrySetsItsID() async throws {
        let customer = DDMField(
            name: "Customer", kind: .integer, editor: "number", dataType: "integer", rawType: "ddm-integer",
            labels: Localized([.init(locale: "en_US", value: "Customer")], fallsBackToFirst: true),
            attributes: [ObjectMapping.relatedDefinitionAttribute: .int(74000)])
        let structure = DDMStructure(format: .json, defaultLocale: .enUS, fields: [Self.text("Title", "Title", "Untitled"), customer])
        let screenlet = LocalFormScreenlet(title: "Ticket", locale: .enUS, load: { structure }) { _ in "kept" }
        let configuration = FormScreenConfiguration(
            connection: ConnectionStatus(server: "local", user: "test", online: true, pendingWrites: 0),
            initialSize: Size(width: 60, height: 16), today: CalendarDate(year: 2024, month: 6, day: 15)!)
        let screen = FormScreen(screenlet: screenlet, configuration: configuration.forLocalForm(), locale: .enUS)
        var stepper = await ProgramStepper(screen)
        await stepper.send(.key(KeyEvent(.down)))
        await stepper.send(.key(KeyEvent(.enter)))
        let key = try #require(stepper.model.editor?.key, "the line editor is open on Customer")
        await stepper.send(.relatedFound(key, query: "umbrella", .success([
            RelatedEntryChoice(id: 74003, title: "Umbrella"), RelatedEntryChoice(id: 74013, title: "Umbrella Two"),
        ])))
        let lines = stepper.lines(Size(width: 60, height: 16))
        let y = try #require(lines.firstIndex { $0.contains("Umbrella Two") }, "the pop-up lists the matches: \(lines)")
        let x = try #require(lines[y].range(of: "Umbrella Two")).lowerBound.utf16Offset(in: lines[y])
        await stepper.handle(.mouse(MouseEvent(.press(.left), at: Point(x: x + 2, y: y))))
        #expect(stepper.model.editor == nil, "the click chose the entry and closed the pop-up")
        #expect(stepper.model.form.model?.value(of: "Customer", instance: 0) == .integer(74013))
    }
}
