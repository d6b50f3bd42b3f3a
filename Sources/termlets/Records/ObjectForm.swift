import DDM
import Foundation
import PortalClient

/// An object entry as a form: the definition's structure (``ObjectMapping``), the entry's values
/// (or a new entry's), `--set` assignments applied and checked, and the JSON body they make.
struct ObjectForm: Sendable {
    let context: ObjectContext
    /// The entry edited, `nil` for a new one.
    let entry: ObjectEntry?
    private(set) var model: DDLFormModel
    /// The fields given with `--set` (an update sends only these).
    private(set) var assigned: [String] = []
    /// Local files chosen for attachment fields: field → path (uploaded on submit).
    private(set) var files: [String: String] = [:]

    init(context: ObjectContext, entry: ObjectEntry?) {
        self.context = context
        self.entry = entry
        var model = DDLFormModel(structure: context.structure, locale: context.locale)
        if let entry {
            for (name, value) in ObjectMapping.values(of: entry, in: context.structure) {
                try? model.setValue(value, of: name)
            }
            model.markSaved(recordId: entry.id)
        }
        self.model = model
    }

    /// Applies `FIELD=VALUE` in the canonical forms; an attachment takes a local file (uploaded on
    /// submit) or the ID of a Documents and Media file. Throws `input` for an unknown or read-only
    /// field or a value that is not one.
    mutating func apply(_ assignments: [(field: String, value: String)]) throws(CommandFailure) {
        for (name, text) in assignments {
            guard let field = context.structure.field(named: name) else {
                throw CommandFailure(.input, "\(context.definition.name) has no field \(name)")
            }
            guard field.isEditable else { throw CommandFailure(.input, "field \(field.name) is read-only (\(field.rawType))") }
            if assigned.contains(field.name) { throw CommandFailure(.input, "field \(field.name) is given twice but is not repeatable") }
            // One wording for a field's problem, as for record sets: "<label>: <problem>".
            let label = FormAssignments.label(field, context.locale)
            var value: FieldValue?
            do {
                value = try field.value(fromCanonical: text)
            } catch {
                throw CommandFailure(.input, error.message(for: label, in: context.locale))
            }
            if case .document(.localFile(let path))? = value {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                    files[field.name] = path
                } else if let id = Int64(path), id > 0 {
                    value = .document(.other(String(id)))
                } else {
                    throw CommandFailure(.input, "\(label): \(path) is neither a file nor the ID of a Documents and Media file")
                }
            }
            if let value, files[field.name] == nil, let issue = ObjectMapping.issue(of: value, for: field) {
                throw CommandFailure(.input, "\(label): \(issue)")
            }
            do {
                try model.setValue(value, of: field.name)
            } catch {
                throw CommandFailure(.input, "\(label): \(error)")
            }
            assigned.append(field.name)
        }
    }

    /// Every problem of the values (required fields, kinds), as the record form's submit says them.
    func problems() -> [FormValidationFailure] {
        model.validate().filter { failure in
            // A chosen local file is not uploaded yet: not a problem of the form.
            !(files[failure.field.name] != nil && failure.issue == .required)
        }
    }

    /// Sets an uploaded file as an attachment field's value.
    mutating func attach(_ fileEntryId: Int64, to field: String) throws(CommandFailure) {
        do {
            try model.setValue(.document(.other(String(fileEntryId))), of: field)
        } catch {
            throw CommandFailure(.input, "field \(field): \(error)")
        }
        files[field] = nil
    }

    /// The JSON body: every editable field for a new entry, the assigned ones for an update.
    func body(draft: Bool) throws(CommandFailure) -> JSONValue {
        var values: [String: FieldValue] = [:]
        for field in context.structure.allFields {
            if let value = model.value(of: field.name) { values[field.name] = value }
        }
        let full: JSONValue
        do {
            full = try ObjectMapping.entryBody(values: values, structure: context.structure, draft: draft)
        } catch {
            throw CommandFailure(.input, "field \(error.field): \(error.message)")
        }
        guard entry != nil, case .object(let members) = full else { return full }
        var changed = members.filter { assigned.contains($0.key) }
        if draft { changed["status"] = members["status"] }
        return .object(changed)
    }
}
