import DDM
import Screenlets
import Screens
import TermUI
import TermUITesting
import Testing

/// The form's engine in the screen's model: edits, validation and submits without an actor hop,
/// stepped directly (no runtime, no emulator).
@Suite("Form engine in the screen's model")
struct FormEngineScreenTests {
    /// What a local form's `save` was given.
    actor Saved {
        private(set) var models: [DDLFormModel] = []
        func keep(_ model: DDLFormModel) { models.append(model) }
    }

    static let structure = DDMStructure(format: .json, defaultLocale: .enUS, fields: [
        DDMField(name: "Title", kind: .string, editor: "text", dataType: "string", rawType: "text", required: true,
                 labels: Localized([.init(locale: "en_US", value: "Title")], fallsBackToFirst: true),
                 predefinedValues: Localized([.init(locale: "en_US", value: .string("Untitled"))], fallsBackToFirst: true)),
        DDMField(name: "Notes", kind: .string, editor: "text", dataType: "string", rawType: "text",
                 labels: Localized([.init(locale: "en_US", value: "Notes")], fallsBackToFirst: true)),
    ])

    static func screen(_ saved: Saved) -> FormScreen {
        let screenlet = LocalFormScreenlet(title: "Review", locale: .enUS, load: { structure }) { model in
            await saved.keep(model)
            return "kept"
        }
        let configuration = FormScreenConfiguration(
            connection: ConnectionStatus(server: "local", user: "test", online: true, pendingWrites: 0),
            initialSize: Size(width: 60, height: 12), today: CalendarDate(year: 2024, month: 6, day: 15)!)
        return FormScreen(screenlet: screenlet, configuration: configuration.forLocalForm(), locale: .enUS)
    }

    /// Sends keys to `update` alone, running none of the effects it returns; returns them.
    static func press(_ keys: [KeyEvent], _ screen: FormScreen, _ model: inout FormScreenModel) -> [Effect<FormScreenMessage>] {
        var effects: [Effect<FormScreenMessage>] = []
        for key in keys { effects += screen.update(&model, .key(key)) }
        return effects
    }

    @Test func typingAndLeavingAFieldValidatesInTheSameUpdate() async throws {
        let screen = Self.screen(Saved())
        let stepper = await ProgramStepper(screen)
        #expect(stepper.model.form.model != nil, "the form loaded")
        var model = stepper.model
        // Clear the required title and confirm: the value and its message are in the model at once.
        let effects = Self.press([KeyEvent(.enter), .ctrl("u"), KeyEvent(.enter)], screen, &model)
        #expect(effects.isEmpty, "a confirmed edit is a synchronous update, no effect")
        #expect(model.form.model?.value(of: "Title", instance: 0) == nil)
        #expect(model.form.validationMessages[FormFieldKey(field: "Title")] != nil, "the message shows in the same update")
        #expect(model.form.isDirty)
        // Leaving a field: back to the title, a valid value, Tab away: the message goes in that update.
        model.form.discardEdits()
        _ = Self.press([KeyEvent(.up)], screen, &model)
        #expect(model.focusedRow?.key?.field == "Title")
        try model.form.setValue(nil, of: FormFieldKey(field: "Title"), leavingField: false)
        #expect(model.form.validationMessages.isEmpty, "not validated before it is left")
        #expect(Self.press([KeyEvent(.tab)], screen, &model).isEmpty)
        #expect(model.form.validationMessages[FormFieldKey(field: "Title")] != nil, "leaving the field validated it")
        let message = try #require(model.form.validationMessages[FormFieldKey(field: "Title")])
        #expect(GridText.lines(screen.view(model, size: model.size)).joined().contains(message), "the message is drawn from the engine")
    }

    /// The race this shape removes: a confirmed edit and a Ctrl-S right after it used to be two
    /// tasks that could reach the screenlet in either order. Here the edit's effects are never
    /// run at all, and the submit still carries the value.
    @Test func ctrlSRightAfterEnterSubmitsTheValueJustConfirmed() async throws {
        let saved = Saved()
        let screen = Self.screen(saved)
        let stepper = await ProgramStepper(screen)
        var model = stepper.model
        _ = Self.press([KeyEvent(.down), KeyEvent(.enter)], screen, &model)
        for character in "second thoughts" { _ = Self.press([KeyEvent(.character(character))], screen, &model) }
        _ = Self.press([KeyEvent(.enter)], screen, &model)
        let submit = Self.press([.ctrl("s")], screen, &model)
        #expect(model.isSaving)
        for effect in submit {
            guard case .task(let work) = effect.kind, let message = await work() else { continue }
            _ = screen.update(&model, message)
        }
        let models = await saved.models
        #expect(models.count == 1, "one save")
        #expect(models.first?.value(of: "Notes", instance: 0) == .string("second thoughts"), "the save carries the value just confirmed")
        #expect(!model.isSaving)
        #expect(!model.form.isDirty, "the engine counts the values as saved")
        #expect(model.note?.kind == .success)
    }

    /// The engine alone: a load reported again keeps an edit; a queued save and its sending
    /// change "which record is this".
    @Test func theEngineKeepsEditsAcrossALoadReportAndFollowsItsSave() throws {
        let loaded = DDLFormModel(structure: Self.structure, locale: .enUS)
        var engine = FormEngine(model: loaded, locale: .enUS)
        try engine.setValue(.string("kept"), of: FormFieldKey(field: "Notes"))
        #expect(engine.isDirty)
        engine.adoptLoad(FormEngine(model: loaded, locale: .enUS).state)
        #expect(engine.model?.value(of: "Notes", instance: 0) == .string("kept"), "the same load again keeps the edit")
        engine.applySubmit(.queued(queueId: "q-1"))
        #expect(engine.identity == .queued(queueId: "q-1", recordId: nil))
        #expect(!engine.isDirty, "the queued values count as saved")
        engine.followQueuedSave(queueId: nil, recordId: 77, workflowStatus: 0)
        #expect(engine.identity == .stored(recordId: 77))
        #expect(engine.workflowStatus == 0)
    }

    /// The screen's first look at the screenlet (taken before the load) may arrive after the
    /// load's result: it changes nothing of the loaded form (the title stays).
    @Test func aLateFirstLookDoesNotUndoTheLoad() async throws {
        let screen = Self.screen(Saved())
        var stepper = await ProgramStepper(screen)
        #expect(stepper.model.form.recordSetName == "Review")
        let early = FormEngine(locale: .enUS, editable: true).state
        await stepper.send(.opened(early, FormScreenletAttributes()))
        await stepper.send(.loadEvent(.formLoaded(FormDataOrigin(source: .cache, isStale: false, storedAt: nil)), early))
        #expect(stepper.model.form.recordSetName == "Review")
        #expect(stepper.model.form.model != nil && !stepper.model.form.isLoading)
        #expect(stepper.lines(Size(width: 60, height: 12))[0].contains("Review"))
    }
}
