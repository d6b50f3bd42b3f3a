import DDM
import OfflineStore
import PortalClient
import Screenlets
import Testing

/// A row keeps its parts in one shared box (issue 17: a frame's copies of a row cost one retain):
/// it must still compare and hash by what it holds, not by which box holds it.
@Suite("DDL list row")
struct DDLListRowTests {
    private static func record(_ id: Int64, title: String) -> RecordData {
        RecordData(json: ["modelAttributes": ["recordId": .int(id)], "modelValues": ["Title": .string(title), "Priority": "3"]])!
    }

    @Test("rows made apart are equal and hash alike when they hold the same")
    func equalByContent() {
        let a = DDLListRow(record: Self.record(1, title: "One"), labelFields: ["Title", "Priority"])
        let b = DDLListRow(record: Self.record(1, title: "One"), labelFields: ["Title", "Priority"])
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        #expect(Set([a, b]).count == 1)
        #expect(a.showing(labels: ["One", "3"]) == b.showing(labels: ["One", "3"]))
    }

    @Test("a row differs from one with another record, state, label texts or label fields")
    func differsByEachPart() {
        let row = DDLListRow(record: Self.record(1, title: "One"), labelFields: ["Title", "Priority"])
        #expect(row != DDLListRow(record: Self.record(2, title: "One"), labelFields: ["Title", "Priority"]))
        #expect(row != DDLListRow(record: Self.record(1, title: "Uno"), labelFields: ["Title", "Priority"]))
        #expect(row != DDLListRow(record: Self.record(1, title: "One"), labelFields: ["Title", "Priority"], pending: .dirty))
        #expect(row != DDLListRow(record: Self.record(1, title: "One"), labelFields: ["Title"]))
        #expect(row != row.showing(labels: ["One", "3"]))
        #expect(row.showing(labels: ["One", "3"]) != row.showing(labels: ["One", "three"]))
    }

    @Test("showing labels keeps the row's record, state and values, and leaves the row it came from as it was")
    func showingLabelsMakesANewRow() {
        let row = DDLListRow(record: Self.record(7, title: "Seven"), labelFields: ["Title", "Priority"], pending: .conflict)
        let shown = row.showing(labels: ["Seven", "High"])
        #expect(shown.shownLabels == ["Seven", "High"])
        #expect(row.shownLabels == nil)
        #expect(shown.recordId == 7 && shown.isInConflict && shown.labelValues == row.labelValues)
        #expect(shown.labels == ["Seven", "3"])
    }
}
