import OfflineStore

/// The member of a queued record write that says whether to publish it or keep it as a draft.
public enum FormPayloadKey {
    /// `"publish"` or `"draft"`: ``PayloadKey/workflowAction``, which the sync engine reads.
    public static let workflowAction = PayloadKey.workflowAction
}
