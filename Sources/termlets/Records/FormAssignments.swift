import DDM
import Screenlets

/// Applies `--set FIELD=VALUE` assignments to the form screenlet: values in canonical form, a
/// repeated assignment adding an instance of a repeatable field. Files chosen for document fields
/// are set as local files and returned: the caller uploads them (``chooseDocuments(_:in:)``) only
/// once the form validates, so nothing is uploaded for a form that does not.
enum FormAssignments {
    /// A local file assigned to a document field instance.
    struct DocumentChoice {
        let field: String
        let instance: Int
        let path: String
        /// How problems name the field (its label, see ``label(_:_:)``).
        var label: String?
    }

    /// The field as a problem names it (`<label>: <problem>`, one wording everywhere): its label
    /// in `locale`, else its name.
    static func label(_ field: DDMField, _ locale: PortalLocale) -> String {
        field.label(in: locale).isEmpty ? field.name : field.label(in: locale)
    }

    static func apply(
        _ assignments: [(field: String, value: String)], to screenlet: FormScreenlet, context: FormContext
    ) async throws(CommandFailure) -> [DocumentChoice] {
        var assignedInstances: [String: Int] = [:]
        var documents: [DocumentChoice] = []
        for (name, text) in assignments {
            guard let field = context.structure.field(named: name) else {
                throw CommandFailure(.input, "record set \(context.recordSetId) has no field \(name)")
            }
            guard field.isEditable else {
                throw CommandFailure(.input, "field \(field.name) is read-only (\(field.rawType))")
            }
            let value: FieldValue?
            do {
                value = try field.value(fromCanonical: text)
            } catch {
                throw CommandFailure(.input, error.message(for: label(field, context.locale), in: context.locale))
            }
            let instance = assignedInstances[field.name, default: 0]
            do {
                if instance > 0 {
                    guard field.repeatable else {
                        throw CommandFailure(.input, "field \(field.name) is given twice but is not repeatable")
                    }
                    let count = await screenlet.state.model?.instances(of: field.name).count ?? 0
                    if instance >= count { try await screenlet.addInstance(of: field.name) }
                }
                try await screenlet.setValue(value, of: field.name, instance: instance)
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure(.input, "\(label(field, context.locale)): \(error)")
            }
            if case .document(.localFile(let path)) = value {
                documents.append(DocumentChoice(field: field.name, instance: instance, path: path, label: label(field, context.locale)))
            }
            assignedInstances[field.name] = instance + 1
        }
        return documents
    }

    /// Starts the uploads of the chosen files (the submit waits for them).
    static func chooseDocuments(_ documents: [DocumentChoice], in screenlet: FormScreenlet) async throws(CommandFailure) {
        for document in documents {
            do {
                try await screenlet.chooseDocument(document.path, for: document.field, instance: document.instance)
            } catch {
                throw CommandFailure(.input, "\(document.label ?? document.field): \(error.description)")
            }
        }
    }
}
