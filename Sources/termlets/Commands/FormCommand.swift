import ArgumentParser
import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets
import Sync

/// `termlets form`: a record of a record set, read, filled in with `--set` and submitted (the DDL
/// form screenlet, for scripts).
struct FormCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "form",
        abstract: "Show, fill in and submit a record of a record set.",
        discussion: """
            --set FIELD=VALUE takes the canonical forms, the same for both portal versions: dates \
            yyyy-MM-dd, numbers with a dot, booleans true/false, options by value or label \
            (comma-separated when multiple), geolocation LAT,LON, documents a local file path \
            (uploaded first). Give --set again for another instance of a repeatable field. \
            Without --submit the form is printed with its values and any validation problems.
            """
    )

    @OptionGroup var connection: ConnectionOptions

    @Option(name: .customLong("record-set-id"), parsing: .unconditional, help: "The record set the record belongs to (the screen on the embedded emulator: 40001).")
    var recordSetIdOption: Int64?
    var recordSetId: Int64 { recordSetIdOption ?? 0 }

    @Option(name: .customLong("record-id"), parsing: .unconditional, help: "The record to edit (default: a new record).")
    var recordId: Int64?

    @Option(name: .customLong("structure-id"), parsing: .unconditional, help: "The structure to use instead of the record set's.")
    var structureId: Int64?

    @Option(name: .customLong("set"), help: "FIELD=VALUE in canonical form (repeatable).")
    var assignments: [String] = []

    @Flag(help: "Send the record to the portal.")
    var submit = false

    @Flag(help: "Save the record as a draft instead of submitting it for publication.")
    var draft = false

    @Option(name: .customLong("repository-id"), parsing: .unconditional, help: "Where document fields upload to (default: the site).")
    var repositoryId: Int64?

    @Option(name: .customLong("folder-id"), parsing: .unconditional, help: "The Documents and Media folder of uploads (0: the root).")
    var folderId: Int64 = 0

    @Option(name: .customLong("file-prefix"), help: "Title prefix of uploaded documents.")
    var filePrefix = "form-file-"

    @Option(help: "json or text (default: text on a terminal, JSON otherwise).")
    var format: String?

    @Option(name: .customLong("events"), help: "Write the form's events to FILE as JSON lines.")
    var eventsFile: String?

    @Option(
        name: .customLong("offline-policy"),
        help: """
            Where the form is read from and the record written to: remote-only (default), remote-first, \
            cache-first, cache-only, or cache-then-remote (loads; submits as remote-first). Writes that \
            cannot reach the portal are queued for termlets sync and printed with status "queued". \
            The interactive screen defaults to the policy chosen in the settings (remote-first).
            """)
    var offlinePolicy: String?

    @Flag(help: "Ask for each field line by line (also the default when standard input or output is not a terminal and no --format, --set or --submit is given).")
    var plain = false

    @OptionGroup var interactive: InteractiveFormOptions

    @OptionGroup var objectOptions: ObjectFormOptions

    func run() async throws {
        if let object = objectOptions.object { return try await runObject(object) }
        if !plain, opensScreen { return try await runInteractive() }
        guard recordSetIdOption != nil else { throw CommandFailure(.input, "--record-set-id is required") }
        try InputLimits.positive(recordSetIdOption, "--record-set-id")
        try InputLimits.positive(recordId, "--record-id")
        try InputLimits.positive(structureId, "--structure-id")
        try InputLimits.positive(repositoryId, "--repository-id")
        try InputLimits.notNegative(folderId, "--folder-id")
        if runsPlainPrompts { return try await runPlainPrompts() }
        let format = try OutputFormat.resolve(format, allowed: [.json, .text])
        let parsed = try assignments.map(Self.parseAssignment)
        guard !draft || submit else { throw CommandFailure(.input, "--draft saves on submit: add --submit") }
        let policies = try Self.policies(offlinePolicy)
        let events = try eventsFile.map(FormEventLog.open)

        try await withFormScreenlet(policies: policies, events: events) { screenlet in
            try await run(screenlet, format: format, assignments: parsed)
        }
    }

    /// Connects (offline allowed unless both policies are remote-only), runs `body` on the form
    /// screenlet with its events written to `events`, and always closes both.
    func withFormScreenlet(
        policies: (load: LoadPolicy, submit: SubmitPolicy), events: FormEventLog?, _ body: (FormScreenlet) async throws -> Void
    ) async throws {
        try await connection.withConnection(allowOffline: policies.submit != .remoteOnly || policies.load != .remoteOnly) {
            connection in
            let cache = try OfflineCache.open(connection.settings)
            let screenlet = Self.screenlet(connection, cache: cache, attributes: attributes(connection, policies: policies))
            let writer = events.map { log in Task { await log.write(screenlet.events) } }
            do {
                try await body(screenlet)
                await screenlet.close()
                await writer?.value
            } catch {
                await screenlet.close()
                await writer?.value
                throw error
            }
        }
    }

    private func run(
        _ screenlet: FormScreenlet, format: OutputFormat, assignments: [(field: String, value: String)]
    ) async throws(CommandFailure) {
        let context = try await load(screenlet)
        let documents = try await FormAssignments.apply(assignments, to: screenlet, context: context)
        guard let model = await screenlet.state.model else { throw CommandFailure(.server, "the form did not load") }
        if submit {
            try FormSubmission.validate(model, locale: context.locale)
            try await FormAssignments.chooseDocuments(documents, in: screenlet)
            let outcome = try await FormSubmission.submit(screenlet, draft: draft, locale: context.locale)
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

    /// Loads the form, and the record with `--record-id` (the form first).
    private func load(_ screenlet: FormScreenlet) async throws(CommandFailure) -> FormContext {
        let locale = await screenlet.state.locale
        do {
            try await screenlet.loadForm()
        } catch {
            throw FormSubmission.failure(error, locale: locale, doing: "record set \(recordSetId)")
        }
        if let recordId {
            do {
                try await screenlet.loadRecord()
            } catch {
                throw FormSubmission.failure(error, locale: locale, doing: "record \(recordId)")
            }
        }
        let state = await screenlet.state
        guard let structure = state.model?.structure else { throw CommandFailure(.server, "the form did not load") }
        return FormContext(
            recordSetId: recordSetId, recordSetName: state.recordSetName ?? "", structure: structure, locale: state.locale)
    }

    /// The form screenlet of every mode (flags, prompts, screen). It writes through the sync
    /// engine's sender, so a submit now and a queued write synced later take the same path.
    static func screenlet(_ connection: PortalConnection, cache: CacheDatabase, attributes: FormScreenletAttributes) -> FormScreenlet {
        FormScreenlet(
            portal: FormPortal(session: connection.session), cache: cache, attributes: attributes,
            locale: PortalLocale(connection.settings.locale) ?? .enUS,
            sender: SyncEngine(database: cache, connection: connection).sender)
    }

    func attributes(_ connection: PortalConnection, policies: (load: LoadPolicy, submit: SubmitPolicy))
        -> FormScreenletAttributes
    {
        var attributes = FormScreenletAttributes()
        attributes.groupId = connection.groupId
        attributes.recordSetId = recordSetId
        attributes.recordId = recordId ?? 0
        attributes.structureId = structureId ?? 0
        attributes.repositoryId = repositoryId ?? connection.groupId
        attributes.folderId = folderId
        attributes.filePrefix = filePrefix
        attributes.autoLoad = false
        attributes.loadPolicy = policies.load
        attributes.submitPolicy = policies.submit
        return attributes
    }

    /// `--offline-policy`: one name for loads and submits; `cache-then-remote` loads that way
    /// and submits remote-first. Without it, the portal only (nothing cached, nothing queued).
    static func policies(_ name: String?) throws(CommandFailure) -> (load: LoadPolicy, submit: SubmitPolicy) {
        guard let name else { return (.remoteOnly, .remoteOnly) }
        do {
            let load = try LoadPolicy(parsing: name)
            let submit = load == .cacheThenRemote ? SubmitPolicy.remoteFirst : try SubmitPolicy(parsing: name)
            return (load, submit)
        } catch {
            throw CommandFailure(.input, "--offline-policy: \(error)")
        }
    }

    /// `FIELD=VALUE`, split at the first `=`.
    static func parseAssignment(_ text: String) throws(CommandFailure) -> (field: String, value: String) {
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw CommandFailure(.input, "--set \(text): expected FIELD=VALUE")
        }
        return (String(text[..<equals]), String(text[text.index(after: equals)...]))
    }
}
