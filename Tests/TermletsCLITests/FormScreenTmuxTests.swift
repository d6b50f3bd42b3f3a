import DDM
import Foundation
import Testing
import TermletsTestSupport

/// `termlets form` on a terminal: the interactive screen, driven by keys in tmux, against the
/// embedded emulator kept in the test's cache folder.
@Suite("Form screen in tmux")
struct FormScreenTmuxTests {
    @Test func fillsInEveryKindByKeyboardSubmitsAndTheRecordIsOnThePortal() async throws {
        let form = try await FormScreenSession.start()
        let file = form.home.directory.path("quarterly-report.pdf")
        try Data(repeating: 42, count: 200_000).write(to: file)
        let photo = form.home.directory.path("photo.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 1, 2, 3]).write(to: photo)

        try form.keys("Enter")                                        // Agreed: checkbox
        try await form.waitFor("[x] Yes")
        try await form.focus("Title")
        try form.replaceText("Typed in tmux")                          // text
        try await form.focus("Notes")
        try form.keys("Enter")
        try form.type("First line")
        try form.keys("Enter")
        try form.type("Second line")
        try form.keys("C-o")                                           // text box: done
        try await form.waitFor("Second line")
        try await form.focus("Colours")
        try form.keys("Enter", "Down", "Down", "Space", "Enter")       // select (multiple): + Blue
        try await form.waitFor("Green, Blue")
        try await form.focus("Size")
        try form.keys("Enter", "Down", "Down", "Enter")                // radio: Large
        try await form.waitFor("(•) Large")
        try await form.focus("Due date")
        try form.replaceText("2024-06-19")                             // date, typed
        try await form.waitFor("June 19, 2024")
        try await form.focus("Quantity")
        try form.replaceText("12")                                     // integer
        try await form.focus("Weight")
        try form.replaceText("2.5")                                    // decimal
        try await form.focus("Price")
        try form.replaceText("1,234.50")                               // decimal with grouping
        try await form.waitFor("1,234.50")
        try await form.focus("Attachment")
        try form.keys("Enter")
        try form.type(form.home.directory.path("quarterly-r").path)
        try form.keys("Tab")                                            // completes the file name
        try await form.waitFor("quarterly-report.pdf")
        try form.keys("Enter")                                          // the upload starts at once
        try await form.waitFor("Attachment: uploaded")
        try await form.focus("Photo")
        try form.keys("Enter")
        try form.type(photo.path)
        try form.keys("Enter")                                          // image
        try await form.waitFor("Photo: uploaded")
        try await form.focus("Location")
        try form.replaceText("43.46, -3.80")                           // geolocation
        try await form.waitFor("43.46, -3.8")
        try await form.focus("Street")
        try form.replaceText("Calle Mayor 1")                          // nested fields
        try await form.focus("City")
        try form.replaceText("Santander")
        try await form.focus("Phone")
        try form.replaceText("555-0101")
        try form.keys("+")                                             // a repetition
        try await form.waitForFocus("Phone #2")
        try form.replaceText("555-0202")
        try await form.waitFor("555-0202")

        try form.keys("C-s")
        let screen = try await form.waitFor("submitted (approved)")
        let line = try #require(screen.split(separator: "\n").first { $0.contains("submitted (approved)") })
        let recordId = try #require(Int64(line.split(separator: " ")[1]))
        try form.keys("q")
        try await form.waitFor("[exit 0]")

        let list = try await form.home.json(["list", "--record-set-id", "40001", "--all"])
        let record = try #require(list["records"]?.arrayValue?.first { $0["recordId"]?.int64Value == recordId })
        let values = try #require(record["values"])
        #expect(values["Agreed"] == "true")
        #expect(values["Title"] == "Typed in tmux")
        #expect(values["Notes"] == "First line\nSecond line")
        #expect(values["Colours"] == "green,blue")
        #expect(values["Size"] == "large")
        #expect(values["DueDate"] == "2024-06-19")
        #expect(values["Quantity"] == "12")
        #expect(values["Weight"] == "2.5")
        #expect(values["Price"] == "1234.5")
        #expect(values["Attachment"]?.stringValue?.contains("\"uuid\"") == true)
        #expect(values["Photo"]?.stringValue?.contains("\"uuid\"") == true)
        #expect(values["Location"]?.stringValue?.contains("43.46") == true)
        #expect(values["Street"] == "Calle Mayor 1")
        #expect(values["City"] == "Santander")
        #expect(try values["Phone"]?.stringValue.map(JSONValue.parse) == .array(["555-0101", "555-0202"]))
    }

    /// A running upload can be cancelled: the help line offers `x cancel upload` while the focused
    /// field's file is on its way, `x` stops it, the field is empty again, and the portal never had
    /// the whole file (its journal has the request as abandoned, no document service ran).
    @Test func aRunningUploadIsCancelledWithX() async throws {
        let home = try CLIHome()
        let portal = try await TestPortal.start(home)
        defer { portal.stop() }
        // The portal waits before reading an upload's body: a large file cannot be sent whole meanwhile.
        try await portal.setFaults(["latencyMs": 4000, "pathPrefix": "/api/jsonws/dlapp"])
        let file = home.directory.path("large-report.pdf")
        try Data(repeating: 7, count: 40 << 20).write(to: file)
        let form = try await FormScreenSession.start(
            ["--record-set-id", "40001"] + portal.server(), home: home, environment: ["TERMLETS_PASSWORD": "test"])
        try await form.focus("Attachment")
        try form.keys("Enter")
        try form.type(file.path)
        try form.keys("Enter")
        try await form.terminal.waitForScreen("the upload running, x offered") { $0.contains("x cancel upload") }
        try form.keys("x")
        let cancelled = try await form.terminal.waitForScreen("the upload cancelled") { $0.contains("Upload cancelled") }
        #expect(!cancelled.contains("x cancel upload"), "nothing is left to cancel")
        #expect(!cancelled.contains("large-report.pdf"), "the field is back to its value as loaded")
        let journaled = try await waitFor("the upload request ended on the portal", timeout: 60, every: 0.2) {
            try await portal.requests().first { ($0["path"]?.stringValue ?? "").hasPrefix("/api/jsonws/dlapp") }
        }
        #expect(journaled["fault"] == "abandoned", "\(journaled)")
        try form.keys("q")
    }

    @Test func aResizeMidFormKeepsTheValues() async throws {
        let form = try await FormScreenSession.start(columns: 100, rows: 30)
        try await form.focus("Title")
        try form.replaceText("Kept across resizes")
        try await form.waitFor("Kept across resizes")
        try await form.focus("Quantity")
        try form.keys("Enter", "C-u")
        try form.type("77")                                          // still in the editor
        try form.terminal.resize(columns: 50, rows: 14)
        try await form.terminal.waitForScreen("the narrow layout") { $0.contains("? help") && !$0.contains("Kept across resizes") || $0.contains("77") }
        try form.keys("Enter")
        try form.terminal.resize(columns: 120, rows: 40)
        let screen = try await form.terminal.waitForScreen("the wide layout with both values") {
            $0.contains("Kept across resizes") && $0.contains("77") && $0.contains("[ Submit ]")
        }
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 40)
        #expect(lines.last { !$0.isEmpty }?.contains("? help") == true, "the help line is on the last row")
    }

