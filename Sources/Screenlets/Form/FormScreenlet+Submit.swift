import DDM
import Foundation
import OfflineStore
import PortalClient

extension FormScreenlet {
    /// Submits the record — added when new, updated otherwise; published, or kept as a draft when
    /// `draft` — under the submit policy. First it waits for running uploads and retries failed
    /// ones; then it validates every field (`formSubmitError` with the invalid fields, the first
    /// one in ``FormState/firstInvalidField``). A record sent is `formSubmitted`; one kept for sync
    /// is `formQueued` (never a silent success); any other failure is `formSubmitError` and a throw.
    @discardableResult
    public func submitForm(draft: Bool = false) async throws -> FormSubmitOutcome {
        try state.beginSubmit(editable: attributes.editable)
        defer { state.isSubmitting = false }
        do {
            await waitForUploads()
            retryFailedUploads()
            await waitForUploads()
            try state.validateAll()
            guard let model = state.model else { throw FormScreenletError.notLoaded }
            let write = try recordWrite(model, draft: draft)
            switch try await executor.submit(write, policy: attributes.submitPolicy, sender: sender) {
            case .sent(let answer):
                return applySent(answer, wasAdd: model.recordId == nil)
            case .queued(let queueId):
                state.model?.markSaved()
                state.queuedSubmitId = queueId
                emit(.formQueued(queueId: queueId))
                return .queued(queueId: queueId)
            }
        } catch let error as FormScreenletError {
            emit(.submitRefused(error))
            throw error
        } catch {
            emit(.formSubmitError(message: Self.describe(error), invalidFields: []))
            throw error
        }
    }

    /// The queued write for the record: its values in wire form, documents still queued offline
    /// as placeholders (so sync uploads them first), the workflow action, and for an update the
    /// `modifiedDate` the edits were made on; the record's cached copy shows the edit while queued.
    private func recordWrite(_ model: DDLFormModel, draft: Bool) throws -> PendingWrite {
        let version = portal.version(for: model.structure)
        var values = model.fieldsMap(for: version)
        let queued = queuedUploads
        if !queued.isEmpty, attributes.submitPolicy == .remoteOnly { throw FormScreenletError.uploadsQueued }
        for field in Set(queued.keys.map(\.field)) {
            // Every instance in order: a queued document as its placeholder, the others as sent online.
            let instances = model.instances(of: field).indices.compactMap { index -> JSONValue? in
                if let queueId = queued[FormFieldKey(field: field, instance: index)] { return PendingWrite.uploadPlaceholder(queueId) }
                return model.value(of: field, instance: index)?.serverString(for: version).flatMap { $0.isEmpty ? nil : .string($0) }
            }
            values[field] = instances.count == 1 ? instances[0] : .array(instances)
        }
        let extra: [String: JSONValue] = [
            FormPayloadKey.workflowAction: .string(draft ? "draft" : "publish"),
            PayloadKey.structureId: structureId != 0 ? .int(structureId) : .null,
        ]
        let groupId = portal.groupId(attributes.groupId)
        guard let recordId = model.recordId else {
            guard attributes.recordSetId != 0 else { throw FormScreenletError.missingAttribute("recordSetId") }
            return PendingWrite.addRecord(
                collection: Self.collection, recordSetId: attributes.recordSetId, groupId: groupId, values: .object(values),
                extra: extra)
        }
        var write = PendingWrite.updateRecord(
            collection: Self.collection, recordId: recordId,
            recordSetId: model.attributes[PayloadKey.recordSetId]?.int64Value ?? (attributes.recordSetId != 0 ? attributes.recordSetId : nil),
            values: .object(values), baseModifiedDate: baseModifiedDate, extra: extra)
        write.payload[PayloadKey.groupId] = .int(groupId)
        let address = EntryAddress(
            collection: Self.collection, key: CacheKey.record(recordId: recordId, locale: state.locale.identifier).rawValue)
        write.linkedEntry = address
        write.localChanges = [
            .put(
                address, value: ["modelValues": .object(values), "modelAttributes": .object(model.attributes)],
                attributes: [:], state: .dirty)
        ]
        return write
    }

    private func applySent(_ answer: JSONValue, wasAdd: Bool) -> FormSubmitOutcome {
        let recordId = answer["recordId"]?.int64Value ?? state.model?.recordId ?? 0
        let status = answer["status"]?.intValue
        state.model?.markSaved(recordId: recordId)
        state.workflowStatus = status
        state.queuedSubmitId = nil
        if let modified = answer[PayloadKey.modifiedDate] { baseModifiedDate = modified }
        attributes.recordId = recordId
        emit(.formSubmitted(recordId: recordId, workflowStatus: status))
        return .submitted(recordId: recordId, workflowStatus: status, added: wasAdd)
    }
}
