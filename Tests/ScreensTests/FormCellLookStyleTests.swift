import Screens
import Testing
import TermUI

/// A look resolves each part's style once (`FormCellLook.style(_:states:)` keeps what it found):
/// what it answers must still follow the cell's styles, the theme's, the states and their order,
/// and a look changed afterwards must not answer from before the change.
@Suite("Form cell look styles")
struct FormCellLookStyleTests {
    static let red = Style(foreground: .red)
    static let blue = Style(foreground: .blue)
    static let green = Style(foreground: .green)
    static let theme = Theme(name: "t").setting(blue, for: "field.value").setting(green, for: "field.value", state: .error)

    @Test func answersFollowTheCellTheThemeAndTheStates() {
        let layout = CellLayout(styles: [Theme.Key("value", .focused): Self.red])
        let look = FormCellLook(name: "DDLFieldTextCell", layout: layout, theme: Self.theme)
        for _ in 0..<2 {  // the second round is answered from what the first resolved
            #expect(look.style("value", states: [.focused]) == Self.red)
            #expect(look.style("value", states: [.blurred]) == Self.blue)
            #expect(look.style("value", states: [.error, .focused]) == Self.green)
            #expect(look.style("value", states: [.focused, .error]) == Self.red)
            #expect(look.style("label", states: [.focused]) == Theme(name: "t").style(for: "field.label"))
        }
    }

    @Test func aChangedLookResolvesAgain() {
        var look = FormCellLook(name: "DDLFieldTextCell", layout: CellLayout(styles: [Theme.Key("value", .focused): Self.red]),
                                theme: Self.theme)
        let copy = look
        #expect(look.style("value", states: [.focused]) == Self.red)
        look.layout = CellLayout()
        #expect(look.style("value", states: [.focused]) == Self.blue)
        look.theme = Theme(name: "other").setting(Self.green, for: "field.value")
        #expect(look.style("value", states: [.focused]) == Self.green)
        // The copy taken before the changes still answers as the look it copied.
        #expect(copy.style("value", states: [.focused]) == Self.red)
        #expect(copy != look)
    }
}
