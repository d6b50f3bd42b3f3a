import DDM
import Screens
import TermUI
import TermUITesting
import Testing

/// The gallery in Spanish (issue 15 "Language"): every word from the catalog, sizes with a
/// decimal comma, dates day first, the key help translated; the English goldens stay as they are.
@Suite("Gallery screen in Spanish")
struct GallerySpanishTests {
    typealias Fixtures = GalleryFixtures

    static let status = ConnectionStatus(server: "localhost:8080", user: "test@liferay.com", locale: .esES)

    static func screen(size: Size) -> GalleryScreen {
        GalleryScreen(service: StubGalleryService(), size: size, depth: .trueColor, theme: .standard, title: "folder 50001", status: status)
    }

    /// English words that must not show on a Spanish gallery.
    static let englishWords = [
        "Gallery", "images", "Loading", "loading", "upload", "Upload", "delete", "Delete", "refresh", "help", "quit",
        "Title", "Size", "Created", "Modified", "waiting", "pending", "of 12", "keys", "online", "Navigation", "Actions",
    ]

    /// Fails on any of ``englishWords`` in `text`, outside the `[command-name]` marks of the `?`
    /// overlay (the names the keys file uses, the same in every language).
    static func expectNoEnglish(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let text = text.replacing(/\[[a-z-]+\]/, with: "")
        for word in englishWords {
            #expect(!text.contains(word), "“\(word)” is English:\n\(text)", sourceLocation: sourceLocation)
        }
    }

    @Test func tilesTitleAndHelpLine() {
        let screen = Self.screen(size: Size(width: 100, height: 30))
        var model = Fixtures.loadedModel(screen)
        _ = screen.update(&model, .command(.cursorRight))
        let grid = screen.view(model, size: model.size)
        let text = GridText.text(grid)
        #expect(text.contains("Galería · folder 50001") && text.contains("2 de 12"))
        #expect(text.contains("5,2 KB 16/01/2024"), "size with a decimal comma, date day first")
        #expect(text.contains("u subir") && text.contains("enter abrir") && text.contains("test@liferay.com @ localhost:8080 · en línea"))
        Self.expectNoEnglish(text)
        GoldenSnapshot.assertMatches(grid, named: "gallery-es_ES-tiles-100x30")
    }

    @Test func detailView() {
        let screen = Self.screen(size: Size(width: 100, height: 30))
        var model = Fixtures.loadedModel(screen, count: 12)
        for _ in 0..<11 { _ = screen.update(&model, .command(.cursorRight)) }
        _ = screen.update(&model, .command(.open))
        _ = screen.update(&model, .previewLoaded(fileEntryId: 51012, large: true, .image(Fixtures.image(0))))
        let grid = screen.view(model, size: model.size)
        let text = GridText.text(grid)
        #expect(text.contains("Tamaño") && text.contains("47,4 KB (48.531 bytes)"), "grouped digits, decimal comma")
        #expect(text.contains("Modificada") && text.contains("26/01/2024 09:00 UTC"))
        Self.expectNoEnglish(text)
        GoldenSnapshot.assertMatches(grid, named: "gallery-es_ES-detail-100x30")
    }

    @Test func uploadPromptQueueAndMessages() {
        let screen = Self.screen(size: Size(width: 80, height: 24))
        var model = Fixtures.loadedModel(screen)
        _ = screen.update(&model, .command(.upload))
        _ = screen.update(&model, .completions(of: "", []))
        #expect(GridText.text(screen.view(model, size: model.size)).contains("ningún archivo coincide"))
        for character in "/tmp/pictures/ca" { _ = screen.update(&model, .key(.character(character))) }
        _ = screen.update(&model, .completions(of: "/tmp/pictures/ca", ["/tmp/pictures/cat.png", "/tmp/pictures/cave.png"]))
        let prompt = screen.view(model, size: model.size)
        #expect(GridText.text(prompt).contains("Subir una imagen") && GridText.text(prompt).contains("Intro siguiente/subir"))
        Self.expectNoEnglish(GridText.text(prompt))
        GoldenSnapshot.assertMatches(prompt, named: "gallery-es_ES-upload-prompt-80x24")

        _ = screen.update(&model, .key(.escape))
        #expect(model.message == "Subida cancelada")
        _ = screen.update(&model, .uploadAdded(number: 1, fileName: "cat.png", title: "Cat"))
        _ = screen.update(&model, .uploadAdded(number: 2, fileName: "dog.png", title: "Dog"))
        // The service's status speaks English (no locale): the screen keeps its own language.
        _ = screen.update(&model, .serviceEvent(.uploadStarted(number: 1, fileName: "cat.png", title: "Cat"), Fixtures.snapshot(count: 12, sequence: 2), Fixtures.status))
        #expect(model.message == "Subiendo cat.png…")
        _ = screen.update(&model, .serviceEvent(.uploadProgress(number: 1, sent: 61_440, total: 102_400), Fixtures.snapshot(count: 12, sequence: 3), Fixtures.status))
        let progress = screen.view(model, size: model.size)
        #expect(GridText.text(progress).contains("60% 60,0 KB / 100,0 KB") && GridText.text(progress).contains("1 en espera"))
        #expect(GridText.text(progress).contains("x cancelar la subida"))
        Self.expectNoEnglish(GridText.text(progress))
        GoldenSnapshot.assertMatches(progress, named: "gallery-es_ES-upload-progress-80x24")

        _ = screen.update(&model, .command(.cancelUpload))
        #expect(model.message == "Cancelando la subida de Cat…")
        _ = screen.update(&model, .serviceEvent(.uploadCancelled(number: 1, landing: .stopped), Fixtures.snapshot(count: 12, sequence: 4), Fixtures.status))
        #expect(model.message == "Subida de Cat cancelada: no se ha guardado nada")
        #expect(GridText.text(screen.view(model, size: model.size)).contains("cancelada"))
    }

    @Test func deleteConfirmationAndHelpOverlay() {
        let screen = Self.screen(size: Size(width: 80, height: 24))
        var model = Fixtures.loadedModel(screen)
        _ = screen.update(&model, .command(.delete))
        let confirm = GridText.text(screen.view(model, size: model.size))
        #expect(confirm.contains("¿Borrar «Rings 001»?") && confirm.contains("Se borra del portal.") && confirm.contains("n/esc conservar"))
        Self.expectNoEnglish(confirm)
        _ = screen.update(&model, .key(.character("n")))
        #expect(model.message == "No se ha borrado")
        _ = screen.update(&model, .command(.help))
        let overlay = GridText.text(screen.view(model, size: model.size))
        #expect(overlay.contains("Teclas de la galería") && overlay.contains("Navegación") && overlay.contains("actualizar"))
        Self.expectNoEnglish(overlay)
    }

    @Test func emptyAndLoading() {
        let screen = Self.screen(size: Size(width: 80, height: 24))
        var (model, _) = screen.initialize()
        let loading = GridText.text(screen.view(model, size: model.size))
        #expect(loading.contains("Cargando imágenes…") && loading.contains("cargando…"))
        _ = screen.update(&model, .snapshot(Fixtures.snapshot(count: 0)))
        let empty = GridText.text(screen.view(model, size: model.size))
        #expect(empty.contains("Esta carpeta no tiene imágenes. Pulsa u para subir una.") && empty.contains("0 imágenes"))
        Self.expectNoEnglish(empty)
    }
}
