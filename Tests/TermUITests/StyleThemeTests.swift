import Testing
import TermUI

@Suite("Styles, colour depth and themes")
struct StyleThemeTests {
    @Test func downgradesTrueColourTo256And16AndMonochrome() {
        let orange = Color.rgb(255, 135, 0)
        #expect(orange.downgraded(to: .trueColor) == orange)
        #expect(orange.downgraded(to: .ansi256) == .indexed(208))
        #expect(Color.rgb(250, 10, 10).downgraded(to: .ansi16) == .ansi(.brightRed))
        #expect(Color.rgb(128, 128, 128).downgraded(to: .ansi256) == .indexed(244))
        #expect(Color.indexed(21).downgraded(to: .ansi16) == .ansi(.blue))
        #expect(Color.indexed(9).downgraded(to: .ansi16) == .ansi(.brightRed))
        #expect(orange.downgraded(to: .monochrome) == .default)
        #expect(Color.ansi(.red).downgraded(to: .ansi256) == .ansi(.red))
    }

    @Test func monochromeKeepsHighlightsVisibleWithReverse() {
        let bar = Style(foreground: .black, background: .cyan)
        #expect(bar.downgraded(to: .monochrome) == Style(attributes: .reverse))
        let error = Style(foreground: .red, attributes: .bold)
        #expect(error.downgraded(to: .monochrome) == Style(attributes: .bold))
    }

    @Test func detectsColourDepthFromTheEnvironment() {
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": "1"]) == .monochrome)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm-256color", "NO_COLOR": ""]) == .ansi256)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm", "COLORTERM": "truecolor"]) == .trueColor)
        #expect(ColorDepth.detect(environment: ["TERM": "screen"]) == .ansi16)
        #expect(ColorDepth.detect(environment: ["TERM": "dumb"]) == .monochrome)
        #expect(ColorDepth.detect(environment: ["TERM": "xterm", "COLORTERM": "24bit"], maximum: .ansi256) == .ansi256)
    }

    @Test func themeResolvesStatesThenParentsThenBase() {
        var theme = Theme(name: "t", base: Style(foreground: .white))
        theme.set(Style(attributes: .bold), for: "field")
        theme.set(Style(attributes: .reverse), for: "field", state: .focused)
        theme.set(Style(foreground: .red), for: "field.error")
        #expect(theme.style(for: "field.label") == Style(attributes: .bold))
        #expect(theme.style(for: "field.label", state: .focused) == Style(attributes: .reverse))
        #expect(theme.style(for: "field.error") == Style(foreground: .red))
        #expect(theme.style(for: "field.error", states: [.disabled]) == Style(foreground: .red))
        #expect(theme.style(for: "list.row") == Style(foreground: .white))
        theme.set(Style(foreground: .yellow), for: "field", state: .dirty)
        #expect(theme.style(for: "field.value", states: [.dirty, .focused]) == Style(foreground: .yellow))
    }

    @Test func adaptingAThemeDowngradesEveryStyle() {
        let theme = Theme.standard.adapted(to: .ansi16)
        let focused = theme.style(for: "field.label", state: .focused)
        #expect(focused.background != .indexed(117))
        if case .ansi = focused.background {} else { Issue.record("expected a 16-colour background, got \(focused.background)") }
        let mono = Theme.standard.adapted(to: .monochrome)
        #expect(mono.style(for: "field.label", state: .focused).attributes.contains(.reverse))
        #expect(mono.styles.values.allSatisfy { $0.foreground == .default && $0.background == .default })
    }

    @Test func styleDescriptions() {
        #expect(Style.plain.description == "plain")
        #expect(Style(foreground: .red, background: .rgb(1, 2, 255), attributes: [.bold, .underline]).description
                == "fg=red bg=#0102ff bold underline")
    }
}
