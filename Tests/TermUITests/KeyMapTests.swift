import Testing
import TermUI

@Suite("Key map")
struct KeyMapTests {
    let keys = KeyMap.defaults
    let form: [KeyContext] = [.form, .global]
    let editor: [KeyContext] = [.editor, .global]
    let list: [KeyContext] = [.list, .global]

    @Test func formDefaults() {
        #expect(keys.command(for: .tab, in: form) == .nextField)
        #expect(keys.command(for: .down, in: form) == .nextField)
        #expect(keys.command(for: .backTab, in: form) == .previousField)
        #expect(keys.command(for: .up, in: form) == .previousField)
        #expect(keys.command(for: .enter, in: form) == .activate)
        #expect(keys.command(for: .space, in: form) == .toggle)
        #expect(keys.command(for: .escape, in: form) == .back)
        #expect(keys.command(for: .ctrl("s"), in: form) == .submit)
        #expect(keys.command(for: .ctrl("d"), in: form) == .saveDraft)
        #expect(keys.command(for: .character("?"), in: form) == .help)
        #expect(keys.command(for: .character("q"), in: form) == .quit)
        #expect(keys.command(for: .ctrl("c"), in: form) == .forceQuit)
    }

    @Test func editorDefaultsLeaveTypingAlone() {
        #expect(keys.command(for: .escape, in: editor) == .leaveEditor)
        #expect(keys.command(for: .character("q"), in: editor) == nil)  // q types a q
        #expect(keys.command(for: .character("?"), in: editor) == nil)
        #expect(keys.command(for: .ctrl("c"), in: editor) == .forceQuit)
        #expect(keys.command(for: .ctrl("s"), in: editor) == .submit)
    }

    @Test func listDefaults() {
        #expect(keys.command(for: .down, in: list) == .cursorDown)
        #expect(keys.command(for: .up, in: list) == .cursorUp)
        #expect(keys.command(for: .pageDown, in: list) == .pageDown)
        #expect(keys.command(for: .pageUp, in: list) == .pageUp)
        #expect(keys.command(for: .home, in: list) == .first)
        #expect(keys.command(for: .end, in: list) == .last)
        #expect(keys.command(for: .enter, in: list) == .open)
        #expect(keys.command(for: .character("n"), in: list) == .new)
        #expect(keys.command(for: .character("/"), in: list) == .search)
        #expect(keys.command(for: .character("r"), in: list) == .refresh)
        #expect(keys.command(for: .function(5), in: list) == .refresh)
        #expect(keys.command(for: .ctrl("r"), in: list) == .refresh)
        #expect(keys.command(for: .escape, in: list) == .back)
        #expect(keys.command(for: .character("u"), in: list) == .upload)
        #expect(keys.command(for: .character("d"), in: list) == .delete)
    }

    @Test func parsesKeyNamesBothWays() {
        #expect(KeyEvent(parsing: "ctrl-s") == .ctrl("s"))
        #expect(KeyEvent(parsing: "Ctrl+S") == .ctrl("s"))
        #expect(KeyEvent(parsing: "C-s") == .ctrl("s"))
        #expect(KeyEvent(parsing: "alt-x") == .alt("x"))
        #expect(KeyEvent(parsing: "shift-tab") == .backTab)
        #expect(KeyEvent(parsing: "F10") == .function(10))
        #expect(KeyEvent(parsing: "page-down") == .pageDown)
        #expect(KeyEvent(parsing: "pgup") == .pageUp)
        #expect(KeyEvent(parsing: "space") == .space)
        #expect(KeyEvent(parsing: "-") == .character("-"))
        #expect(KeyEvent(parsing: "ctrl--") == .ctrl("-"))
        #expect(KeyEvent(parsing: "N") == .character("N"))
        #expect(KeyEvent(parsing: "ctrl-") == nil)
        #expect(KeyEvent(parsing: "hyper-x") == nil)
        #expect(KeyEvent(parsing: "f25") == nil)
        for event in [KeyEvent.ctrl("s"), .backTab, .pageDown, .function(5), .alt("x"), .space, .character("?"),
                      KeyEvent(.up, modifiers: [.control, .shift])] {
            #expect(KeyEvent(parsing: event.description) == event, "round trip of \(event)")
        }
    }

    @Test func overridesApplyAndKeepOtherDefaults() {
        let (map, diagnostics) = keys.applying(configuration: """
            # my keys
            submit = ctrl-s, f10
            list.refresh = f5   # only F5 now
            save-draft = none
            """)
        #expect(diagnostics.isEmpty)
        #expect(map.command(for: .function(10), in: form) == .submit)
        #expect(map.command(for: .function(10), in: editor) == .submit)
        #expect(map.command(for: .ctrl("s"), in: form) == .submit)
        #expect(map.command(for: .character("r"), in: list) == nil)
        #expect(map.command(for: .function(5), in: list) == .refresh)
        #expect(map.command(for: .ctrl("d"), in: form) == nil)
        #expect(map.command(for: .tab, in: form) == .nextField)
    }

