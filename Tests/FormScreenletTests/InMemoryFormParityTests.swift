import DDM
import Foundation
import OfflineStore
import PortalClient
import PortalEmulator
import Screenlets
import TermletsTestSupport
import Testing

/// The in-memory form (``InMemoryFormScreenlet``, on which the form screen's tests run) answers
/// as the real screenlet on the emulator does for the same outcome: the same events, in order,
/// and the same state — loaded values, origins, record set name, identity, messages, uploads.
/// The real one goes first; the in-memory one is told what it came to (the record id the portal
/// gave, the queue id of the queued save).
@Suite("In-memory form: the real screenlet's answers", .serialized)
struct InMemoryFormParityTests {
    /// What of a form's state the screen draws.
    struct Drawn: Equatable {
        let model: DDLFormModel?
        let locale: PortalLocale
        let recordSetName: String?
        let formOrigin: FormDataOrigin?
        let recordOrigin: FormDataOrigin?
        let identity: FormRecordIdentity
        let workflowStatus: Int?
        let validationMessages: [FormFieldKey: String]
        let firstInvalidField: FormFieldKey?
        let isDirty: Bool
        let isLoading: Bool
        let isSubmitting: Bool

        init(_ state: FormState) {
            model = state.model
            locale = state.locale
            recordSetName = state.recordSetName
            formOrigin = state.formOrigin
            recordOrigin = state.recordOrigin
            identity = state.identity
            workflowStatus = state.workflowStatus
            validationMessages = state.validationMessages
            firstInvalidField = state.firstInvalidField
            isDirty = state.isDirty
            isLoading = state.isLoading
            isSubmitting = state.isSubmitting
        }
    }

    /// Records the events of any form, as the screen's stream effect reads them.
    final class Events: Sendable {
        private let box = Box()
        private let task: Task<Void, Never>

        init(_ screenlet: any FormEditing) {
            let box = self.box
            let events = screenlet.events
            task = Task { for await event in events { await box.append(event) } }
        }

        var all: [FormEvent] { get async { await box.events } }

        /// Waits (with a deadline) until `count` events came.
        func wait(for count: Int) async throws -> [FormEvent] {
            try await TermletsTestSupport.waitFor("\(count) events", timeout: 60) {
                let events = await self.box.events
                return events.count >= count ? events : nil
            }
        }

        private actor Box {
            var events: [FormEvent] = []
            func append(_ event: FormEvent) { events.append(event) }
        }
    }

    static func attributes(recordSetId: Int64, recordId: Int64 = 0) -> FormScreenletAttributes {
        var attributes = FormScreenletAttributes()
        attributes.groupId = DemoIDs.groupId
        attributes.recordSetId = recordSetId
        attributes.recordId = recordId
        return attributes
    }

    /// The in-memory twin of the demo record set's form (and record) the real one loads.
    static func inMemory(
        recordSetId: Int64, recordId: Int64 = 0, load: InMemoryFormScreenlet.Load = .portal,
        submissions: [InMemoryFormScreenlet.Submission] = [], uploads: [InMemoryFormScreenlet.Upload] = []
    ) throws -> InMemoryFormScreenlet {
        let recordSet = try #require(DemoForms.recordSet(recordSetId))
        let structure = try #require(try DemoForms.structure(recordSet.structureId))
        return InMemoryFormScreenlet(
            structure: structure, record: recordId != 0 ? DemoForms.record(recordId) : nil, recordSetName: recordSet.name,
            attributes: attributes(recordSetId: recordSetId, recordId: recordId), locale: .enUS, load: load,
            submissions: submissions, uploads: uploads)
    }

    /// The events of the in-memory form so far (it has told them all once `handled()` returns).
    static func told(_ events: Events, _ screenlet: InMemoryFormScreenlet) async -> [FormEvent] {
        await screenlet.handled()
        return await events.all
    }

    @Test(arguments: [(DemoIDs.everyFieldRecordSetId, Int64(0)), (DemoIDs.contactsRecordSetId, Int64(0)),
                      (DemoIDs.contactsRecordSetId, DemoIDs.firstContactRecordId),
                      (DemoIDs.everyFieldRecordSetId, DemoIDs.firstEveryFieldRecordId)])
    func aLoadedFormOrRecordIsTheSame(recordSetId: Int64, recordId: Int64) async throws {
        try await withHarness { harness in
            let real = harness.screenlet { $0 = Self.attributes(recordSetId: recordSetId, recordId: recordId) }
            let realEvents = Events(real)
            await real.start()
            let memory = try Self.inMemory(recordSetId: recordSetId, recordId: recordId)
            let memoryEvents = Events(memory)
            await memory.start()
            let told = await Self.told(memoryEvents, memory)
            #expect(told.map(\.name) == (recordId == 0 ? ["formLoaded"] : ["formLoaded", "recordLoaded"]))
            #expect(try await realEvents.wait(for: told.count) == told)
            #expect(Drawn(await memory.state) == Drawn(await real.state))
            #expect(await memory.attributes == real.attributes)
            await real.close()
            await memory.close()
        }
    }

