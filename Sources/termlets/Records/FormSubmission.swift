import DDM
import PortalClient

/// Sends a form model to the portal: adds a new record or updates a stored one, published or as a
/// draft, after validating it the way the form screenlet does.
enum FormSubmission {
    struct Outcome {
        let recordId: Int64?
        let status: String
        let workflowStatus: String?
        let queueId: String?

        /// The contract's `form --submit` output.
        var json: JSONValue {
            [
                "recordId": JSONValue(recordId), "status": .string(status), "workflowStatus": JSONValue(workflowStatus),
                "queueId": JSONValue(queueId),
            ]
        }

        var summary: String {
            let what = status == "queued" ? "Queued for sync (\(queueId ?? ""))" : "\(status.capitalized) record \(recordId.map(String.init) ?? "?")"
            return what + (workflowStatus.map { " — \($0)" } ?? "")
        }
    }

    /// Validates and submits; invalid values are a `validation` failure naming every field.
    static func submit(
        _ model: DDLFormModel, recordSetId: Int64, connection: PortalConnection, draft: Bool
    ) async throws(CommandFailure)
        -> Outcome
    {
        try validate(model, locale: PortalLocale(connection.settings.locale) ?? .enUS)
        let session = connection.session
        let serviceContext = session.recordServiceContext(
            groupId: connection.groupId, workflowAction: draft ? .saveDraft : .publish)
        let fieldsMap = model.fieldsMap(for: connection.version)
        if let recordId = model.recordId {
            let record = try await failing("update of record \(recordId)") {
                try await session.updateRecord(recordId: recordId, fieldsMap: fieldsMap, serviceContext: serviceContext)
            }
            return Outcome(recordId: record.recordId, status: "updated", workflowStatus: WorkflowStatus.name(record.status), queueId: nil)
        }
        let record = try await failing("new record") {
            try await session.addRecord(
                groupId: connection.groupId, recordSetId: recordSetId, fieldsMap: fieldsMap, serviceContext: serviceContext)
        }
        return Outcome(recordId: record.recordId, status: "added", workflowStatus: WorkflowStatus.name(record.status), queueId: nil)
    }

    static func validate(_ model: DDLFormModel, locale: PortalLocale) throws(CommandFailure) {
        let failures = model.validate()
        guard !failures.isEmpty else { return }
        let problems = failures.map { failure in
            let instance = failure.instance > 0 ? " #\(failure.instance + 1)" : ""
            return "field \(failure.field.name)\(instance): \(failure.message(in: locale))"
        }
        throw CommandFailure(.validation, problems.joined(separator: "; "))
    }
}
