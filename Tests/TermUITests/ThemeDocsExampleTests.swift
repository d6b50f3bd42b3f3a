import Foundation
import Testing
@testable import TermUI

/// The examples in docs/themes.md are real files: they load without a warning.
@Suite("Themes: the examples in docs/themes.md")
struct ThemeDocsExampleTests {
    private static let docsPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/themes.md").path

    /// The fenced code blocks of the document, without their fences (indentation removed).
    private static func codeBlocks() throws -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        var indent = 0
        for line in try String(contentsOfFile: docsPath, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```") {
                if let lines = current {
                    blocks.append(lines.joined(separator: "\n") + "\n")
                    current = nil
                } else {
                    current = []
                    indent = line.count - trimmed.count
                }
            } else if current != nil {
                current?.append(line.dropFirst(min(indent, line.prefix { $0 == " " }.count)))
            }
        }
        return blocks
    }

    private static func block(startingWith prefix: String) throws -> String {
        try #require(codeBlocks().first { $0.hasPrefix(prefix) }, "no code block starting with \(prefix)")
    }

    @Test func theSyntaxSampleParses() throws {
        let entries = try ThemeFileSyntax.parse(Self.block(startingWith: "# a comment"))
        #expect(entries.map(\.key) == ["key", "prefix", "empty", "accent"])
        #expect(entries.map(\.value) == ["value", "[ ", "", "#ff8700"])
    }

    @Test func theExampleThemeAndCellLoadWithoutWarnings() throws {
        let folder = ThemeFolder()
        folder.write("ocean/theme", try Self.block(startingWith: "# Themes/ocean/theme"))
        folder.write("ocean/DDLCustomFieldTitleCell", try Self.block(startingWith: "# Themes/default/DDLCustomFieldTitleCell"))
        let loaded = folder.library.load("ocean")
        #expect(loaded.warnings.isEmpty)
        #expect(loaded.theme.style(for: "field", state: .focused) == Style(foreground: .black, background: .indexed(195)))
        let title = try #require(loaded.resolveCell(fieldName: "Title", kind: "Text"))
        #expect(title.name == "DDLCustomFieldTitleCell")
        #expect(title.layout.labelPosition == .above)
        #expect(title.layout.styles[Theme.Key("value")] == Style(foreground: .indexed(195)))
        #expect(title.layout.labelSuffix == ":")
    }

    @Test func theStepByStepCellLoadsWithoutWarnings() throws {
        let folder = ThemeFolder()
        folder.write("default/DDLCustomFieldTitleCell", try Self.block(startingWith: "label = above\nplaceholder = \"(untitled)\""))
        let loaded = folder.library.load("default")
        #expect(loaded.warnings.isEmpty)
        #expect(loaded.resolveCell(fieldName: "Title", kind: "Text")?.layout.placeholder == "(untitled)")
    }
}
