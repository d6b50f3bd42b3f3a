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
        let generation = withdrawals
        do {
            await waitForUploads()
            retryFailedUploads()
            await waitForUploads()
            try state.validateAll()
            // A form asked for a record is that record: never submitted as a new one before it loads.
            guard let loaded = state.model, state.requestedRecordId == nil || loaded.recordId != nil else {
                throw FormScreenletError.notLoaded
            }
            guard withdrawals == generation else { throw CancellationError() }
            if let outcome = try await resubmitQueued(draft: draft) { return outcome }
            // Possibly now the record a queued add became.
            guard let model = state.model else { throw FormScreenletError.notLoaded }
            let write = try recordWrite(model, draft: draft)
            guard withdrawals == generation else { throw CancellationError() }
            switch try await runSubmit(write) {
            case .sent(let answer):
                return applySent(answer, wasAdd: model.recordId == nil)
            case .queued(let queueId):
                // Taken back out of the queue while it ran: it is not this form's save any more.
                guard withdrawals == generation else { throw CancellationError() }
                state.savedToQueue(queueId)
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

    /// Runs the submit policy on `write` in a task of its own, so ``withdrawQueuedWrite()`` can
    /// stop it; cancelling the caller cancels it too.
    private func runSubmit(_ write: PendingWrite) async throws -> SubmitOutcome {
        let executor = self.executor
        let sender = self.sender
        let policy = attributes.submitPolicy
        let task = Task { try await executor.submit(write, policy: policy, sender: sender) }
        submitTask = task
        submittingUUID = write.uuid
        defer {
            submitTask = nil
            submittingUUID = nil
        }
        return try await withTaskCancellationHandler { try await task.value } onCancel: { task.cancel() }
    }

    /// When this form's last save is still in the queue, the form *is* that queued write: a new
    /// save replaces its values (and tries to send it now, unless the policy is `cache-only`)
    /// instead of queueing a second add. Unchanged values: ``FormScreenletError/nothingNew(queueId:)``.
    /// A queued add the portal has accepted meanwhile gives the form its record id, and the save
    /// becomes an update of that record. Returns nil when an ordinary submit should follow.
    private func resubmitQueued(draft: Bool) async throws -> FormSubmitOutcome? {
        guard let queueId = state.queuedSubmitId, let model = state.model else { return nil }
        guard let item = try queue.item(queueId) else {
            state.leaveQueue()
            return nil
        }
        switch item.state {
        case .done:
            // Sent by sync meanwhile: the next save builds on the portal's version of it.
            state.leaveQueue()
            if let modified = item.result?[PayloadKey.modifiedDate] { baseModifiedDate = modified }
            if model.recordId == nil, let recordId = item.result?["recordId"]?.int64Value {
                adoptRecordId(recordId, modifiedDate: item.result?[PayloadKey.modifiedDate])
            }
            return nil
        case .sending:
            throw FormScreenletError.busySending(queueId: queueId)
        case .conflict:
            return nil
        case .dirty, .failed:
            let write = try recordWrite(model, draft: draft)
            let sameValues = item.payload[PayloadKey.values] == write.payload[PayloadKey.values]
                && item.payload[FormPayloadKey.workflowAction] == write.payload[FormPayloadKey.workflowAction]
            guard !sameValues || item.state == .failed else { throw FormScreenletError.nothingNew(queueId: queueId) }
            var payload = write.payload
            payload[PayloadKey.baseModifiedDate] = item.payload[PayloadKey.baseModifiedDate] ?? payload[PayloadKey.baseModifiedDate]
            try queue.updatePayload(queueId, payload: payload, localChanges: write.localChanges)
            state.savedToQueue(queueId)
            if attributes.submitPolicy != .cacheOnly, case .sent(let answer)? = try await queue.attempt(queueId, using: sender) {
                return applySent(answer, wasAdd: model.recordId == nil)
            }
            emit(.formQueued(queueId: queueId))
            return .queued(queueId: queueId)
        }
    }

    /// The form's queued add became record `recordId` on the portal: from now on it is that record.
    func adoptRecordId(_ recordId: Int64, modifiedDate: JSONValue?) {
        state.adoptRecord(recordId)
        attributes.recordId = recordId
        if let modifiedDate { baseModifiedDate = modifiedDate }
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
        state.savedAsRecord(recordId, workflowStatus: status)
        if let modified = answer[PayloadKey.modifiedDate] { baseModifiedDate = modified }
        attributes.recordId = recordId
        emit(.formSubmitted(recordId: recordId, workflowStatus: status))
        return .submitted(recordId: recordId, workflowStatus: status, added: wasAdd)
    }
}