    @Test func parseErrorsGiveClearMessagesAndKeepDefaults() {
        let (map, diagnostics) = keys.applying(configuration: """
            sumbit = f10
            submit = ctrl-
            next-field tab
            quit = ctrl-c
            toggle = tab
            nowhere.quit = x
            help = f1
            """)
        #expect(diagnostics.map(\.description) == [
            "line 1: unknown command \"sumbit\"",
            "line 2: unknown key \"ctrl-\"",
            "line 3: expected \"command = key, key\", found \"next-field tab\"",
            "line 4: ctrl+c always quits and cannot be bound to anything else",
            "line 5: tab is already bound to \"next-field\" in form; unbind it first (next-field = none)",
            "line 6: unknown context \"nowhere\" (use global, form, editor or list)",
        ])
        #expect(map.command(for: .ctrl("s"), in: form) == .submit)
        #expect(map.command(for: .tab, in: form) == .nextField)
        #expect(map.command(for: .function(1), in: form) == .help)  // the valid line applied
        #expect(map.command(for: .ctrl("c"), in: form) == .forceQuit)
    }

    @Test func ctrlCAlwaysQuits() {
        var map = keys
        try? map.rebind(.forceQuit, to: [.function(12)])
        #expect(map.command(for: .ctrl("c"), in: editor) == .forceQuit)
        #expect(map.command(for: .function(12), in: editor) == .forceQuit)
    }

    @Test func helpLineFitsTheWidthInPriorityOrder() {
        #expect(keys.helpLineText(for: form, width: 80)
                == "ctrl+s submit  enter edit/toggle  tab next field  ctrl+d save draft  ? help")
        #expect(keys.helpLineText(for: form, width: 40) == "ctrl+s submit  enter edit/toggle  ? help")
        #expect(keys.helpLineText(for: form, width: 20) == "? help")
        #expect(keys.helpLineText(for: form, width: 3) == "")
        #expect(keys.helpLineText(for: list, width: 60) == "enter open  n new  r refresh  / search  u upload  ? help")
        #expect(keys.helpLineText(for: editor, width: 60) == "enter done  esc cancel edit  ctrl+s submit  tab next field")
        for width in [10, 25, 50, 70, 100] {
            #expect(keys.helpLineText(for: form, width: width).displayWidth <= width)
        }
    }

    @Test func helpLineFollowsOverrides() {
        let (map, _) = keys.applying(configuration: "submit = f10")
        #expect(map.helpLineText(for: form, width: 30).hasPrefix("f10 submit"))
    }

    @Test func aRememberedHelpLineFollowsARebindOfTheSameMap() throws {
        var map = keys
        let before = map.helpLineText(for: form, width: 30)   // remembered for these contexts and width
        #expect(before.hasPrefix("ctrl+s submit"))
        try map.rebind(.submit, to: [.function(10)])
        #expect(map.helpLineText(for: form, width: 30).hasPrefix("f10 submit"))
        #expect(keys.helpLineText(for: form, width: 30) == before)   // the copy it came from is unchanged
    }

    @Test func overlaySectionsListEveryReachableKey() {
        let sections = keys.helpSections(for: form)
        #expect(sections.map(\.title) == ["Navigation", "Editing", "Actions", "General"])
        let navigation = sections[0].entries
        #expect(navigation.first.map { "\($0.keys) \($0.help)" } == "tab, ↓ next field")
        let all = sections.flatMap(\.entries).map(\.help)
        #expect(all.contains("quit now") && all.contains("submit") && all.contains("save draft"))
        #expect(Set(all).count == all.count)
    }

    /// The overlay names each command (what a keys file rebinds) where its help says something else.
    @Test func overlayEntriesNameTheirCommand() {
        let entries = keys.helpSections(for: form).flatMap(\.entries)
        let next = entries.first { $0.help == "next field" }
        #expect(next?.text == "next field [next-field]")
        #expect(entries.first { $0.help == "submit" }?.text == "submit", "the name is not repeated when it is the help")
    }

    /// `preset = vim`: j and k move in the form and the lists where the keys are free; a text
    /// editor never gets them; an unknown preset is a diagnostic.
    @Test func theVimPresetAddsJAndKWhereTheyAreFree() {
        let (map, diagnostics) = keys.applying(configuration: "preset = vim\npreset = emacs")
        #expect(diagnostics.count == 1 && diagnostics[0].line == 2)
        #expect(map.command(for: KeyEvent(.character("j")), in: form) == .nextField)
        #expect(map.command(for: KeyEvent(.character("k")), in: form) == .previousField)
        #expect(map.command(for: KeyEvent(.character("j")), in: [.list, .global]) == .cursorDown)
        #expect(map.command(for: KeyEvent(.character("j")), in: [.editor]) == nil, "typing a j stays typing")
        #expect(keys.command(for: KeyEvent(.character("j")), in: form) == nil, "without the preset, j does nothing")
    }

    @Test func mergingKeepsTheFirstMapsBindingsAndAddsTheOthers() {
        let extra = KeyMap(bindings: [
            KeyBinding(.submit, in: .form, keys: [.function(10)], help: "submit (other)", category: "Actions"),
            KeyBinding(.refresh, in: "sync", keys: [.character("r")], help: "reload", category: "Sync"),
        ])
        let merged = keys.merging(extra)
        #expect(merged.keys(for: .submit, in: .form) == [.ctrl("s")], "the first map's binding wins")
        #expect(merged.command(for: .character("r"), in: ["sync"]) == .refresh)
        #expect(merged.bindings.count == keys.bindings.count + 1)
        // One configuration now reaches both maps' contexts.
        let (configured, diagnostics) = merged.applying(configuration: "sync.refresh = f5")
        #expect(diagnostics.isEmpty)
        #expect(configured.command(for: .function(5), in: ["sync"]) == .refresh)
    }
}
