import DDM
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// The default columns of a record list and how values and the header fit them (issue 15).
@Suite("Record list columns")
@MainActor
struct RecordListColumnsTests {
    nonisolated static func field(_ name: String, _ kind: FieldKind, editor: String = "text", required: Bool = false) -> DDMField {
        DDMField(name: name, kind: kind, editor: editor, dataType: kind.rawValue, rawType: editor, required: required)
    }

    @Test func theTitleLikeFieldComesFirstAndTheDefaultsAreFew() {
        let fields = [
            Self.field("Agreed", .boolean, editor: "checkbox"), Self.field("Notes", .string, editor: "textarea"),
            Self.field("Code", .string, required: true), Self.field("Title", .string), Self.field("Photo", .image, editor: "image"),
            Self.field("Attachment", .document, editor: "documentlibrary"), Self.field("Where", .geolocation, editor: "geolocation"),
            Self.field("Due", .date, editor: "date"), Self.field("Qty", .integer, editor: "number"),
            Self.field("Price", .decimal, editor: "number"), Self.field("Size", .options, editor: "select"),
        ]
        let names = RecordListDefaults.fieldNames(fields)
        #expect(names == ["Title", "Agreed", "Notes", "Code", "Due", "Qty"])
        #expect(names.count == RecordListDefaults.maximumFields)
        // No field called like a title: the first required one-line text field.
        #expect(RecordListDefaults.titleField(fields.filter { $0.name != "Title" })?.name == "Code")
        #expect(RecordListDefaults.fieldNames([Self.field("A", .integer, editor: "number")]) == ["A"])
    }

    @Test func lineBreaksAndTabsShowAsMarks() {
        #expect(TerminalText.singleLine("Two lines\nhere\r\nand\tmore\rend") == "Two lines↵here↵and→more↵end")
        #expect(TerminalText.singleLine("plain") == "plain")
        // U+2028 and U+2029 (lead byte E2) break lines; other characters with that lead byte do not.
        #expect(TerminalText.singleLine("a\u{2028}b\u{2029}c") == "a↵b↵c")
        #expect(TerminalText.singleLine("1 € – “x”") == "1 € – “x”")
        #expect(TerminalText.singleLine("€\u{2028}"[...]) == "€↵")
    }

    /// A spec of `count` text columns.
    static func spec(columns count: Int) -> ListScreenSpec<DDLListRow> {
        let fields = (1...count).map { RecordListField(name: "field\($0)", title: "A rather long title \($0)") }
        return ListFixtures.spec(FakeRecords(count: 3), fields: fields)
    }

    @Test func theHiddenColumnsMarkerIsNeverCut() async throws {
        for width in [40, 52, 60, 80, 100] {
            let size = Size(width: width, height: 10)
            let screen = ListScreen(spec: Self.spec(columns: 14), size: size, status: ListFixtures.status, breadcrumbs: ["Issues"])
            let runtime = Runtime(program: screen, backend: HeadlessBackend(size: size))
            runtime.start()
            let header = GridText.text(ListFixtures.frame(runtime, size: size)).split(separator: "\n", omittingEmptySubsequences: false)[1]
            #expect(header.range(of: #"\(\+\d+\)"#, options: .regularExpression) != nil, "\(width): \(header)")
            runtime.finish()
        }
    }

    @Test func aValueWithALineBreakShowsTheMarkInTheList() async throws {
        let records = FakeRecords(count: 3)
        await records.configure(titleSuffix: "\nsecond")
        let size = Size(width: 80, height: 10)
        let screen = ListScreen(spec: ListFixtures.spec(records), size: size, status: ListFixtures.status, breadcrumbs: ["Issues"])
        let runtime = Runtime(program: screen, backend: HeadlessBackend(size: size))
        runtime.start()
        try await ListFixtures.wait("page 0", runtime) { $0.engine.row(at: 0).row != nil }
        let text = GridText.text(ListFixtures.frame(runtime, size: size))
        #expect(text.contains("課題↵second"), "\(text)")
        #expect(!text.contains("\u{FFFD}"))
        runtime.finish()
    }
}
