import Foundation
import Testing
import TermletsTestSupport

/// The real binary with `--locale es_ES` in tmux (issue 15 "Language"): the form and the record
/// list speak Spanish — values (decimal comma, dates), the workflow state, placeholders, keys.
@Suite("Spanish screens in tmux")
struct SpanishScreensTmuxTests {
    @Test func aSpanishFormShowsSpanishValuesStateAndKeys() async throws {
        let home = try CLIHome()
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "form", "--record-set-id", "40001", "--record-id", "41001", "--locale", "es_ES"]
                + home.options, columns: 100, rows: 40, environment: ListScreenTests.environment)
        let screen = try await terminal.screen("the Spanish form", timeout: 120) {
            $0.contains("? ayuda") && $0.contains("De acuerdo") && $0.contains("19 de junio de 2024")
        }
        #expect(screen.contains("Registro 41001 [aprobado]"), "\(screen)")
        #expect(screen.contains("19,99"), "\(screen)")
        #expect(screen.contains("3,50"), "\(screen)")
        #expect(screen.contains("43,3623; -8,4115"), "\(screen)")
        #expect(screen.contains("ctrl+s enviar"), "\(screen)")
        #expect(!screen.contains("[approved]") && !screen.contains("? help"), "\(screen)")
        try await terminal.press("?")
        let help = try await terminal.screen(containing: "Teclas")
        #expect(help.contains("salir"), "\(help)")
        #expect(!help.contains("next field"), "\(help)")
        try await terminal.press("Escape")                  // closes the overlay (Esc then q at once would read as Alt-q)
        try await terminal.screen("the overlay closed") { !$0.contains("Teclas") && $0.contains("? ayuda") }
        try await terminal.press("q")
        try await terminal.screen(containing: "[exit 0]")
    }

    @Test func aSpanishRecordListShowsSpanishValues() async throws {
        let home = try CLIHome()
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "list", "--record-set-id", "40001", "--label-fields", "Title,Price,Quantity,Agreed", "--locale", "es_ES"]
                + home.options, columns: 100, rows: 30, environment: ListScreenTests.environment)
        let screen = try await terminal.screen("the Spanish list", timeout: 120) {
            $0.contains("First sample") && $0.contains("19,99")
        }
        #expect(screen.contains("1234,56"), "\(screen)")
        #expect(screen.contains("Sí"), "\(screen)")
        #expect(screen.contains("Precio") || screen.contains("Price"), "\(screen)")
        try await terminal.press("q")
        try await terminal.screen(containing: "[exit 0]")
    }
}
