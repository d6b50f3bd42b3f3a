import DDM
import OfflineStore
import PortalClient

extension FormCommand {
    /// `--submit` under a policy that may queue: the record is built as for an online submit when
    /// the portal answers, and queued from the raw values when it does not.
    func submitQueueing(_ policy: SubmitPolicy, assignments: [(field: String, value: String)]) async throws(CommandFailure)
        -> FormSubmission.Outcome
    {
        try await OfflineFormSubmit.submit(
            policy: policy, options: connection, recordSetId: recordSetId, recordId: recordId, assignments: assignments,
            draft: draft
        ) { connection in
            let context = try await RecordSetContext.load(connection, recordSetId: recordSetId, structureId: structureId)
            var model = try await loadModel(connection, context: context)
            try FormAssignments.apply(assignments, to: &model, context: context)
            try FormSubmission.validate(model, locale: context.locale)
            let uploader = DocumentUploader(
                session: connection.session, repositoryId: repositoryId ?? connection.groupId, folderId: folderId,
                filePrefix: filePrefix)
            try await FormAssignments.uploadDocuments(in: &model, uploader: uploader)
            return OfflineFormSubmit.BuiltRecord(
                fieldsMap: model.fieldsMap(for: connection.version), recordId: model.recordId,
                baseModifiedDate: model.attributes["modifiedDate"] ?? .null)
        }
    }
}
