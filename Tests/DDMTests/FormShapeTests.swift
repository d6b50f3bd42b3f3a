import DDM
import Testing

/// A form's shape changes (repetitions added and removed, resets) are recorded in order; a copy
/// follows another's changes, and an instance named in one shape is found in the other.
@Suite("Form shape changes")
struct FormShapeTests {
    static let structure = RecordAndFormTests.structure

    @Test func changesAreRecordedAndInstancesMoveWithThem() throws {
        var model = DDLFormModel(structure: Self.structure, locale: .enUS)
        try model.setValue(.string("first"), of: "Title")
        try model.addInstance(of: "Title", value: .string("last"))
        try model.addInstance(of: "Title", after: 0, value: .string("middle"))
        try model.removeInstance(of: "Title", at: 0)
        #expect(model.shapeChanges == [.added(field: "Title", at: 1), .added(field: "Title", at: 1), .removed(field: "Title", at: 0)])
        #expect(model.values["Title"] == [.string("middle"), .string("last")])
        // "last" was instance 1 before the middle one came, 2 after it, 1 after the first went.
        let moved = model.shapeChanges.dropFirst().reduce(Optional(1)) { instance, change in instance.flatMap { change.instance($0, of: "Title") } }
        #expect(moved == 1)
        #expect(FormShapeChange.removed(field: "Title", at: 0).instance(0, of: "Title") == nil)
        #expect(FormShapeChange.removed(field: "Title", at: 0).instance(3, of: "Count") == 3, "other fields do not move")
        model.reset()
        #expect(model.shapeChanges.last == .reset)
        #expect(FormShapeChange.reset.instance(0, of: "Title") == nil)
    }

    @Test func aCopyFollowsTheChangesItHasNotMade() throws {
        let loaded = DDLFormModel(structure: Self.structure, locale: .enUS)
        var screen = loaded
        var behind = loaded
        try screen.addInstance(of: "Title")
        #expect(behind.follow(screen) == [.added(field: "Title", at: 1)])
        try screen.addInstance(of: "Title", after: 0)
        try screen.removeInstance(of: "Title", at: 2)
        #expect(behind.follow(screen) == [.added(field: "Title", at: 1), .removed(field: "Title", at: 2)])
        #expect(behind.shapeChanges == screen.shapeChanges)
        #expect(behind.values["Title"]?.count == screen.values["Title"]?.count)
        #expect(behind.follow(screen) == [], "following again changes nothing")

        // A copy that went its own way is not changed.
        var diverged = loaded
        try diverged.addInstance(of: "Title", after: 0)
        try diverged.removeInstance(of: "Title", at: 0)
        let before = diverged
        #expect(diverged.follow(screen) == nil)
        #expect(diverged == before)
    }
}
