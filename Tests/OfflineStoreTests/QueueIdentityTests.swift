import DDM
import Foundation
@testable import OfflineStore
import Testing

/// What a form needs from the queue to be a specific record: its write found by uuid, and a
/// record's queued values for lists.
@Suite("Pending queue: writes by uuid, queued record values")
struct QueueIdentityTests {
    let folder: TemporaryFolder
    let queue: PendingQueue

    init() throws {
        folder = try TemporaryFolder()
        queue = PendingQueue(database: try folder.openDatabase())
    }

    @Test func aWriteIsFoundByTheUuidItWasCreatedWith() throws {
        let write = addRecord(values: ["name": "Ada"])
        #expect(try queue.item(uuid: write.uuid) == nil, "not queued yet")
        let item = try queue.enqueue(write)
        #expect(try queue.item(uuid: write.uuid)?.queueId == item.queueId)
        try queue.discard(item.queueId)
        #expect(try queue.item(uuid: write.uuid) == nil, "gone once discarded")
    }

    @Test func eachRecordShowsItsLatestOpenUpdate() throws {
        _ = try queue.enqueue(updateRecord(42, values: ["name": "Grace", "age": "30"]))
        _ = try queue.enqueue(updateRecord(42, values: ["name": "Grace H."]))
        let done = try queue.enqueue(updateRecord(7, values: ["name": "Sent"]))
        _ = try queue.claim(done.queueId)
        try queue.markDone(done.queueId, result: ["recordId": 7])
        _ = try queue.enqueue(addRecord(values: ["name": "New"]))
        let values = try queue.queuedRecordValues()
        #expect(values == [42: ["name": "Grace H.", "age": "30"]])
    }
}
