import DDM
import Foundation
import OfflineStore
import PortalClient
import Screenlets
import Sync
import TermletsTestSupport
import Testing

/// A form is always a specific record (issue 11), on an in-process emulator taken offline with
/// its fault switch: a record form never becomes a blank new record, a record of another set is
/// refused, a queued add saved again is replaced, and a queued save can be taken back.
@Suite("Form screenlet: which record a form is", .serialized)
struct FormIdentityTests {
    static func remoteFirst(_ attributes: inout FormScreenletAttributes) {
        attributes.recordSetId = 40003
        attributes.loadPolicy = .remoteFirst
        attributes.submitPolicy = .remoteFirst
    }

    @Test func aRecordNeitherThePortalNorTheCacheHasIsNeverABlankNewRecord() async throws {
        try await withHarness { harness in
            // The form is cached, the record is not.
            try await harness.screenlet { Self.remoteFirst(&$0) }.loadForm()
            await harness.setOffline(true)
            let screenlet = harness.screenlet {
                Self.remoteFirst(&$0)
                $0.recordId = 43002
            }
            await #expect(throws: FormScreenletError.self) { try await screenlet.loadRecord() }
            #expect(await screenlet.state.model == nil, "no blank form in the record's place")
            #expect(await screenlet.state.requestedRecordId == 43002)
            await #expect(throws: FormScreenletError.self) { try await screenlet.submitForm() }
            #expect(try harness.queue.items().isEmpty, "nothing queued")
        }
    }

    @Test func aCachedRecordOpensOfflineAsThatRecordAndSavesAnUpdate() async throws {
        try await withHarness { harness in
            let online = harness.screenlet {
                Self.remoteFirst(&$0)
                $0.recordId = 43002
            }
            try await online.loadRecord()
            await harness.setOffline(true)
            let screenlet = harness.screenlet {
                Self.remoteFirst(&$0)
                $0.recordId = 43002
            }
            try await screenlet.loadRecord()
            #expect(await screenlet.state.recordId == 43002)
            #expect(await screenlet.state.isRecordFromCache)
            try await screenlet.setValue(.string("José Offline"), of: "Name")
            guard case .queued(let queueId) = try await screenlet.submitForm() else {
                Issue.record("expected a queued update")
                return
            }
            let item = try #require(try harness.queue.item(queueId))
            #expect(item.operation == .updateRecord && item.payload[PayloadKey.recordId]?.int64Value == 43002)
        }
    }

    @Test func aRecordOfAnotherSetIsRefusedBeforeTheFormShows() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet {
                Self.remoteFirst(&$0)
                $0.recordId = 41001
            }
            do {
                try await screenlet.loadRecord()
                Issue.record("record 41001 of set 40001 loaded into set 40003")
            } catch let error as FormScreenletError {
                #expect(error.description == "record 41001 is not in record set 40003")
            }
            #expect(await screenlet.state.model == nil)
        }
    }

    @Test func savingAQueuedAddAgainReplacesItAndSyncAddsItOnce() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet { Self.remoteFirst(&$0) }
            try await screenlet.loadForm()
            await harness.setOffline(true)
            try await screenlet.setValue(.string("First name"), of: "Name")
            guard case .queued(let queueId) = try await screenlet.submitForm() else {
                Issue.record("expected a queued add")
                return
            }
            try await screenlet.setValue(.string("Second name"), of: "Name")
            #expect(try await screenlet.submitForm() == .queued(queueId: queueId), "the same queued write")
            do {
                try await screenlet.submitForm()
                Issue.record("unchanged values queued again")
            } catch FormScreenletError.nothingNew(let id) {
                #expect(id == queueId)
            }
            let items = try harness.queue.items()
            #expect(items.count == 1 && items.first?.payload[PayloadKey.values]?["Name"] == "Second name", "\(items)")

            await harness.setOffline(false)
            let summary = try await SyncEngine(queue: harness.queue, session: harness.session).run()
            #expect(summary.synced == 1)
            let records = try await harness.session.records(recordSetId: 40003, start: 0, end: 100).records
            #expect(records.filter { $0.values["Name"]?.stringValue?.hasSuffix("name") == true }.map { $0.values["Name"] } == ["Second name"])
            await screenlet.followQueuedSave()
            let added = try #require(records.first { $0.values["Name"] == "Second name" }?.recordId)
            #expect(await screenlet.state.recordId == added)
            #expect(await screenlet.state.queuedSubmitId == nil)
        }
    }

    @Test func aQueuedSaveTakenBackNeverReachesThePortal() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet { Self.remoteFirst(&$0) }
            try await screenlet.loadForm()
            await harness.setOffline(true)
            try await screenlet.setValue(.string("Taken back"), of: "Name")
            guard case .queued = try await screenlet.submitForm() else {
                Issue.record("expected a queued add")
                return
            }
            // The portal dropped the connection: the request may have reached it, so a tombstone
            // stays until sync has checked (the portal is still away).
            #expect(await screenlet.withdrawQueuedWrite() == .beingTakenBack)
            #expect(try harness.queue.items().map(\.operation) == [.withdrawAdd])
            await harness.setOffline(false)
            let summary = try await SyncEngine(queue: harness.queue, session: harness.session).run()
            #expect(summary.pending == 0 && summary.failed == 0, "\(summary)")
            #expect(try harness.queue.items().isEmpty)
            let records = try await harness.session.records(recordSetId: 40003, start: 0, end: 100).records
            #expect(!records.contains { $0.values["Name"] == "Taken back" })
        }
    }

    @Test func aSaveThePortalAcceptedIsNotReportedAsTakenBack() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet { Self.remoteFirst(&$0) }
            try await screenlet.loadForm()
            try await screenlet.setValue(.string("Sent at once"), of: "Name")
            guard case .submitted(let recordId, _, _) = try await screenlet.submitForm() else {
                Issue.record("expected a submitted add")
                return
            }
            // The form's last save was sent, not queued: there is nothing to take back.
            #expect(await screenlet.withdrawQueuedWrite() == .nothingQueued)
            #expect(try await harness.session.record(id: recordId).values["Name"] == "Sent at once")
        }
    }

    @Test func aQueuedUpdateSentBySyncIsTheBaseOfTheNextSave() async throws {
        try await withHarness { harness in
            let screenlet = harness.screenlet {
                Self.remoteFirst(&$0)
                $0.recordId = 43001
            }
            try await screenlet.loadRecord()
            await harness.setOffline(true)
            try await screenlet.setValue(.string("first@example.com"), of: "Email")
            guard case .queued = try await screenlet.submitForm() else {
                Issue.record("expected a queued update")
                return
            }
            await harness.setOffline(false)
            #expect(try await SyncEngine(queue: harness.queue, session: harness.session).run().synced == 1)
            // Not a conflict with its own earlier update: the form builds on what sync sent.
            try await screenlet.setValue(.string("second@example.com"), of: "Email")
            #expect(try await screenlet.submitForm() == .submitted(recordId: 43001, workflowStatus: 0, added: false))
            #expect(try await harness.session.record(id: 43001).values["Email"] == "second@example.com")
        }
    }
}
