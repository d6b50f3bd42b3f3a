import Testing
import TermUI

@Suite("Geometry and layout")
struct GeometryTests {
    @Test func intersectionAndContainment() {
        let a = Rect(x: 0, y: 0, width: 10, height: 5)
        let b = Rect(x: 6, y: 3, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 6, y: 3, width: 4, height: 2))
        #expect(a.intersection(Rect(x: 20, y: 0, width: 3, height: 3)).isEmpty)
        #expect(a.contains(Point(x: 9, y: 4)))
        #expect(!a.contains(Point(x: 10, y: 4)))
        #expect(a.contains(Rect(x: 1, y: 1, width: 9, height: 4)))
        #expect(b.clipped(to: a) == a.intersection(b))
    }

    @Test func insetNeverGoesNegative() {
        let r = Rect(x: 2, y: 2, width: 3, height: 3)
        #expect(r.inset(by: 1) == Rect(x: 3, y: 3, width: 1, height: 1))
        #expect(r.inset(by: 5).isEmpty)
        #expect(r.inset(by: EdgeInsets(left: 1, right: 1)) == Rect(x: 3, y: 2, width: 1, height: 3))
    }

    @Test func splitsFixedAndFlexibleRows() {
        let screen = Rect(x: 0, y: 0, width: 80, height: 24)
        let rows = screen.splitRows([.fixed(1), .flexible(), .fixed(1)])
        #expect(rows.map(\.height) == [1, 22, 1])
        #expect(rows.map(\.y) == [0, 1, 23])
        let columns = screen.splitColumns([.fixed(20), .flexible(weight: 1), .flexible(weight: 2)])
        #expect(columns.map(\.width) == [20, 20, 40])
        #expect(columns.map(\.x) == [0, 20, 40])
    }

    @Test func distributesRemaindersAndShortages() {
        #expect(Layout.distribute(10, among: [.flexible(), .flexible(), .flexible()]) == [4, 3, 3])
        #expect(Layout.distribute(5, among: [.fixed(4), .fixed(4), .flexible()]) == [4, 1, 0])
        #expect(Layout.distribute(10, among: [.atLeast(6), .flexible()]) == [8, 2])
        #expect(Layout.distribute(-3, among: [.fixed(2)]) == [0])
    }

    @Test func splitHelpers() {
        let r = Rect(x: 0, y: 0, width: 10, height: 10)
        let (top, rest) = r.splitTop(3)
        #expect(top.height == 3 && rest.y == 3 && rest.height == 7)
        let (body, bottom) = r.splitBottom(1)
        #expect(body.height == 9 && bottom.y == 9)
        let (left, right) = r.splitLeft(12)
        #expect(left.width == 10 && right.width == 0)
    }
}
