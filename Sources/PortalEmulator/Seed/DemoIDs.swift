/// The fixed IDs of the demo data, the same on every start and for both portal versions.
public enum DemoIDs {
    public static let companyId: Int64 = 20099
    /// The admin's site "Termlets Demo" (also the Documents & Media `repositoryId`).
    public static let groupId: Int64 = 20143
    public static let adminUserId: Int64 = 20139
    public static let viewerUserId: Int64 = 20140

    /// "Every field kind": every field kind, nested and repeatable fields, en_US/es_ES/ja_JP labels.
    public static let everyFieldStructureId: Int64 = 30001
    /// "Issue": title, priority, due date, done, severity.
    public static let issueStructureId: Int64 = 30002
    /// "Contact": a required text field with no predefined value, an optional email and a boolean.
    public static let contactStructureId: Int64 = 30003

    public static let everyFieldRecordSetId: Int64 = 40001
    /// "Issues": 10,000 records.
    public static let issuesRecordSetId: Int64 = 40002
    public static let contactsRecordSetId: Int64 = 40003

    /// Documents & Media folder "Demo images".
    public static let imageFolderId: Int64 = 50001
    /// Bookmarks folder "Demo bookmarks".
    public static let bookmarksFolderId: Int64 = 60001

    public static let issueRecordCount = 10_000
    public static let imageCount = 120
    public static let bookmarkCount = 30

    /// First record ID of each demo record set (records are numbered consecutively).
    public static let firstEveryFieldRecordId: Int64 = 41001
    public static let firstIssueRecordId: Int64 = 100_001
    public static let firstContactRecordId: Int64 = 43001
    public static let firstImageFileEntryId: Int64 = 51001
    public static let firstBookmarkEntryId: Int64 = 61001

    /// The class name ID of DDL record sets (structures of DDL lists point at it).
    static let ddlRecordSetClassNameId: Int64 = 10098
}