    @Test func aSubmitRefusedByValidationIsTheSame() async throws {
        try await withHarness { harness in
            let real = harness.screenlet { $0 = Self.attributes(recordSetId: DemoIDs.contactsRecordSetId) }
            let realEvents = Events(real)
            await real.start()
            let memory = try Self.inMemory(recordSetId: DemoIDs.contactsRecordSetId)
            let memoryEvents = Events(memory)
            await memory.start()
            for form in [real, memory] as [any FormEditing] {
                try await form.setValue(.string("ada@example.com"), of: "Email")
                await #expect(throws: FormScreenletError.self) { try await form.submitForm(draft: false) }
            }
            let told = await Self.told(memoryEvents, memory)
            #expect(told.map(\.name) == ["formLoaded", "formSubmitError"])
            #expect(try await realEvents.wait(for: told.count) == told)
            #expect(Drawn(await memory.state) == Drawn(await real.state))
            #expect(await memory.submitted.isEmpty, "nothing was sent")
            await real.close()
            await memory.close()
        }
    }

    @Test(arguments: [false, true])
    func anAcceptedAddIsTheSame(draft: Bool) async throws {
        try await withHarness { harness in
            let real = harness.screenlet { $0 = Self.attributes(recordSetId: DemoIDs.contactsRecordSetId) }
            let realEvents = Events(real)
            await real.start()
            try await real.setValue(.string("Grace Hopper"), of: "Name")
            let realOutcome = try await real.submitForm(draft: draft)
            guard case .submitted(let recordId, _, _) = realOutcome else {
                Issue.record("the portal did not accept it: \(realOutcome)")
                return
            }
            let memory = try Self.inMemory(recordSetId: DemoIDs.contactsRecordSetId, submissions: [.accepted(recordId: recordId)])
            let memoryEvents = Events(memory)
            await memory.start()
            try await memory.setValue(.string("Grace Hopper"), of: "Name")
            #expect(try await memory.submitForm(draft: draft) == realOutcome)
            let told = await Self.told(memoryEvents, memory)
            #expect(told.map(\.name) == ["formLoaded", "formSubmitted"])
            #expect(try await realEvents.wait(for: told.count) == told)
            #expect(Drawn(await memory.state) == Drawn(await real.state))
            #expect(await memory.attributes == real.attributes)
            let sent = await memory.submitted
            #expect(sent.count == 1 && sent.first?.draft == draft)
            #expect(sent.first?.values.value(of: "Name") == .string("Grace Hopper"))
            await real.close()
            await memory.close()
        }
    }

    @Test func anUpdateAcceptedIsTheSame() async throws {
        try await withHarness { harness in
            let ids = (recordSetId: DemoIDs.contactsRecordSetId, recordId: DemoIDs.firstContactRecordId)
            let real = harness.screenlet { $0 = Self.attributes(recordSetId: ids.recordSetId, recordId: ids.recordId) }
            let realEvents = Events(real)
            await real.start()
            let memory = try Self.inMemory(recordSetId: ids.recordSetId, recordId: ids.recordId)
            let memoryEvents = Events(memory)
            await memory.start()
            var outcomes: [FormSubmitOutcome] = []
            for form in [real, memory] as [any FormEditing] {
                try await form.setValue(.string("lovelace@example.com"), of: "Email")
                outcomes.append(try await form.submitForm(draft: false))
            }
            #expect(outcomes[0] == outcomes[1])
            let told = await Self.told(memoryEvents, memory)
            #expect(told.map(\.name) == ["formLoaded", "recordLoaded", "formSubmitted"])
            #expect(try await realEvents.wait(for: told.count) == told)
            #expect(Drawn(await memory.state).identity == Drawn(await real.state).identity)
            #expect(await memory.state.model?.value(of: "Email") == real.state.model?.value(of: "Email"))
            #expect(await memory.state.isDirty == real.state.isDirty)
            await real.close()
            await memory.close()
        }
    }

