import DDM

/// Applies `--set FIELD=VALUE` assignments to a form model: values in canonical form, a repeated
/// assignment adding an instance of a repeatable field. Files chosen for document fields stay local
/// until ``uploadDocuments(in:uploader:)``, so nothing is uploaded for a form that does not validate.
enum FormAssignments {
    static func apply(
        _ assignments: [(field: String, value: String)], to model: inout DDLFormModel, context: RecordSetContext
    ) throws(CommandFailure) {
        var assignedInstances: [String: Int] = [:]
        for (name, text) in assignments {
            guard let field = context.structure.field(named: name) else {
                throw CommandFailure(.input, "record set \(context.recordSet.recordSetId) has no field \(name)")
            }
            guard field.isEditable else {
                throw CommandFailure(.input, "field \(field.name) is read-only (\(field.rawType))")
            }
            let value: FieldValue?
            do {
                value = try field.value(fromCanonical: text)
            } catch {
                throw CommandFailure(.input, "field \(field.name): \(error.message(in: context.locale))")
            }
            let instance = assignedInstances[field.name, default: 0]
            do {
                if instance > 0 {
                    guard field.repeatable else {
                        throw CommandFailure(.input, "field \(field.name) is given twice but is not repeatable")
                    }
                    if instance >= model.instances(of: field.name).count {
                        _ = try model.addInstance(of: field.name, value: value)
                    } else {
                        try model.setValue(value, of: field.name, instance: instance)
                    }
                } else {
                    try model.setValue(value, of: field.name, instance: 0)
                }
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure(.input, "field \(field.name): \(error)")
            }
            assignedInstances[field.name] = instance + 1
        }
    }

    /// Uploads every file chosen for a document field and puts the new file entry in its place.
    static func uploadDocuments(in model: inout DDLFormModel, uploader: DocumentUploader) async throws(CommandFailure) {
        for field in model.structure.allFields where field.kind == .document || field.kind == .image {
            for (instance, value) in model.instances(of: field.name).enumerated() {
                guard case .document(.localFile(let path)) = value else { continue }
                let uploaded = try await uploader.upload(path, forField: field.name)
                do {
                    try model.setValue(uploaded, of: field.name, instance: instance)
                } catch {
                    throw CommandFailure(.input, "field \(field.name): \(error)")
                }
            }
        }
    }
}
