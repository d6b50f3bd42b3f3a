import Foundation
import Testing
import TermletsTestSupport

/// The real binary with `--locale es_ES` in tmux (issue 15 "Language"): the form, the record
/// list and the gallery speak Spanish — values (decimal comma, dates), the workflow state,
/// placeholders, keys, dialogs.
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

    /// The browser, the record list and the sync view take their words from the Spanish catalog
    /// (issue 13 item 7): menus, counts, the status line, the list's position and the sync summary.
    @Test func theBrowserTheListAndTheSyncViewSpeakSpanish() async throws {
        let home = try CLIHome()
        let terminal = try await TmuxSession.startOffPool(
            [TermletsBinary.url.path, "--locale", "es_ES"] + home.options, columns: 100, rows: 30,
            environment: ListScreenTests.environment)
        let sites = try await terminal.screen("the Spanish site list", timeout: 120) {
            $0.hasPrefix(" Sitios") && BrowserScreenTests.cursorLine($0)?.contains("Termlets Demo") == true
        }
        #expect(sites.contains("en línea"), "\(sites)")
        #expect(sites.contains("Ajustes"), "\(sites)")
        #expect(!sites.contains(" online") && !sites.contains("Settings"), "\(sites)")
        try await terminal.press("Enter")
        let contents = try await terminal.screen("the site's record sets and folders in Spanish", timeout: 60) {
            $0.contains("Conjuntos de registros") && $0.contains("Demo images")
        }
        #expect(contents.contains("120 imágenes · 50001"), "\(contents)")
        #expect(contents.contains("Carpetas de marcadores"), "\(contents)")
        #expect(!contents.contains("Record sets"), "\(contents)")
        try await terminal.press("Down")
        try await terminal.screen("Issues selected") { BrowserScreenTests.cursorLine($0)?.contains("Issues") == true }
        try await terminal.press("Enter")
        let list = try await terminal.screen("the Issues list in Spanish", timeout: 60) {
            $0.contains("Sitios › Termlets Demo › Issues") && BrowserScreenTests.cursorLine($0)?.contains("100001") == true
        }
        #expect(list.contains("1 de 10.000"), "\(list)")
        try await terminal.press("s")
        let sync = try await terminal.screen("the sync view in Spanish", timeout: 60) {
            $0.contains("Sincronización") && $0.contains("Nada pendiente de enviar al portal.")
        }
        #expect(sync.contains("en línea"), "\(sync)")
        #expect(!sync.contains("Nothing waiting"), "\(sync)")
        try await terminal.press("q")
        try await terminal.screen(containing: "[exit 0]")
    }

    /// The gallery in Spanish on its own portal: tiles (sizes with a decimal comma, dates day
    /// first), the upload dialog, the queue row, the delete dialog and its messages, the key help;
    /// the upload and the deletion really reach the portal (the count goes to 121 and back).
    @Test func theGallerySpeaksSpanish() async throws {
        let fixture = try await GalleryPortal.start(prefix: "termlets-gallery-spanish")
        defer {
            fixture.portal.terminate()
        }
        let terminal = try await TmuxSession.startOffPool(
            fixture.galleryCommand + ["--locale", "es_ES"], columns: 100, rows: 30,
            environment: ["TERMLETS_PASSWORD": "test", "NO_COLOR": ""])
        let tiles = try await terminal.screen("the Spanish tiles", timeout: 120) { $0.contains("1 de 120") && $0.contains("u subir") }
        #expect(tiles.contains(" Galería · "), "\(tiles)")
        #expect(tiles.contains("/01/2024"), "dates day first: \(tiles)")
        #expect(tiles.range(of: #"\d+,\d KB"#, options: .regularExpression) != nil, "a decimal comma: \(tiles)")
        #expect(!tiles.contains(" of 120") && !tiles.contains("u upload"), "\(tiles)")

        try await terminal.press("u")
        let dialog = try await terminal.screen(containing: "Subir una imagen")
        #expect(dialog.contains("Archivo") && dialog.contains("Intro siguiente/subir"), "\(dialog)")
        try await terminal.typeOffPool(fixture.image.path)
        try await terminal.press("Enter")
        try await terminal.typeOffPool("Cebra")
        try await terminal.press("Enter", "Enter")
        let uploaded = try await terminal.screen("the finished upload", timeout: 60) { $0.contains("100% subido") && $0.contains("de 121") }
        #expect(uploaded.contains("Imagen subida: Cebra") && !uploaded.contains("uploaded"), "\(uploaded)")
        try await terminal.press("End")
        try await terminal.screen("the new tile") { $0.contains("▸Cebra") && $0.contains("121 de 121") }

        try await terminal.press("d")
        let confirm = try await terminal.screen(containing: "¿Borrar «Cebra»?")
        #expect(confirm.contains("Se borra del portal.") && confirm.contains("n/esc conservar"), "\(confirm)")
        try await terminal.press("y")
        try await terminal.screen("the tile gone", timeout: 60) { $0.contains("Imagen borrada") && $0.contains("120 de 120") }

        try await terminal.press("?")
        let help = try await terminal.screen(containing: "Teclas de la galería")
        #expect(help.contains("Navegación") && help.contains("actualizar") && !help.contains("Navigation"), "\(help)")
        try await terminal.press("Escape")
        try await terminal.screen("the overlay closed") { !$0.contains("Teclas de la galería") && $0.contains("? ayuda") }
        try await terminal.press("q")
        #expect(try await terminal.screen(containing: "[exit ").contains("[exit 0]"))
    }
}
