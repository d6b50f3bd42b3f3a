import Testing
import TermletsTestSupport

@testable import DDM

/// `JSONMemberPlan`: the members of a page's deferred rows found while the rows are checked
/// (issue 17) must be exactly what `JSONText.members(_:)` reads from each row's text afterwards.
@Suite("Members found while rows are checked")
struct JSONMemberPlanTests {
    static let requests: [JSONMemberRequest] = [
        .build("recordId"), .text("Title"), .build("eightChr"),
        .members("nested", [.build("Title"), .text("recordId"), .build("sixteenBytesLong")]),
        .text("sixteenBytesLong"), .members("other1", [.build("K")]),
    ]

    /// Seeded random rows (repeated keys, escaped spellings, nested objects, every kind of value,
    /// random whitespace), several to a page: each row's planned members are its text's.
    @Test func plannedMembersAreTheMembersReadFromTheText() throws {
        let plan = try #require(JSONMemberPlan(Self.requests))
        var generator = SeededGenerator(seed: 53)
        var (planned, notPlanned) = (0, 0)
        for _ in 0..<1_000 {
            let rows = (0..<Int.random(in: 1...4, using: &generator)).map { _ in
                JSONTextMembersTests.object(depth: 0, using: &generator)
            }
            let text = "[[" + rows.joined(separator: ", ") + "], 7]"
            let page = try JSONValue.parseSourced(
                bytes: Array(text.utf8), elementLevels: 2, defersDeepestElements: true, planningDeferred: plan)
            let read = try #require(page.elements?[0].elements)
            #expect(read.count == rows.count)
            for row in read {
                guard let members = row.members(readWith: plan) else {
                    notPlanned += 1
                    continue
                }
                planned += 1
                let expected = try #require(row.text?.members(Self.requests))
                #expect(Self.same(members, expected), "\(row.text?.string ?? "")")
            }
        }
        #expect(planned > 500 && notPlanned > 500, "both ways are met (\(planned) planned, \(notPlanned) not)")
    }

    @Test func aRepeatedParentForgetsTheNestedMembersOfTheOneBefore() throws {
        let plan = try #require(JSONMemberPlan(Self.requests))
        let row = #"{"nested": {"Title": "first", "recordId": 1}, "recordId": 2, "nested": {"recordId": 3}, "recordId": 4}"#
        let page = try JSONValue.parseSourced(
            bytes: Array("[[\(row)]]".utf8), elementLevels: 2, defersDeepestElements: true, planningDeferred: plan)
        let members = try #require(page.elements?[0].elements?[0].members(readWith: plan))
        #expect(members[0]?.value == 4, "the last of a repeated key")
        #expect(members[3]?.members?[0] == nil, "the first parent's Title is forgotten")
        #expect(members[3]?.members?[1]?.text.string == "3")
        #expect(Self.same(members, try #require(JSONText(utf8: ArraySlice(row.utf8)).members(Self.requests))))
    }

    @Test func onlyThePlanTheRowsWereCheckedWithReadsThem() throws {
        let plan = try #require(JSONMemberPlan(Self.requests))
        let other = try #require(JSONMemberPlan(Self.requests))
        let page = try JSONValue.parseSourced(
            bytes: Array(#"[[{"recordId": 1}, [1], "s"]]"#.utf8), elementLevels: 2, defersDeepestElements: true,
            planningDeferred: plan)
        let rows = try #require(page.elements?[0].elements)
        #expect(rows[0].members(readWith: plan)?[0]?.value == 1)
        #expect(rows[0].members(readWith: other) == nil, "another plan, even for the same requests")
        #expect(rows[1].members(readWith: plan) == nil, "an array is no object")
        #expect(rows[2].members(readWith: plan) == nil)
        let unplanned = try JSONValue.parseSourced(
            bytes: Array(#"[[{"recordId": 1}]]"#.utf8), elementLevels: 2, defersDeepestElements: true)
        #expect(unplanned.elements?[0].elements?[0].members(readWith: plan) == nil)
    }

    @Test func aPlanTakesOnlyKeysItsBytesDecide() {
        #expect(JSONMemberPlan([.text("a/b")]) == nil, "\"a\\/b\" in a text is this key")
        #expect(JSONMemberPlan([.text("seventeenBytesLon")]) == nil)
        #expect(JSONMemberPlan([.text("título")]) == nil)
        #expect(JSONMemberPlan([.text("a\"b")]) == nil)
        #expect(JSONMemberPlan([.members("a", [.members("b", [.text("c")])])]) == nil, "three levels")
        #expect(JSONMemberPlan([.text("sixteenBytesLong"), .members("a", [.build("b")])]) != nil)
    }

    /// The same members: values, texts and nested members.
    static func same(_ lhs: [JSONTextMember?], _ rhs: [JSONTextMember?]) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { left, right in
            switch (left, right) {
            case (nil, nil): return true
            case (let left?, let right?):
                let nested: Bool
                switch (left.members, right.members) {
                case (nil, nil): nested = true
                case (let l?, let r?): nested = same(l, r)
                default: nested = false
                }
                return left.value == right.value && left.text.string == right.text.string && nested
            default: return false
            }
        }
    }
}