    @Test func aSaveQueuedOfflineIsTheSame() async throws {
        try await withHarness { harness in
            let real = harness.screenlet { $0 = Self.attributes(recordSetId: DemoIDs.contactsRecordSetId) }
            let realEvents = Events(real)
            await real.start()
            await harness.setOffline(true)
            try await real.setValue(.string("Queued offline"), of: "Name")
            let realOutcome = try await real.submitForm(draft: false)
            guard case .queued(let queueId) = realOutcome else {
                Issue.record("it was not queued: \(realOutcome)")
                return
            }
            let memory = try Self.inMemory(recordSetId: DemoIDs.contactsRecordSetId, submissions: [.queued(queueId: queueId)])
            let memoryEvents = Events(memory)
            await memory.start()
            try await memory.setValue(.string("Queued offline"), of: "Name")
            #expect(try await memory.submitForm(draft: false) == realOutcome)

            // Saving the same values again: nothing new, on both.
            for form in [real, memory] as [any FormEditing] {
                await #expect(throws: FormScreenletError.self) { try await form.submitForm(draft: false) }
            }
            let told = await Self.told(memoryEvents, memory)
            #expect(told.map(\.name) == ["formLoaded", "formQueued", "formSubmitError"])
            #expect(try await realEvents.wait(for: told.count) == told)
            #expect(Drawn(await memory.state) == Drawn(await real.state))
            #expect(await memory.state.identity == .queued(queueId: queueId, recordId: nil))
            await real.close()
            await memory.close()
        }
    }

    /// An upload: the same events (progress aside: the real one reports as the bytes go) and the
    /// same kind of status and value in the field; one queued offline has the same placeholder.
    @Test(arguments: [false, true])
    func anUploadIsTheSame(offline: Bool) async throws {
        try await withHarness { harness in
            let real = harness.screenlet { $0 = Self.attributes(recordSetId: DemoIDs.everyFieldRecordSetId) }
            let realEvents = Events(real)
            await real.start()
            if offline { await harness.setOffline(true) }
            let file = try harness.file("report.pdf", size: 20_000)
            try await real.chooseDocument(file.path, for: "Attachment")
            await real.waitForUploads()
            let key = FormFieldKey(field: "Attachment")
            let realStatus = await real.state.uploads[key]
            var outcome = InMemoryFormScreenlet.Upload.uploaded(bytes: 20_000)
            if case .queuedOffline(let queueId)? = realStatus { outcome = .queued(queueId: queueId) }
            #expect(offline == (outcome != .uploaded(bytes: 20_000)), "offline, the real upload is queued")
            let memory = try Self.inMemory(recordSetId: DemoIDs.everyFieldRecordSetId, uploads: [outcome])
            let memoryEvents = Events(memory)
            await memory.start()
            try await memory.chooseDocument(file.path, for: "Attachment")
            let told = await Self.told(memoryEvents, memory).filter { $0.name != "documentUploadProgress" }
            #expect(told.map(\.name) == ["formLoaded", "documentUploadStarted", "documentUploaded"])
            let seen = try await TermletsTestSupport.waitFor("the real upload's events", timeout: 60) {
                let events = await realEvents.all.filter { $0.name != "documentUploadProgress" }
                return events.count >= told.count ? events : nil
            }
            #expect(seen.map(\.name) == told.map(\.name))
            #expect(seen.prefix(2) == told.prefix(2))
            let memoryStatus = await memory.state.uploads[key]
            switch (realStatus, memoryStatus) {
            case (.uploaded?, .uploaded?):
                if case .document(.uploaded)? = await memory.state.model?.value(of: "Attachment") {} else { Issue.record("no uploaded reference") }
                if case .document(.uploaded)? = await real.state.model?.value(of: "Attachment") {} else { Issue.record("no uploaded reference") }
            case (.queuedOffline?, .queuedOffline?):
                #expect(realStatus == memoryStatus)
                #expect(seen.last == told.last, "the same placeholder")
                #expect(await memory.state.model?.value(of: "Attachment") == real.state.model?.value(of: "Attachment"))
            default:
                Issue.record("real \(String(describing: realStatus)), in memory \(String(describing: memoryStatus))")
            }
            await real.close()
            await memory.close()
        }
    }

    @Test func aFormThatCannotLoadIsTheSame() async throws {
        try await withHarness { harness in
            await harness.setOffline(true)
            let real = harness.screenlet { $0 = Self.attributes(recordSetId: DemoIDs.contactsRecordSetId) }
            let realEvents = Events(real)
            await real.start()
            let seen = try await realEvents.wait(for: 1)
            guard case .formLoadError(let message)? = seen.first else {
                Issue.record("expected a load error: \(seen)")
                return
            }
            let memory = try Self.inMemory(recordSetId: DemoIDs.contactsRecordSetId, load: .failed(message: message))
            let memoryEvents = Events(memory)
            await memory.start()
            #expect(await Self.told(memoryEvents, memory) == seen)
            #expect(Drawn(await memory.state) == Drawn(await real.state))
            #expect(await memory.state.model == nil)
            await real.close()
            await memory.close()
        }
    }
}
