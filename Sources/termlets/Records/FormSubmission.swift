import DDM
import OfflineStore
import PortalClient
import Screenlets

/// Submits the form screenlet's record and words the result for the command line: added or
/// updated (published or draft), or queued for sync; failures as the contract's error kinds.
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

    /// Submits (the screenlet waits for uploads and validates first).
    static func submit(_ screenlet: FormScreenlet, draft: Bool, locale: PortalLocale) async throws(CommandFailure) -> Outcome {
        let recordId = await screenlet.state.recordId
        do {
            switch try await screenlet.submitForm(draft: draft) {
            case .submitted(let id, let status, let added):
                return Outcome(
                    recordId: id, status: added ? "added" : "updated", workflowStatus: WorkflowStatus.name(status), queueId: nil)
            case .queued(let queueId):
                // The status the record will have once synced: what the portal gives a draft or a
                // submitted record (no workflow), as the portal's own answer would say.
                return Outcome(
                    recordId: recordId, status: "queued", workflowStatus: WorkflowStatus.name(draft ? 2 : 0), queueId: queueId)
            case .saved:
                // Only a local form saves; the portal's form screenlet never answers so.
                return Outcome(recordId: recordId, status: "saved", workflowStatus: nil, queueId: nil)
            }
        } catch {
            throw failure(error, locale: locale, doing: recordId.map { "update of record \($0)" } ?? "new record")
        }
    }

    /// Fails with every invalid field, as the screenlet's submit would.
    static func validate(_ model: DDLFormModel, locale: PortalLocale) throws(CommandFailure) {
        let failures = model.validate()
        guard !failures.isEmpty else { return }
        throw invalid(failures, locale: locale)
    }

    static func invalid(_ failures: [FormValidationFailure], locale: PortalLocale) -> CommandFailure {
        let problems = failures.map { $0.message(in: locale, numbered: true) }
        return CommandFailure(.validation, problems.joined(separator: "; "))
    }

    /// The contract's failure for what the screenlet or the offline store threw.
    static func failure(_ error: any Error, locale: PortalLocale, doing action: String? = nil) -> CommandFailure {
        let prefix = action.map { "\($0): " } ?? ""
        switch error {
        case let error as FormScreenletError:
            switch error {
            case .invalid(let failures): return invalid(failures, locale: locale)
            case .notInRecordSet: return CommandFailure(.notFound, error.description)
            case .recordUnavailable: return CommandFailure(.network, error.description)
            default: return CommandFailure(.input, prefix + error.description)
            }
        case let error as OfflineStoreError:
            // The store's own address of the missing entry (collection / key) means nothing to a user.
            if case .notCached = error {
                return CommandFailure(.notFound, prefix + "not in the offline cache; run once with the portal reachable")
            }
            return CommandFailure(.input, prefix + "offline cache: \(error)")
        case let error as SubmitError:
            switch error {
            case .rejectedKeptInQueue(let queueId, let reason):
                let inner = CommandFailure(reason, doing: action)
                return CommandFailure(inner.kind, inner.message + " (kept in the offline queue as \(queueId))")
            case .conflict(let queueId, _):
                return CommandFailure(.validation, prefix + "the record changed on the portal; kept in the offline queue as \(queueId)")
            }
        default:
            return CommandFailure(error, doing: action)
        }
    }
}
