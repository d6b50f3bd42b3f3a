import ArgumentParser
import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets

/// `form --object NAME [--record-id N] --set F=V … [--submit [--draft]]` (CONTRACT.md, "Modern portals").
struct ObjectFormOptions: ParsableArguments {
    @Option(help: "The Liferay Objects definition (its name, e.g. Ticket, or its id), in place of --record-set-id.")
    var object: String?
}

extension FormCommand {
    /// How often a new entry's add is sent again after a network failure (the same external
    /// reference code each time: the portal keeps one entry).
    static let objectAddAttempts = 3

    /// The form of an object's entry: printed, or submitted (added by a client-made ERC, updated by PATCH).
    func runObject(_ object: String) async throws {
        guard recordSetIdOption == nil else { throw CommandFailure(.input, "give --record-set-id or --object, not both") }
        try InputLimits.length(object, "--object", max: 200)
        try InputLimits.positive(recordId, "--record-id")
        guard structureId == nil else { throw CommandFailure(.input, "--structure-id is for record sets") }
        guard eventsFile == nil else { throw CommandFailure(.input, "--events is for record sets") }
        guard offlinePolicy == nil || offlinePolicy == "remote-only" else {
            throw CommandFailure(.input, "--offline-policy: Objects entries are written to the portal only (remote-only)")
        }
        let format = try OutputFormat.resolve(format, allowed: [.json, .text])
        let parsed = try assignments.map(Self.parseAssignment)
        guard !draft || submit else { throw CommandFailure(.input, "--draft saves on submit: add --submit") }

        try await connection.withCacheReadingConnection(policy: .remoteOnly) { connection in
            let context = try await ObjectContext.load(connection, object: object, policy: .remoteOnly)
            let session = connection.session
            var entry: ObjectEntry?
            if let recordId {
                do {
                    entry = try await session.objectEntry(of: context.definition, id: recordId)
                } catch {
                    throw CommandFailure(error, doing: "entry \(recordId) of \(context.definition.name)")
                }
            }
            var form = ObjectForm(context: context, entry: entry)
            try form.apply(parsed)
            let presentation = FormContext(recordSetId: 0, recordSetName: context.name, structure: context.structure, locale: context.locale)
            guard submit else {
                switch format {
                case .json:
                    var json = FormPresentation.json(form.model, context: presentation).objectValue ?? [:]
                    json["recordSetId"] = nil
                    json["object"] = .string(context.definition.name)
                    Console.printJSON(.object(json))
                default: Console.out(FormPresentation.table(form.model, context: presentation))
                }
                return
            }
            let problems = form.problems()
            if !problems.isEmpty { throw FormSubmission.invalid(problems, locale: context.locale) }
            try await uploadFiles(&form, connection: connection)
            let body = try form.body(draft: draft)
            let outcome = try await send(body, form: form, session: session)
            switch format {
            case .json: Console.printJSON(outcome.json)
            default: Console.out(outcome.summary + "\n")
            }
        }
    }

    /// Uploads the local files chosen for attachment fields (after validation: nothing is
    /// uploaded for a form that does not validate).
    private func uploadFiles(_ form: inout ObjectForm, connection: CacheReadingConnection) async throws(CommandFailure) {
        for (field, path) in form.files.sorted(by: { $0.key < $1.key }) {
            let url = URL(fileURLWithPath: path)
            do {
                let file = try await connection.session.addFileEntry(
                    repositoryId: repositoryId ?? connection.groupId, folderId: folderId, file: FileUpload(fileURL: url),
                    title: filePrefix + UUID().uuidString.lowercased().prefix(8) + "-" + url.lastPathComponent)
                try form.attach(file.fileEntryId, to: field)
            } catch let failure as CommandFailure {
                throw failure
            } catch {
                throw CommandFailure(error, doing: "upload of \(url.lastPathComponent) for field \(field)")
            }
        }
    }

    /// Adds (PUT by a new ERC, sent again on a network failure) or updates (PATCH) the entry.
    private func send(_ body: JSONValue, form: ObjectForm, session: PortalSession) async throws(CommandFailure) -> ObjectFormOutcome {
        let definition = form.context.definition
        if let entry = form.entry {
            do {
                let updated = try await session.updateObjectEntry(of: definition, id: entry.id, body: body)
                return ObjectFormOutcome(entry: updated, status: "updated")
            } catch {
                throw CommandFailure(error, doing: "update of entry \(entry.id) of \(definition.name)")
            }
        }
        let erc = PortalSession.newExternalReferenceCode()
        var attempt = 1
        while true {
            do {
                let added = try await session.addObjectEntry(of: definition, groupId: form.context.groupId, externalReferenceCode: erc, body: body)
                return ObjectFormOutcome(entry: added, status: "added")
            } catch let error as PortalError where error.kind == .network && attempt < Self.objectAddAttempts {
                attempt += 1
            } catch {
                throw CommandFailure(error, doing: "new entry of \(definition.name)")
            }
        }
    }
}

/// `form --object --submit`'s output: the record set form's keys, plus the entry's ERC.
struct ObjectFormOutcome {
    let entry: ObjectEntry
    let status: String

    var json: JSONValue {
        [
            "recordId": .int(entry.id), "status": .string(status), "workflowStatus": JSONValue(WorkflowStatus.name(entry.statusCode)),
            "queueId": .null, "externalReferenceCode": .string(entry.externalReferenceCode),
        ]
    }

    var summary: String {
        "\(status.capitalized) entry \(entry.id) (\(entry.externalReferenceCode))" + (WorkflowStatus.name(entry.statusCode).map { " — \($0)" } ?? "")
    }
}
