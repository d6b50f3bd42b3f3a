import CursesBackend
import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets
import Screens

/// `termlets form` in plain mode (SPEC §2.6): without `--submit`/`--set`, when standard input or
/// output is not a terminal (and no `--format` asks for the form to be printed), or with
/// `--plain`, the form runs as line-by-line prompts and ends as `--submit` does.
extension FormCommand {
    /// True when this run asks its questions line by line.
    var runsPlainPrompts: Bool {
        guard !submit, assignments.isEmpty else { return false }
        return plain || (format == nil && !InteractiveScreen.isAvailable)
    }

    func runPlainPrompts() async throws {
        guard !draft else { throw CommandFailure(.input, "--draft goes with --submit (plain mode asks at the end)") }
        let format = try OutputFormat.resolve(format, allowed: [.json, .text])
        let policies = try Self.policies(offlinePolicy)
        let events = try eventsFile.map(FormEventLog.open)
        try await withFormScreenlet(policies: policies, events: events) { screenlet in
            try await prompt(screenlet, format: format)
        }
    }

    private func prompt(_ screenlet: FormScreenlet, format: OutputFormat) async throws(CommandFailure) {
        let locale = await screenlet.state.locale
        do {
            try await screenlet.loadForm()
            if recordId != nil { try await screenlet.loadRecord() }
        } catch {
            throw FormSubmission.failure(error, locale: locale, doing: recordId.map { "record \($0)" } ?? "record set \(recordSetId)")
        }
        let state = await screenlet.state
        guard let model = state.model else { throw CommandFailure(.server, "the form did not load") }
        let context = FormContext(recordSetId: recordSetId, recordSetName: state.recordSetName ?? "", structure: model.structure, locale: locale)
        // Prompts go where they do not mix with a JSON document on standard output.
        let toStandardError = format == .json
        let console = PlainConsole(
            readLine: { Swift.readLine(strippingNewline: true) },
            write: { text in if toStandardError { Console.err(text.inertLines()) } else { Console.out(text) } },
            endsLinesAfterAnswers: isatty(STDIN_FILENO) == 0)
        // The one acceptance rule for uploads (a regular file within the size limit); an image
        // field's content is judged when the file is chosen.
        let form = PlainForm(locale: locale) { (try? LocalUploadFile.accept($0)) != nil }
        let title = (model.recordId.map { "Record \($0)" } ?? "New record") + " in \(context.name)"
        let filled: DDLFormModel
        let decision: PlainForm.Decision
        do {
            (filled, decision) = try form.run(model, title: title, console: console)
        } catch {
            throw CommandFailure(.input, "standard input ended: the form was not submitted")
        }
        guard decision != .cancel else { throw CommandFailure(.input, "not submitted") }
        let documents = try await Self.apply(filled, to: screenlet, locale: locale)
        if let model = await screenlet.state.model { try FormSubmission.validate(model, locale: locale) }
        try await FormAssignments.chooseDocuments(documents, in: screenlet)
        let outcome = try await FormSubmission.submit(screenlet, draft: decision == .draft, locale: locale)
        switch format {
        case .json: Console.printJSON(outcome.json)
        default: Console.out(outcome.summary + "\n")
        }
    }

    /// Copies the answers into the screenlet (instances added as needed); local files for document
    /// fields are returned, to be uploaded once the form validates.
    private static func apply(_ filled: DDLFormModel, to screenlet: FormScreenlet, locale: PortalLocale) async throws(CommandFailure)
        -> [FormAssignments.DocumentChoice]
    {
        var documents: [FormAssignments.DocumentChoice] = []
        for field in filled.structure.allFields where field.isEditable {
            let values = filled.instances(of: field.name)
            do {
                var count = await screenlet.state.model?.instances(of: field.name).count ?? 0
                while count < values.count {
                    try await screenlet.addInstance(of: field.name)
                    count += 1
                }
                for (instance, value) in values.enumerated() {
                    if case .document(.localFile(let path))? = value {
                        documents.append(FormAssignments.DocumentChoice(
                            field: field.name, instance: instance, path: path, label: FormAssignments.label(field, locale)))
                    } else {
                        let existing = await screenlet.state.model?.value(of: field.name, instance: instance)
                        if existing != value { try await screenlet.setValue(value, of: field.name, instance: instance) }
                    }
                }
            } catch {
                throw CommandFailure(.input, "\(FormAssignments.label(field, locale)): \(error)")
            }
        }
        return documents
    }
}
