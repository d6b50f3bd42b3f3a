import DDM
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// The settings: a form over a structure made in code, edited on the form screen, opened from
/// the browser, whose saves change the browser's look at once.
@Suite("Settings screen")
@MainActor
struct SettingsScreenTests {
    nonisolated static let themes = [
        SettingsForm.Choice("compact", "compact — Labels above values"),
        SettingsForm.Choice("default", "default — The 16 standard colours"),
        SettingsForm.Choice("mono", "mono — No colours"),
    ]

    /// Where the settings are "stored" in these tests, and the theme the browser gets back.
    actor Store {
        var saved: [AppSettings] = []
        var current = AppSettings()

        func save(_ settings: AppSettings) -> String {
            saved.append(settings)
            current = settings
            return "the test store"
        }

        /// The browser's theme for the stored settings: mono for `mono`, else the standard one.
        func theme() -> Theme {
            current.theme == "mono" ? Theme.monochrome.withListComponents(monochrome: true) : Theme.standard.withListComponents()
        }
    }

    nonisolated static func settingsScreen(_ store: Store, _ screen: FormRequest.Screen) async -> FormScreen {
        let screenlet = SettingsForm.screenlet(current: await store.current, themes: themes, locale: .enUS) { new in
            await store.save(new)
        }
        let configuration = FormScreenConfiguration(
            connection: screen.status, initialSize: screen.size, today: CalendarDate(year: 2024, month: 6, day: 15)!)
        return FormScreen(screenlet: screenlet, configuration: configuration.forLocalForm(), locale: .enUS)
    }

    static func runtime(_ store: Store) -> Runtime<PortalBrowser> {
        var services = BrowserScreenTests.services(FakeRecords(count: 10))
        services.settings = SettingsServices(
            open: { request in await settingsScreen(store, request) }, theme: { await store.theme() })
        let browser = PortalBrowser(services: services, size: Size(width: 80, height: 24), status: ListFixtures.status)
        let runtime = Runtime(program: browser, backend: HeadlessBackend(size: Size(width: 80, height: 24)))
        runtime.start()
        return runtime
    }

    static func topForm(_ model: PortalBrowser.Model) -> FormScreen.Model? {
        if let form = model.top(FormScreen.self) { return form.model }
        return nil
    }

