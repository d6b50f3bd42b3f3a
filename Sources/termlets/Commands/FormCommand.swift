import ArgumentParser
import DDM
import Foundation
import PortalClient

/// `termlets form`: a record of a record set, read, filled in with `--set` and submitted (the DDL
/// form screenlet, for scripts).
struct FormCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "form",
        abstract: "Show, fill in and submit a record of a record set.",
        discussion: """
            --set FIELD=VALUE takes the canonical forms, the same for both portal versions: dates
            yyyy-MM-dd, numbers with a dot, booleans true/false, options by value or label
            (comma-separated when multiple), geolocation LAT,LON, documents a local file path
            (uploaded first). Give --set again for another instance of a repeatable field.
            Without --submit the form is printed with its values and any validation problems.
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(name: .customLong("record-set-id"), help: "The record set the record belongs to.")
    var recordSetId: Int64

    @Option(name: .customLong("record-id"), help: "The record to edit (default: a new record).")
    var recordId: Int64?

    @Option(name: .customLong("structure-id"), help: "The structure to use instead of the record set's.")
    var structureId: Int64?

    @Option(name: .customLong("set"), help: "FIELD=VALUE in canonical form (repeatable).")
    var assignments: [String] = []

    @Flag(help: "Send the record to the portal.")
    var submit = false

    @Flag(help: "Save the record as a draft instead of submitting it for publication.")
    var draft = false

    @Option(name: .customLong("repository-id"), help: "Where document fields upload to (default: the site).")
    var repositoryId: Int64?

    @Option(name: .customLong("folder-id"), help: "The Documents and Media folder of uploads (0: the root).")
    var folderId: Int64 = 0

    @Option(name: .customLong("file-prefix"), help: "Title prefix of uploaded documents.")
    var filePrefix = "form-file-"

    @Option(help: "json or text (default: text on a terminal, JSON otherwise).")
    var format: String?

    @Option(
        name: .customLong("offline-policy"),
        help: "remote-only (default), remote-first, cache-first or cache-only: whether a submit may be queued for sync.")
    var offlinePolicy: String?

    func run() async throws {
        let format = try OutputFormat.resolve(format, allowed: [.json, .text])
        let parsed = try assignments.map(Self.parseAssignment)
        guard !draft || submit else { throw CommandFailure(.input, "--draft saves on submit: add --submit") }
        if submit, let policy = try OfflineFormSubmit.queueingPolicy(offlinePolicy) {
            let outcome = try await submitQueueing(policy, assignments: parsed)
            return format == .json ? Console.printJSON(outcome.json) : Console.out(outcome.summary + "\n")
        }

        try await connection.withConnection { connection in
            let context = try await RecordSetContext.load(connection, recordSetId: recordSetId, structureId: structureId)
            var model = try await loadModel(connection, context: context)
            try FormAssignments.apply(parsed, to: &model, context: context)
            if submit {
                try FormSubmission.validate(model, locale: context.locale)
                let uploader = DocumentUploader(
                    session: connection.session, repositoryId: repositoryId ?? connection.groupId, folderId: folderId,
                    filePrefix: filePrefix)
                try await FormAssignments.uploadDocuments(in: &model, uploader: uploader)
                let outcome = try await FormSubmission.submit(model, recordSetId: recordSetId, connection: connection, draft: draft)
                switch format {
                case .json: Console.printJSON(outcome.json)
                default: Console.out(outcome.summary + "\n")
                }
            } else {
                switch format {
                case .json: Console.printJSON(FormPresentation.json(model, context: context))
                default: Console.out(FormPresentation.table(model, context: context))
                }
            }
        }
    }

    /// The form model: the stored record's values with `--record-id`, else the predefined values.
    func loadModel(_ connection: PortalConnection, context: RecordSetContext) async throws(CommandFailure)
        -> DDLFormModel
    {
        guard let recordId else { return DDLFormModel(structure: context.structure, locale: context.locale) }
        let session = connection.session
        let record = try await failing("record \(recordId)") { try await session.record(id: recordId) }
        var attributes = record.attributes
        if attributes["recordId"] == nil { attributes["recordId"] = .int(recordId) }
        return DDLFormModel(structure: context.structure, record: RecordPayload(values: record.values, attributes: attributes))
    }

    /// `FIELD=VALUE`, split at the first `=`.
    static func parseAssignment(_ text: String) throws(CommandFailure) -> (field: String, value: String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw CommandFailure(.input, "--set \(text): expected FIELD=VALUE")
        }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }
}
