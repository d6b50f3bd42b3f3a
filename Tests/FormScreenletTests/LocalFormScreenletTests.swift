import DDM
import Foundation
import Screenlets
import Testing

/// The local form screenlet: a structure given in code, values saved through a closure.
@Suite("Local form screenlet: load, edit, validate, save")
struct LocalFormScreenletTests {
    /// A two-field structure: a required name (predefined "Ada") and a count.
    static let structure = DDMStructure(
        format: .json, defaultLocale: .enUS, availableLocales: ["en_US"],
        fields: [
            DDMField(
                name: "Name", kind: .string, editor: "text", dataType: "string", rawType: "text", required: true,
                labels: Localized([.init(locale: "en_US", value: "Name")], fallsBackToFirst: true),
                predefinedValues: Localized([.init(locale: "en_US", value: .string("Ada"))], fallsBackToFirst: true)),
            DDMField(
                name: "Count", kind: .integer, editor: "number", dataType: "integer", rawType: "ddm-integer",
                labels: Localized([.init(locale: "en_US", value: "Count")], fallsBackToFirst: true)),
        ])

    /// What the save closure was given, and whether it should refuse.
    actor Saves {
        var models: [DDLFormModel] = []
        var refusal: String?

        func record(_ model: DDLFormModel) throws -> String {
            if let refusal { throw Refusal(message: refusal) }
            models.append(model)
            return "saved \(models.count)"
        }

        func refuse(_ message: String?) { refusal = message }
    }

    struct Refusal: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    static func screenlet(_ saves: Saves, editable: Bool = true) -> LocalFormScreenlet {
        LocalFormScreenlet(title: "Test", locale: .enUS, editable: editable, load: { structure }) { model in
            try await saves.record(model)
        }
    }

    /// The events seen so far (the stream is read in the background).
    actor Events {
        var seen: [FormEvent] = []
        func add(_ event: FormEvent) { seen.append(event) }
    }

    static func collect(_ screenlet: LocalFormScreenlet) -> (Events, Task<Void, Never>) {
        let events = Events()
        let task = Task {
            for await event in screenlet.events { await events.add(event) }
        }
        return (events, task)
    }

    @Test func startShowsThePredefinedValuesAndTheTitle() async throws {
        let screenlet = Self.screenlet(Saves())
        let (events, reader) = Self.collect(screenlet)
        await screenlet.start()
        let state = await screenlet.state
        #expect(state.model?.value(of: "Name", instance: 0) == .string("Ada"))
        #expect(state.recordSetName == "Test")
        #expect(state.isDirty == false)
        await screenlet.close()
        await reader.value
        let seen = await events.seen
        #expect(seen.map(\.name) == ["formLoaded"])
    }

    @Test func aValidSaveHandsTheValuesOverAndMarksThemSaved() async throws {
        let saves = Saves()
        let screenlet = Self.screenlet(saves)
        await screenlet.start()
        try await screenlet.setValue(.string("Grace"), of: "Name", instance: 0)
        try await screenlet.setValue(.integer(3), of: "count", instance: 0)
        #expect(await screenlet.state.isDirty)
        let outcome = try await screenlet.submitForm(draft: false)
        #expect(outcome == .saved(summary: "saved 1"))
        #expect(await screenlet.state.isDirty == false)
        let saved = try #require(await saves.models.first)
        #expect(saved.value(of: "Name", instance: 0) == .string("Grace"))
        #expect(saved.value(of: "Count", instance: 0) == .integer(3))
        // Discarding after a save brings back the saved values, not the first ones.
        try await screenlet.setValue(.string("Linus"), of: "Name", instance: 0)
        await screenlet.cancel()
        #expect(await screenlet.state.model?.value(of: "Name", instance: 0) == .string("Grace"))
    }

    @Test func anInvalidFormIsNotSavedAndSaysWhichFieldIsWrong() async throws {
        let saves = Saves()
        let screenlet = Self.screenlet(saves)
        let (events, reader) = Self.collect(screenlet)
        await screenlet.start()
        try await screenlet.setValue(nil, of: "Name", instance: 0)
        await #expect(throws: FormScreenletError.self) { try await screenlet.submitForm(draft: false) }
        let state = await screenlet.state
        #expect(state.firstInvalidField == FormFieldKey(field: "Name"))
        #expect(state.validationMessages[FormFieldKey(field: "Name")] != nil)
        #expect(await saves.models.isEmpty)
        await screenlet.close()
        await reader.value
        let seen = await events.seen
        #expect(seen.contains { if case .formSubmitError(_, let fields) = $0 { return fields == [FormFieldKey(field: "Name")] }; return false })
    }

    @Test func aRefusedSaveKeepsTheEditsAndReportsWhy() async throws {
        let saves = Saves()
        await saves.refuse("disk full")
        let screenlet = Self.screenlet(saves)
        await screenlet.start()
        try await screenlet.setValue(.string("Grace"), of: "Name", instance: 0)
        await #expect(throws: Refusal.self) { try await screenlet.submitForm(draft: false) }
        #expect(await screenlet.state.isDirty)
        #expect(await screenlet.state.model?.value(of: "Name", instance: 0) == .string("Grace"))
    }

    @Test func documentsAndReadOnlyFormsAreRefused() async throws {
        let screenlet = Self.screenlet(Saves())
        await screenlet.start()
        await #expect(throws: FormScreenletError.self) { try await screenlet.chooseDocument("/etc/hostname", for: "Name", instance: 0) }
        let readOnly = Self.screenlet(Saves(), editable: false)
        await readOnly.start()
        await #expect(throws: FormScreenletError.self) { try await readOnly.setValue(.string("x"), of: "Name", instance: 0) }
        await #expect(throws: FormScreenletError.self) { try await readOnly.submitForm(draft: false) }
    }

    @Test func aFailedLoadIsAnEvent() async throws {
        let screenlet = LocalFormScreenlet(title: "Broken", locale: .enUS, load: { throw Refusal(message: "no structure") }) { _ in "" }
        let (events, reader) = Self.collect(screenlet)
        await screenlet.start()
        #expect(await screenlet.state.model == nil)
        await screenlet.close()
        await reader.value
        #expect(await events.seen == [.formLoadError(message: "no structure")])
    }
}
