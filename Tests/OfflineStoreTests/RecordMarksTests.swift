import DDM
import Foundation
import Testing

@testable import OfflineStore

/// `PendingQueue.recordMarks()` reads the queue again only when it may have changed (issue 17):
/// whatever changed it — this process, or another connection as another process would — the
/// next call must show it. On the queue suite's database.
extension QueueTests {
    @Test func recordMarksFollowThisProcesssChangesAtOnce() throws {
        #expect(try queue.recordMarks() == RecordMarks())
        let item = try queue.enqueue(updateRecord(1, values: ["name": "Grace"]))
        #expect(try queue.recordMarks() == RecordMarks(states: [1: .dirty], queuedValues: [1: ["name": "Grace"]]))
        _ = try queue.claimReady()
        try queue.markFailed(item.queueId, error: "server: boom", retryAt: nil)
        #expect(try queue.recordMarks().states == [1: .failed])
        try queue.discard(item.queueId)
        #expect(try queue.recordMarks() == RecordMarks())
    }

    /// A second database opened on the same file has its own connections and change signal, as
    /// another process has: its commits show through the write-ahead log's stamp.
    @Test func recordMarksFollowAnotherProcesssChangesAtOnce() throws {
        let other = PendingQueue(database: try folder.openDatabase())
        for recordId in Int64(1)...20 {
            #expect(try queue.recordMarks().states[recordId] == nil)
            let item = try other.enqueue(updateRecord(recordId, values: ["n": .int(recordId)]))
            let marks = try queue.recordMarks()
            #expect(marks.states[recordId] == .dirty, "record \(recordId)")
            #expect(marks.queuedValues[recordId] == ["n": .int(recordId)])
            try other.discard(item.queueId)
        }
        #expect(try queue.recordMarks() == RecordMarks())
    }
}
