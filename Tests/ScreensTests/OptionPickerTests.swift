import DDM
import Screens
import Testing

/// A multiple select keeps its selection in the structure's option order, whatever order the
/// options are ticked in (issue 15).
@Suite("Option picker")
struct OptionPickerTests {
    static let colours = DDMField(
        name: "Colours", kind: .options, editor: "select", dataType: "string", rawType: "select", multiple: true,
        options: ["red", "green", "blue"].map { DDMOption(name: nil, value: $0, labels: .none) })

    @Test func tickedOptionsStayInOptionOrder() {
        var picker = OptionPicker(field: Self.colours, value: .options(["blue"]), locale: .enUS, inline: false)
        picker.move(by: -2)  // from blue (its first chosen option) to red
        picker.toggle()
        picker.move(by: 1)  // green
        picker.toggle()
        #expect(picker.selected == ["red", "green", "blue"])
        #expect(picker.confirm() == .options(["red", "green", "blue"]))
        picker.toggle()  // green off
        #expect(picker.selected == ["red", "blue"])
    }
}
