import ArgumentParser
import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets
import Sync

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
        let policies = try Self.policies(offlinePolicy)
        let format = try OutputFormat.resolve(format, allowed: [.json, .text])
        let parsed = try assignments.map(Self.parseAssignment)
        guard !draft || submit else { throw CommandFailure(.input, "--draft saves on submit: add --submit") }

        try await connection.withCacheReadingConnection(policy: policies.load) { connection in
            let context = try await ObjectContext.load(connection, object: object, policy: policies.load)
            let session = connection.session
            var entry: ObjectEntry?
            if let recordId { entry = try await ObjectContext.entry(recordId, of: context, connection: connection, policy: policies.load) }
            var form = ObjectForm(context: context, entry: entry)
            try form.apply(parsed)
            let presentation = FormContext(recordSetId: 0, recordSetName: context.name, structure: context.structure, locale: context.locale)
            guard submit else {
                switch format {
                case .json:
                    var json = FormPresentation.json(form.model, context: presentation).objectValue ?? [:]
                    json["recordSetId"] = nil
                    json["object"] = .string(context.definition.name)
                    // Values in the Objects canonical forms (an attachment: the file's title).
                    json["fields"] = json["fields"]?.arrayValue.map { fields in
                        JSONValue.array(fields.map { field in
                            guard case .object(var members) = field, let name = field["name"]?.stringValue else { return field }
                            members["values"] = [form.model.value(of: name).map { .string(ObjectMapping.canonicalString($0)) } ?? .null]
                            return .object(members)
                        })
                    }
                    Console.printJSON(.object(json))
                default: Console.out(FormPresentation.table(form.model, context: presentation))
                }
                return
            }
            let problems = form.problems()
            if !problems.isEmpty { throw FormSubmission.invalid(problems, locale: context.locale) }
            try await uploadFiles(&form, connection: connection)
            let body = try form.body(draft: draft)
            let outcome: ObjectFormOutcome
            if policies.submit == .remoteOnly {
                outcome = try await send(body, form: form, session: session)
            } else {
                outcome = try await queue(body, form: form, connection: connection, policy: policies.submit)
            }
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
                return ObjectFormOutcome(updated, status: "updated")
            } catch {
                throw CommandFailure(error, doing: "update of entry \(entry.id) of \(definition.name)")
            }
        }
        let erc = PortalSession.newExternalReferenceCode()
        var attempt = 1
        while true {
            do {
                let added = try await session.addObjectEntry(of: definition, groupId: form.context.groupId, externalReferenceCode: erc, body: body)
                return ObjectFormOutcome(added, status: "added")
            } catch let error as PortalError where error.kind == .network && attempt < Self.objectAddAttempts {
                attempt += 1
            } catch {
                throw CommandFailure(error, doing: "new entry of \(definition.name)")
            }
        }
    }
}

extension FormCommand {
    /// Submits through the offline queue under `policy` (the same path `termlets sync` takes
    /// later): the write, with its ERC for an add and the entry's `dateModified` for an update,
    /// is stored durably before it is sent, so a crash or a lost portal sends it again, once.
    private func queue(_ body: JSONValue, form: ObjectForm, connection: CacheReadingConnection, policy: SubmitPolicy) async throws(CommandFailure) -> ObjectFormOutcome {
        guard let database = connection.database else { throw CommandFailure(.input, "--offline-policy needs the offline cache") }
        let context = form.context
        let target = ObjectWriteTarget(
            object: context.definition.name, definitionId: context.definition.id, restContextPath: context.definition.restContextPath,
            scope: context.definition.scope.rawValue, groupId: context.groupId)
        var values: [String: JSONValue] = [:]
        for name in form.assigned { values[name] = form.model.value(of: name).map { .string(ObjectMapping.canonicalString($0)) } ?? .null }
        let erc = PortalSession.newExternalReferenceCode()
        let write = form.entry.map {
            PendingWrite.updateEntry(target, entryId: $0.id, body: body, values: .object(values), baseDateModified: $0.dateModified)
        } ?? PendingWrite.addEntry(target, externalReferenceCode: erc, body: body, values: .object(values))
        let sender = SyncEngine(database: database, connection: connection.connection).sender
        do {
            switch try await SubmitExecutor(queue: PendingQueue(database: database)).submit(write, policy: policy, sender: sender) {
            case .sent(let answer):
                return ObjectFormOutcome(
                    recordId: answer[PayloadKey.recordId]?.int64Value, status: form.entry == nil ? "added" : "updated",
                    workflowStatus: WorkflowStatus.name(answer["status"]?.intValue),
                    queueId: nil, externalReferenceCode: answer[PayloadKey.externalReferenceCode]?.stringValue)
            case .queued(let queueId):
                return ObjectFormOutcome(
                    recordId: form.entry?.id, status: "queued", workflowStatus: WorkflowStatus.name(draft ? 2 : 0), queueId: queueId,
                    externalReferenceCode: form.entry?.externalReferenceCode ?? erc)
            }
        } catch {
            throw FormSubmission.failure(error, locale: context.locale, doing: form.entry.map { "update of entry \($0.id)" } ?? "new entry of \(context.definition.name)")
        }
    }
}

/// `form --object --submit`'s output: the record set form's keys, plus the entry's ERC.
struct ObjectFormOutcome {
    let recordId: Int64?
    let status: String
    let workflowStatus: String?
    let queueId: String?
    let externalReferenceCode: String?

    init(recordId: Int64?, status: String, workflowStatus: String?, queueId: String?, externalReferenceCode: String?) {
        self.recordId = recordId
        self.status = status
        self.workflowStatus = workflowStatus
        self.queueId = queueId
        self.externalReferenceCode = externalReferenceCode
    }

    init(_ entry: ObjectEntry, status: String) {
        self.init(
            recordId: entry.id, status: status, workflowStatus: WorkflowStatus.name(entry.statusCode), queueId: nil,
            externalReferenceCode: entry.externalReferenceCode)
    }

    var json: JSONValue {
        [
            "recordId": JSONValue(recordId), "status": .string(status), "workflowStatus": JSONValue(workflowStatus),
            "queueId": JSONValue(queueId), "externalReferenceCode": JSONValue(externalReferenceCode),
        ]
    }

    var summary: String {
        let what = status == "queued" ? "Queued for sync (\(queueId ?? ""))" : "\(status.capitalized) entry \(recordId.map(String.init) ?? "?")"
        return what + (externalReferenceCode.map { " (\($0))" } ?? "") + (workflowStatus.map { " — \($0)" } ?? "")
    }
}
