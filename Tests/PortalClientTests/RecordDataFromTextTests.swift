import DDM
import Testing

@testable import PortalClient

/// `RecordData(sourced:)`: a list row read from its text builds its values and two attributes,
/// and must give the very record `RecordData(json:)` gives for the row built whole (issue 17).
@Suite("A record read from its text")
struct RecordDataFromTextTests {
    static let rows: [String] = [
        #"{"modelAttributes": {"recordId": "100001", "modifiedDate": 1705309260000, "uuid": "af88-ee3a", "userName": "Test Test"}, "modelValues": {"Title": "Issue 1", "Done": "false"}}"#,
        #"{"modelValues": {"A": [1, {"b": null}]}, "modelAttributes": {"recordId": 7, "recordId": 8, "modifiedDate": null}}"#,
        #"{"modelValues": {"A": "x"}, "modelValues": {"B": "y"}, "modelAttributes": {}}"#,
        #"{"modelValues": {"A": "x"}}"#,
        #"{"modelValues": {"A": "x"}, "modelAttributes": "not an object"}"#,
        #"{"modelValues": "legacy", "Title": "flat values"}"#,
        #"{"Title": "a legacy plugin's flat values", "recordId": 5}"#,
        #"{"modelAttributes": {"recordId": "12345678901234567890123"}, "modelValues": {}}"#,
        #"{"modelValues": {"Title": "a", "Title": "b", "k\u00e9y": 1, "ke\u0301y": 2, "title": [1]}, "modelAttributes": []}"#,
        #"{ "modelAttributes" : {"recordId": 1, "uuid": "u"}, "modelValues": {"A": 1}, "modelAttributes": {"modifiedDate": 5} }"#,
        #"{"modelAttributes": {"recordId": 3, "modifiedDate": 4}, "model\/Values": {"A": 1}, "modelValues": {"B": 2}}"#,
    ]

    /// Each row, read from a page parsed with and without the session's plan (its members
    /// found while the row is checked, or read from its text afterwards).
    @Test(arguments: rows, [false, true])
    func readsAsTheRowBuiltWhole(row: String, planned: Bool) throws {
        let page = try JSONValue.parseSourced(
            bytes: Array("[[\(row)]]".utf8), elementLevels: 2, defersDeepestElements: true,
            planningDeferred: planned ? RecordData.rowPlan : nil)
        let sourced = try #require(page.elements?[0].elements?[0])
        #expect(!sourced.isBuilt)
        // Rows of plain ASCII are read in the check's pass when planned; one with `\u` is not.
        #expect((sourced.members(readWith: RecordData.rowPlan) != nil) == (planned && !row.contains("\\u")))
        let read = try #require(RecordData(sourced: sourced))
        let whole = try #require(RecordData(json: try JSONValue.parse(row)))
        #expect(read == whole)
        #expect(read.values == whole.values)
        #expect(read.attributes == whole.attributes)
        #expect(read.recordId == whole.recordId)
        #expect(read.modifiedDate == whole.modifiedDate)
        let names = RecordFieldNames(["Title", "A", "B", "title", "absent", "k\u{E9}y"])
        #expect(read.values(of: names) == names.names.map { whole.values[$0] }, "values read by name from the text")
        #expect(read.values(of: names) == whole.values(of: names))
    }

    /// A label field some records lack (or spell in another case) is looked up by name in the
    /// text, without every value built, as the built record finds it.
    @Test func findsAFieldByNameIgnoringCaseOnlyWhenTheExactKeyIsAbsent() throws {
        let row = #"{"modelValues": {"Title": "exact", "TITLE": "other case", "d\u00fcE": "escaped key", "Done": "false"}}"#
        let page = try JSONValue.parseSourced(bytes: Array("[[\(row)]]".utf8), elementLevels: 2, defersDeepestElements: true)
        let sourced = try #require(page.elements?[0].elements?[0])
        let read = try #require(RecordData(sourced: sourced))
        #expect(read.value(matching: "Title") == "exact", "the exact key wins")
        #expect(read.value(matching: "title") == "exact", "else the first key equal ignoring case, in the text's order")
        #expect(read.value(matching: "DÜE") == "escaped key")
        #expect(read.value(matching: "done") == "false")
        #expect(read.value(matching: "DueDate") == nil)
        let whole = try #require(RecordData(json: try JSONValue.parse(#"{"modelValues": {"Title": "exact", "Done": "false"}}"#)))
        #expect(whole.value(matching: "title") == "exact")
        #expect(whole.value(matching: "dONE") == "false")
        #expect(whole.value(matching: "absent") == nil)
    }

    @Test func readsTheRecordIdAndDateWithoutTheOtherAttributesBuilt() throws {
        let page = try JSONValue.parseSourced(bytes: Array("[[\(Self.rows[0])]]".utf8), elementLevels: 2, defersDeepestElements: true)
        let sourced = try #require(page.elements?[0].elements?[0])
        let read = try #require(RecordData(sourced: sourced))
        #expect(read.recordId == 100001)
        #expect(read.modifiedDate == 1705309260000)
        #expect(read.attributes["uuid"] == "af88-ee3a", "read from the text when asked for")
        #expect(RecordData(sourced: SourcedJSON("not a row")) == nil)
    }
}
