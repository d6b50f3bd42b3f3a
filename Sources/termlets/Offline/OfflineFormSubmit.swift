import DDM
import Foundation
import OfflineStore
import PortalClient
import Sync

/// `termlets form --submit --offline-policy P` for the policies that may queue (remote-first,
/// cache-first, cache-only), through ``SubmitExecutor`` and the sync engine's sender, so a write
/// sent now and one sent by `termlets sync` carry the same uuid.
///
/// With the portal reachable the record is built from the structure as for an online submit
/// (validated, documents uploaded first). When the portal cannot be reached (or with
/// `cache-only`, which never connects), the structure is not available: the `--set` values are
/// queued in their canonical text form, and documents (local files) are refused.
enum OfflineFormSubmit {
    /// What an online submit has built: the fieldsMap, and for an edit the record and its base.
    struct BuiltRecord {
        let fieldsMap: [String: JSONValue]
        let recordId: Int64?
        let baseModifiedDate: JSONValue
    }

    /// The policy named by `--offline-policy`; `nil` when absent or `remote-only` (the plain
    /// online submit, which fails with a network error and queues nothing).
    static func queueingPolicy(_ text: String?) throws(CommandFailure) -> SubmitPolicy? {
        guard let text else { return nil }
        guard let policy = SubmitPolicy(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            let names = SubmitPolicy.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandFailure(.input, "unknown offline policy \(text) (use one of \(names))")
        }
        return policy == .remoteOnly ? nil : policy
    }

    /// Submits under `policy`; `build` makes the record from the structure when connected.
    static func submit(
        policy: SubmitPolicy, options: ConnectionOptions, recordSetId: Int64, recordId: Int64?,
        assignments: [(field: String, value: String)], draft: Bool,
        build: @escaping (PortalConnection) async throws -> BuiltRecord
    ) async throws(CommandFailure) -> FormSubmission.Outcome {
        let settings = try ResolvedSettings.resolve(options)
        let queue = PendingQueue(database: try OfflineCache.open(settings))
        let executor = SubmitExecutor(queue: queue)
        let workflow = draft ? "draft" : "approved"
        if policy != .cacheOnly {
            let connection: PortalConnection?
            do {
                connection = try await PortalConnection.open(settings)
            } catch let failure where failure.kind == .network {
                connection = nil
            }
            if let connection {
                let outcome: Result<FormSubmission.Outcome, CommandFailure>
                do {
                    let built = try await build(connection)
                    let write = makeWrite(
                        recordSetId: recordSetId, recordId: built.recordId, groupId: connection.groupId,
                        values: .object(built.fieldsMap), base: built.baseModifiedDate)
                    let engine = SyncEngine(
                        queue: queue, session: connection.session,
                        configuration: SyncConfiguration(
                            groupId: connection.groupId, locale: settings.locale,
                            workflowAction: draft ? .saveDraft : .publish))
                    switch try await executor.submit(write, policy: policy, sender: engine.sender) {
                    case .sent(let answer):
                        let record = RecordModel(json: answer)
                        outcome = .success(FormSubmission.Outcome(
                            recordId: record?.recordId ?? built.recordId, status: built.recordId == nil ? "added" : "updated",
                            workflowStatus: WorkflowStatus.name(record?.status), queueId: nil))
                    case .queued(let queueId):
                        outcome = .success(FormSubmission.Outcome(
                            recordId: built.recordId, status: "queued", workflowStatus: workflow, queueId: queueId))
                    }
                } catch {
                    outcome = .failure(CommandFailure(error))
                }
                await connection.close()
                return try outcome.get()
            }
        }
        // No portal: the values as given, in canonical form.
        for (field, value) in assignments where FileManager.default.fileExists(atPath: value) && value.contains("/") {
            throw CommandFailure(.input, "field \(field): documents need the portal (the upload cannot be prepared offline)")
        }
        var values: [String: JSONValue] = [:]
        for (field, value) in assignments { values[field] = .string(value) }
        let write = makeWrite(
            recordSetId: recordSetId, recordId: recordId, groupId: settings.groupID, values: .object(values), base: .null)
        do {
            switch try await executor.submit(write, policy: .cacheOnly, sender: SubmitSenders.unreachable) {
            case .queued(let queueId):
                return FormSubmission.Outcome(recordId: recordId, status: "queued", workflowStatus: workflow, queueId: queueId)
            case .sent:
                throw CommandFailure(.server, "unexpected: a cache-only write was sent")
            }
        } catch {
            throw CommandFailure(error)
        }
    }

    static func makeWrite(recordSetId: Int64, recordId: Int64?, groupId: Int64?, values: JSONValue, base: JSONValue)
        -> PendingWrite
    {
        if let recordId {
            return .updateRecord(recordId: recordId, recordSetId: recordSetId, values: values, baseModifiedDate: base)
        }
        return .addRecord(recordSetId: recordSetId, groupId: groupId, values: values)
    }
}

/// Senders for writes that are only queued.
enum SubmitSenders {
    /// Never used by `cache-only`, which does not send.
    static let unreachable = QueueSender(send: { _ in throw CancellationError() })
}
