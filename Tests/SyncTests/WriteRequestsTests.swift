import DDM
import Foundation
import OfflineStore
import PortalClient
@testable import Sync
import TermletsTestSupport
import Testing

/// How a queued record write becomes its `add-record`/`update-record` call, without a network.
@Suite("Write requests: queued values and workflow action")
struct WriteRequestsTests {
    static func requests(_ version: PortalVersion = .v7) -> WriteRequests {
        WriteRequests(
            calls: ServiceCalls(version: version), groupId: 20143, userId: 20139, locale: "en_US",
            defaultWorkflowAction: .publish)
    }

    static func fileEntry(_ n: Int) -> JSONValue {
        ["fileEntryId": .int(Int64(70_000 + n)), "groupId": 20143, "uuid": .string("uuid-\(n)"), "version": "1.0", "title": .string("f\(n)")]
    }

    @Test func repeatableInstancesStayAnArrayOfServerStrings() {
        let map = Self.requests().fieldsMap([
            "Title": "One", "Phone": ["+34 1", "+34 2"], "Colours": #"["red","blue"]"#, "Empty": .null,
            "Attachment": Self.fileEntry(1), "Photos": [Self.fileEntry(2), Self.fileEntry(3)],
        ])
        #expect(map["Title"] == "One")
        #expect(map["Phone"] == ["+34 1", "+34 2"], "one element per instance, as DDLFormModel.fieldsMap sends them")
        #expect(map["Colours"] == #"["red","blue"]"#, "a multiple selection is one server string")
        #expect(map["Empty"] == nil)
        #expect(map["Attachment"] == #"{"groupId":20143,"uuid":"uuid-1","version":"1.0","title":"f1"}"#)
        #expect(map["Photos"] == [#"{"groupId":20143,"uuid":"uuid-2","version":"1.0","title":"f2"}"#, #"{"groupId":20143,"uuid":"uuid-3","version":"1.0","title":"f3"}"#])
    }

    @Test func eachWriteCarriesItsOwnWorkflowAction() throws {
        let folder = try TemporaryDirectory(prefix: "termlets-writerequests")
        let database = try CacheDatabase(location: CacheLocation(folder: folder.path("cache")))
        defer { try? database.close() }
        let queue = PendingQueue(database: database)
        func item(_ action: JSONValue?) throws -> QueueItem {
            var extra: [String: JSONValue] = [:]
            if let action { extra[PayloadKey.workflowAction] = action }
            return try queue.enqueue(.addRecord(recordSetId: 40001, groupId: nil, values: ["Title": "x"], extra: extra))
        }
        let requests = Self.requests()
        #expect(try requests.workflowAction(item("draft")) == .saveDraft)
        #expect(try requests.workflowAction(item("publish")) == .publish)
        #expect(try requests.workflowAction(item(nil)) == .publish)
        #expect(throws: PortalError.self) { try requests.workflowAction(item("approve")) }
        let draft = try requests.addRecord(item("draft"))
        guard case .object(let parameter, _)? = draft.parameters.first(where: { $0.name == "serviceContext" })?.value else {
            Issue.record("add-record has no serviceContext")
            return
        }
        #expect(parameter?.fields.contains(.init("workflowAction", 2)) == true, "serviceContext.workflowAction 2 saves a draft")
    }
}