    @Test func aWideCharacterLabelKeepsItsValueAligned() async throws {
        let form = try await FormScreenSession.start()
        let screen = try await form.waitFor("こんにちは")
        let lines = screen.split(separator: "\n").map(String.init)
        let title = try #require(lines.first { $0.contains("Untitled") })
        let greeting = try #require(lines.first { $0.contains("こんにちは") })
        let titleColumn = terminalColumns(title.prefix { $0 != "U" })
        let greetingColumn = terminalColumns(greeting[..<greeting.range(of: "こんにちは")!.lowerBound])
        #expect(greeting.contains("挨拶 (Greeting)"))
        #expect(titleColumn == greetingColumn, "values start in the same column: \(titleColumn) vs \(greetingColumn)")
    }

    @Test func quittingWithUnsavedChangesAsksThenDiscardsAndTheShellIsUsable() async throws {
        let home = try CLIHome()
        let before = try await home.json(["list", "--record-set-id", "40001", "--all"])["records"]?.arrayValue?.count
        let shell = try TmuxSession(["bash", "--norc", "--noprofile", "-i"], columns: 100, rows: 30,
                                    environment: ["NO_COLOR": ""])
        try await shell.waitForScreen("a shell prompt") { !$0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
        try shell.type("PS1='READY$ '")
        try shell.send("Enter")
        try await shell.waitFor(text: "READY$ ")
        let command = ([TermletsBinary.url.path, "form"] + home.options).joined(separator: " ")
        try shell.type(command)
        try shell.send("Enter")
        try await shell.waitForScreen("the form", timeout: 60) { $0.contains("? help") && $0.contains("Agreed") }
        try shell.send("Enter")                                  // Agreed: an unsaved change
        try await shell.waitFor(text: "modified")
        try shell.send("C-c")
        try await shell.waitFor(text: "Unsaved changes")
        try shell.send("d")
        try await shell.waitForScreen("the shell prompt back") { screen in
            screen.split(separator: "\n").last { !$0.isEmpty }.map { $0.hasPrefix("READY$") } == true
        }
        #expect(try shell.format("#{alternate_on}") == "0")
        // The marker is computed by the shell, so the echoed command line never matches it.
        try shell.type("stty -a; echo STTY-$((40 + 2))")
        try shell.send("Enter")
        let stty = try await shell.waitFor(text: "STTY-42")
        #expect(stty.contains(" icanon"), "canonical mode back")
        #expect(stty.contains(" echo "), "echo back")
        #expect(!stty.contains("-icanon"))
        #expect(!stty.contains("-echo "))
        // The discarded edit was never sent: the portal has no new record.
        let after = try await home.json(["list", "--record-set-id", "40001", "--all"])["records"]?.arrayValue?.count
        #expect(before != nil && after == before)
    }
}

/// A cell file dropped into a themes folder changes one field's look, with the same binary.
@Suite("Form screen theme files in tmux")
struct FormScreenThemeFileTests {
    @Test func aCustomFieldCellFileChangesThatFieldWithoutRecompiling() async throws {
        let home = try CLIHome()
        let plain = try await FormScreenSession.start(home: home)
        let before = try plain.terminal.screen()
        #expect(before.contains("Untitled") && !before.contains("«UNTITLED»"))
        try plain.keys("q")
        try await plain.waitFor("[exit 0]")

        let themes = home.directory.path("themes")
        try FileManager.default.createDirectory(at: themes.appendingPathComponent("default"), withIntermediateDirectories: true)
        try """
            # The Title field only: label above, value in guillemets and upper case.
            label = above
            label-suffix = " ⇒"
            prefix = "«"
            suffix = "»"
            value-format = uppercase
            [styles]
            value = bold fg=magenta
            """.write(to: themes.appendingPathComponent("default/DDLCustomFieldTitleCell"), atomically: true, encoding: .utf8)
        let themed = try await FormScreenSession.start(home: home, environment: ["TERMLETS_THEMES_DIR": themes.path])
        let screen = try await themed.waitFor("«UNTITLED»")
        let lines = screen.split(separator: "\n").map(String.init)
        let label = try #require(lines.firstIndex { $0.contains("Title ⇒") })
        #expect(lines[label + 1].contains("«UNTITLED»"), "the value sits under its label")
        #expect(lines.contains { $0.contains("Agreed") && $0.contains("[ ] No") }, "other fields keep the default cells")
        let styled = try themed.terminal.screenWithStyles()
        #expect(styled.contains("35m") || styled.contains("95m"), "magenta from the cell file")
    }
}