    @Test func theStructureShowsTheSettingsAndReadsThemBack() throws {
        let current = AppSettings(locale: "es_ES", theme: "compact", offlinePolicy: "cache-first", autoSync: false)
        let structure = SettingsForm.structure(current: current, themes: Self.themes)
        #expect(structure.fields.map(\.name) == [
            SettingsForm.Field.locale, SettingsForm.Field.theme, SettingsForm.Field.offlinePolicy, SettingsForm.Field.autoSync,
        ])
        let model = DDLFormModel(structure: structure, locale: .enUS)
        #expect(model.value(of: SettingsForm.Field.theme, instance: 0) == .options(["compact"]))
        #expect(SettingsForm.settings(from: model, fallback: AppSettings()) == current)
        // Automatic is no stored theme; a theme that is gone stays offered, marked.
        let automatic = DDLFormModel(structure: SettingsForm.structure(current: AppSettings(), themes: Self.themes), locale: .enUS)
        #expect(SettingsForm.settings(from: automatic, fallback: current).theme == nil)
        let gone = SettingsForm.structure(current: AppSettings(theme: "ocean"), themes: Self.themes)
        let themeField = try #require(gone.field(named: SettingsForm.Field.theme))
        #expect(themeField.options.map(\.value) == ["automatic", "compact", "default", "mono", "ocean"])
        #expect(themeField.options.last?.label(in: .enUS, defaultLocale: .enUS) == "ocean (not found)")
        // Labels follow the form's locale.
        #expect(structure.field(named: SettingsForm.Field.locale)?.label(in: .esES) == "Idioma")
    }

    @Test func changesSayWhatDiffers() {
        let old = AppSettings()
        #expect(old.changes(from: old).isEmpty)
        let new = AppSettings(locale: "ja_JP", theme: "mono", offlinePolicy: "cache-only", autoSync: false)
        #expect(new.changes(from: old) == ["language ja_JP", "theme mono", "offline policy cache-only", "automatic sync off"])
    }

    /// Issue 15 "Language": the settings form's labels, tips, choices and its save message in
    /// Spanish come from the catalog.
    @Test func theSettingsSpeakSpanish() throws {
        let structure = SettingsForm.structure(current: AppSettings(theme: "ocean", offlinePolicy: "odd"), themes: Self.themes)
        let policy = try #require(structure.field(named: SettingsForm.Field.offlinePolicy))
        #expect(policy.label(in: .esES) == "Política sin conexión")
        #expect(policy.options.first?.label(in: .esES, defaultLocale: .enUS) == "remote-first — el portal; la caché si no se puede llegar a él")
        #expect(policy.options.first?.label(in: .enUS, defaultLocale: .enUS) == "remote-first — the portal; the cache when it cannot be reached")
        #expect(policy.options.last?.label(in: .esES, defaultLocale: .enUS) == "odd (desconocida)")
        let theme = try #require(structure.field(named: SettingsForm.Field.theme))
        #expect(theme.options.first?.label(in: .esES, defaultLocale: .enUS) == "automatic — mono sin colores; si no, default")
        #expect(theme.options.last?.label(in: .esES, defaultLocale: .enUS) == "ocean (no encontrado)")
        let locale = try #require(structure.field(named: SettingsForm.Field.locale))
        #expect(locale.options.first { $0.value == "es_ES" }?.label(in: .esES, defaultLocale: .enUS) == "Español (España)")
        #expect(structure.field(named: SettingsForm.Field.autoSync)?.label(in: .esES) == "Sincronizar solo")
        let new = AppSettings(locale: "es_ES", theme: "mono", offlinePolicy: "cache-only", autoSync: false)
        #expect(new.changes(from: AppSettings(), locale: .esES)
            == ["idioma es_ES", "tema mono", "política sin conexión cache-only", "sincronización automática desactivada"])
    }

    @Test func openedFromTheBrowserSavedAndTheBrowserTakesTheNewTheme() async throws {
        let store = Store()
        let runtime = Self.runtime(store)
        try await ListFixtures.wait("sites", runtime) { BrowserScreenTests.topMenu($0)?.isLoading == false }
        let sites = GridText.text(ListFixtures.frame(runtime))
        #expect(sites.contains("Settings"))
        #expect(sites.contains(", settings"))
        runtime.handle(.key(.character(",")))
        try await ListFixtures.wait("the settings form", runtime) { Self.topForm($0)?.rows.isEmpty == false }
        GoldenSnapshot.assertMatches(ListFixtures.frame(runtime), named: "settings-80x24")
        let standard = runtime.model.theme
        // Theme: open the picker, move to "mono" (automatic, compact, default, mono), choose, save.
        runtime.handle(.key(.tab))
        runtime.handle(.key(.enter))
        for _ in 0..<3 { runtime.handle(.key(.down)) }
        runtime.handle(.key(.enter))
        try await ListFixtures.wait("the theme chosen", runtime) { Self.topForm($0)?.form.isDirty == true }
        runtime.handle(.key(.ctrl("s")))
        try await ListFixtures.wait("the save", runtime) { $0.theme != standard }
        #expect(await store.saved == [AppSettings(theme: "mono")])
        let saved = GridText.text(ListFixtures.frame(runtime))
        #expect(saved.contains("Saved theme mono to the test store"))
        #expect(Self.topForm(runtime.model)?.form.isDirty == false)
        // Back in the menu, drawn with the new theme; the settings open again with the saved values.
        runtime.handle(.key(.escape))
        #expect(runtime.model.stack.count == 1)
        #expect(runtime.model.theme == Theme.monochrome.withListComponents(monochrome: true))
        runtime.handle(.key(.end))
        runtime.handle(.key(.enter))
        try await ListFixtures.wait("the settings again", runtime) { Self.topForm($0)?.rows.isEmpty == false }
        #expect(GridText.text(ListFixtures.frame(runtime)).contains("mono — No colours"))
        runtime.finish()
    }

    @Test func escapeWithUnsavedSettingsAsksFirst() async throws {
        let store = Store()
        let runtime = Self.runtime(store)
        try await ListFixtures.wait("sites", runtime) { BrowserScreenTests.topMenu($0)?.isLoading == false }
        runtime.handle(.key(.character(",")))
        try await ListFixtures.wait("the settings form", runtime) { Self.topForm($0)?.rows.isEmpty == false }
        runtime.handle(.key(.enter))
        runtime.handle(.key(.down))
        runtime.handle(.key(.enter))
        try await ListFixtures.wait("a language chosen", runtime) { Self.topForm($0)?.form.isDirty == true }
        runtime.handle(.key(.escape))
        #expect(Self.topForm(runtime.model)?.overlay == .unsavedChanges)
        runtime.handle(.key(.character("d")))
        try await ListFixtures.wait("back in the menu", runtime) { $0.stack.count == 1 }
        #expect(await store.saved.isEmpty)
        runtime.finish()
    }

    /// One user key file reaches every screen: the form's own contexts (pickers, the text box)
    /// as well as the lists', the browser's and the sync view's.
    @Test func oneKeyFileNamesEveryScreensContexts() {
        let (keys, diagnostics) = KeyMap.allScreens.applying(configuration: """
            popup.cursor-down = down, tab, j
            textbox.confirm-edit = ctrl-o, f2
            browser.open-settings = f9
            sync.sync-now = s, ctrl-s, f6
            list.refresh = f5
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(keys.command(for: .character("j"), in: [.popup]) == .cursorDown)
        #expect(keys.command(for: .function(2), in: [.textBox]) == .confirmEdit)
        #expect(keys.command(for: .function(9), in: [.browser]) == .openSettings)
        #expect(keys.command(for: .character(","), in: [.browser]) == nil)
        #expect(keys.command(for: .function(6), in: [.syncView]) == .syncNow)
        #expect(KeyMap.gallery(from: keys).command(for: .function(5), in: [.gallery]) == .refresh, "the gallery follows the list")
    }
}
