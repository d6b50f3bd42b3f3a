import DDM
import Foundation
import GRDB
import Testing

@testable import OfflineStore

/// A fresh folder under the system temp dir, removed when the value is released.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("offline-store-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    var location: CacheLocation { CacheLocation(folder: url.appendingPathComponent("db", isDirectory: true)) }

    func openDatabase() throws -> CacheDatabase { try CacheDatabase(location: location) }

    func makeFile(_ name: String, contents: String) throws -> URL {
        let file = url.appendingPathComponent(name)
        try Data(contents.utf8).write(to: file)
        return file
    }
}

/// The portal could not be reached.
struct Unreachable: OfflineClassifiable, CustomStringConvertible {
    var isConnectivityFailure: Bool { true }
    var description: String { "network: connection refused" }
}

/// The portal answered with an error (permission, validation, server…).
struct PortalRefused: OfflineClassifiable, Equatable, CustomStringConvertible {
    var message = "permission: not allowed"
    var isConnectivityFailure: Bool { false }
    var description: String { message }
}

/// A plain error that does not classify itself: counts as an answer from the portal.
struct Unclassified: Error {}

/// Collects what a fake portal was asked, safely across tasks.
final class CallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    private var items: [QueueItem] = []

    func record(_ entry: String) { lock.withLock { entries.append(entry) } }
    func record(_ item: QueueItem) { lock.withLock { items.append(item); entries.append(item.queueId) } }
    var all: [String] { lock.withLock { entries } }
    var sentItems: [QueueItem] { lock.withLock { items } }
    var count: Int { lock.withLock { entries.count } }
}

/// A sender that answers like the portal: a record with a new recordId and modifiedDate.
func acceptingSender(_ log: CallLog, recordId: Int64 = 900, modifiedDate: Int64 = 2_000) -> QueueSender {
    QueueSender { item in
        log.record(item)
        if item.operation == .upload {
            return ["fileEntryId": "77", "uuid": .string(item.uuid), "title": item.payload["fileName"] ?? .null]
        }
        return ["recordId": .int(item.payload["recordId"]?.int64Value ?? recordId), "modifiedDate": .int(modifiedDate)]
    }
}

func failingSender(_ log: CallLog, _ error: some Error) -> QueueSender {
    QueueSender { item in
        log.record(item)
        throw error
    }
}

func addRecord(_ recordSetId: Int64 = 1, values: JSONValue = ["name": "Ada"]) -> PendingWrite {
    .addRecord(recordSetId: recordSetId, groupId: 20, values: values)
}

func updateRecord(_ recordId: Int64, values: JSONValue = ["name": "Grace"], base: Int64 = 1_000) -> PendingWrite {
    .updateRecord(recordId: recordId, recordSetId: 1, values: values, baseModifiedDate: .int(base))
}

func posixMode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}
