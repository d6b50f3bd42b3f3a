import Testing
@testable import TermUI

/// The line syntax of theme and cell files, and the colour and style words.
@Suite("Theme files: syntax and values")
struct ThemeFileSyntaxTests {
    private func problem(_ text: String) -> ThemeFileProblem? {
        do { _ = try ThemeFileSyntax.parse(text); return nil } catch { return error }
    }

    @Test func readsCommentsSectionsKeysAndBothKindsOfValue() throws {
        let text = """
            # a comment
              # an indented comment
            name = ocean            # a trailing comment
            colour=#1e1e2e

            [styles]   # sections may have comments
            field.label:focused = bold fg=cyan bg=default
            [glyphs]
            checkbox.on = "[x] "  # quoted: spaces kept
            quote = "say \\"hi\\" \\\\ \\u{2713}"
            empty = ""
            hash = "# not a comment"
            """
        let entries = try ThemeFileSyntax.parse(text)
        #expect(entries == [
            ThemeFileEntry(section: "", key: "name", value: "ocean", line: 3),
            ThemeFileEntry(section: "", key: "colour", value: "#1e1e2e", line: 4),
            ThemeFileEntry(section: "styles", key: "field.label:focused", value: "bold fg=cyan bg=default", line: 7),
            ThemeFileEntry(section: "glyphs", key: "checkbox.on", value: "[x] ", line: 9),
            ThemeFileEntry(section: "glyphs", key: "quote", value: "say \"hi\" \\ ✓", line: 10),
            ThemeFileEntry(section: "glyphs", key: "empty", value: "", line: 11),
            ThemeFileEntry(section: "glyphs", key: "hash", value: "# not a comment", line: 12),
        ])
    }

    @Test func acceptsCRLFAByteOrderMarkAndTheSameKeyInTwoSections() throws {
        let entries = try ThemeFileSyntax.parse("\u{FEFF}a = 1\r\n[x]\r\na = 2\r\n")
        #expect(entries.map(\.key) == ["a", "a"])
        #expect(entries.map(\.value) == ["1", "2"])
        #expect(entries.map(\.line) == [1, 3])
    }

    @Test(arguments: [
        ("a = 1\njust words", 2, "expected 'key = value', a [section] or a # comment, found 'just words'"),
        ("\n = 1", 2, "missing key before '='"),
        ("a b = 1", 1, "'a b' is not a valid key (letters, digits, '.', '-', '_' and ':' only)"),
        ("a =", 1, "missing value (write \"\" for an empty one)"),
        ("a =   # only a comment", 1, "missing value (write \"\" for an empty one)"),
        ("a = 1\n\n\na = 2", 4, "'a' is set twice (first at line 1)"),
        ("[s]\n[t]\n[s]", 3, "section [s] appears twice (first at line 1)"),
        ("[styles", 1, "section header without ']'"),
        ("[styles] x", 1, "unexpected text after the section header: 'x'"),
        ("[st yles]", 1, "'[st yles]' is not a valid section name"),
        ("[]", 1, "'[]' is not a valid section name"),
        ("a = \"open", 1, "missing closing quote"),
        ("a = \"x\" y", 1, "unexpected text after the closing quote: 'y'"),
        ("a = \"\\n\"", 1, "unknown escape '\\n' (use \\\", \\\\ or \\u{…})"),
        ("a = \"\\u{zz}\"", 1, "bad \\u{…} escape (hexadecimal code point in braces)"),
        ("a = \"\\u{1b}[2J\"", 1, "control character U+1B in a value"),
        ("a = x\tb", 1, "control character U+9 in a value"),
    ])
    func reportsEverySyntaxErrorWithItsLine(text: String, line: Int, message: String) {
        #expect(problem(text) == ThemeFileProblem(line: line, message: message))
    }

    /// The written-out table of colour names is every standard colour under its case name, in
    /// every spelling a theme may use (camel case, lower case, dashes, underscores).
    @Test func everyStandardColourIsKnownByItsCaseName() {
        #expect(ThemeValues.standardColorNames.count == ANSIColor.allCases.count)
        for color in ANSIColor.allCases {
            let name = "\(color)"
            let dashed = name.replacing(/([A-Z])/) { "-" + $0.1.lowercased() }
            for spelling in [name, name.lowercased(), name.uppercased(), dashed, dashed.replacing("-", with: "_")] {
                #expect(ThemeValues.standardColor(spelling) == .ansi(color), "\(spelling)")
            }
        }
    }

    @Test func colourWords() throws {
        #expect(ThemeValues.standardColor("default") == .default)
        #expect(ThemeValues.standardColor("red") == .red)
        #expect(ThemeValues.standardColor("brightBlack") == .brightBlack)
        #expect(ThemeValues.standardColor("bright-black") == .brightBlack)
        #expect(ThemeValues.standardColor("Bright_Cyan") == .ansi(.brightCyan))
        #expect(ThemeValues.standardColor("0") == .indexed(0))
        #expect(ThemeValues.standardColor("255") == .indexed(255))
        #expect(ThemeValues.standardColor("256") == nil)
        #expect(ThemeValues.standardColor("+5") == nil)
        #expect(ThemeValues.standardColor("#1E1e2f") == .rgb(0x1e, 0x1e, 0x2f))
        #expect(ThemeValues.standardColor("#12345") == nil)
        #expect(ThemeValues.standardColor("blu") == nil)
        let palette = ["accent": "sky", "sky": "117", "loop": "loop2", "loop2": "loop"]
        #expect(try ThemeValues.color("accent", palette: palette) == .indexed(117))
        #expect(throws: ThemeFileProblem(line: 0, message: "unknown colour 'blu' (a palette name, a standard colour name, 0–255 or #rrggbb)")) {
            try ThemeValues.color("blu", palette: palette)
        }
        #expect(throws: ThemeFileProblem(line: 0, message: "'#12' is not a #rrggbb colour")) {
            try ThemeValues.color("#12", palette: palette)
        }
        #expect(throws: ThemeFileProblem(line: 0, message: "palette entries name each other in a circle: loop → loop2 → loop")) {
            try ThemeValues.color("loop", palette: palette)
        }
    }

    @Test func styleWords() throws {
        #expect(try ThemeValues.style("plain", palette: [:]) == .plain)
        #expect(try ThemeValues.style("bold  fg=cyan bg=#000080 underline", palette: [:])
                == Style(foreground: .cyan, background: .rgb(0, 0, 0x80), attributes: [.bold, .underline]))
        #expect(try ThemeValues.style("dim italic reverse fg=ink", palette: ["ink": "black"])
                == Style(foreground: .black, attributes: [.dim, .italic, .reverse]))
        #expect(throws: ThemeFileProblem(line: 0, message: "unknown style word 'blod' (plain, bold, dim, italic, underline, reverse, fg=<colour>, bg=<colour>)")) {
            try ThemeValues.style("blod", palette: [:])
        }
        #expect(throws: ThemeFileProblem(line: 0, message: "fg= given twice")) {
            try ThemeValues.style("fg=red fg=blue", palette: [:])
        }
        #expect(throws: ThemeFileProblem(line: 0, message: "bg= given twice")) {
            try ThemeValues.style("bg=red bg=blue", palette: [:])
        }
    }

    @Test func styleKeys() throws {
        #expect(try ThemeValues.styleKey("field.label") == Theme.Key("field.label"))
        #expect(try ThemeValues.styleKey("field.label:focused") == Theme.Key("field.label", .focused))
        #expect(try ThemeValues.styleKey("list.row:stale") == Theme.Key("list.row", .stale))
        #expect(throws: ThemeFileProblem(line: 0, message: "unknown state 'hover' (focused, blurred, error, disabled, dirty, stale)")) {
            try ThemeValues.styleKey("field:hover")
        }
        for bad in ["field..label", ".field", "field:", "a:focused:error", ":focused"] {
            #expect(throws: ThemeFileProblem.self) { try ThemeValues.styleKey(bad) }
        }
    }
}
