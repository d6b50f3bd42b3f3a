import DDM
import Foundation
import GRDB

/// Queue rows that cannot be read back as a ``QueueItem`` (edited by hand, damaged on disk).
/// Such a write is set aside: marked `failed` with no retry time, never sent, and listed by
/// `termlets pending` with what is wrong, while every other write is shown and sent.
enum DamagedRows {
    /// The columns a row must hold as text, and as integers.
    private static let textColumns = ["queueId", "operation", "collection", "subject", "payload", "uuid", "state"]
    private static let integerColumns = ["sequence", "attempts", "createdAt", "updatedAt"]
    private static let optionalText = ["lastError", "portalValue", "result", "entryCollection", "entryKey", "localFile"]
    private static let optionalIntegers = ["retryAt", "sendingPid", "sendingSince"]

    /// What is wrong with `row`, or `nil` when it reads as a queue item. Never traps, whatever
    /// the column types (GRDB's non-optional accessors would).
    static func damage(in row: Row, _ db: Database, filesDirectory: URL) -> String? {
        if case .failure(let damage) = read(row, db, filesDirectory: filesDirectory) { return damage.what }
        return nil
    }

    /// What is wrong with a row.
    struct Damage: Error {
        let what: String
    }

    /// The row as a queue item, or what is wrong with it.
    static func read(_ row: Row, _ db: Database, filesDirectory: URL) -> Result<QueueItem, Damage> {
        for column in textColumns where text(row, column) == nil { return .failure(Damage(what: "\(column) is missing or not text")) }
        for column in integerColumns where integer(row, column) == nil {
            return .failure(Damage(what: "\(column) is missing or not a number"))
        }
        for column in optionalText where !isNull(row, column) && text(row, column) == nil {
            return .failure(Damage(what: "\(column) is not text"))
        }
        for column in optionalIntegers where !isNull(row, column) && integer(row, column) == nil {
            return .failure(Damage(what: "\(column) is not a number"))
        }
        do {
            let item = try QueueSQL.item(db, from: row, filesDirectory: filesDirectory)
            guard item.payload.objectValue != nil else { return .failure(Damage(what: "its payload is not a JSON object")) }
            return .success(item)
        } catch let error as OfflineStoreError {
            if case .corruptValue(let what) = error { return .failure(Damage(what: what)) }
            return .failure(Damage(what: error.description))
        } catch {
            return .failure(Damage(what: "\(error)"))
        }
    }

    /// The text `pending` shows for a write set aside because of `damage`.
    static func message(_ damage: String) -> String {
        "damaged in the offline cache (\(damage)); set aside, it will not be sent"
    }

    /// The write as `pending` lists it: `failed`, with the damage as its error and whatever could
    /// be read of it.
    static func listedItem(_ row: Row, damage: String) -> QueueItem {
        let sequence = integer(row, "sequence") ?? 0
        let stored = text(row, "lastError")
        return QueueItem(
            queueId: text(row, "queueId") ?? "#\(sequence)",
            sequence: sequence,
            operation: text(row, "operation").flatMap(PendingOperation.init(rawValue:)) ?? .addRecord,
            collection: text(row, "collection") ?? "",
            subject: text(row, "subject") ?? "damaged:\(sequence)",
            payload: .object([:]),
            uuid: text(row, "uuid") ?? "",
            state: .failed,
            attempts: Int(integer(row, "attempts") ?? 0),
            lastError: stored?.hasPrefix("damaged in the offline cache") == true ? stored : message(damage),
            retryAt: nil,
            portalValue: nil,
            result: nil,
            linkedEntry: nil,
            fileURL: nil,
            dependsOn: [],
            createdAt: Timestamps.date(integer(row, "createdAt") ?? 0),
            updatedAt: Timestamps.date(integer(row, "updatedAt") ?? 0),
            wasInterrupted: false)
    }

    /// Marks the row with this `sequence` failed for good, with `damage` as its error.
    static func setAside(_ db: Database, sequence: Int64, damage: String, now: Date) throws {
        try Cached.execute(
            db,
            sql: """
                UPDATE pending_write SET state = 'failed', lastError = ?, retryAt = NULL, sendingPid = NULL,
                    updatedAt = ? WHERE sequence = ?
                """,
            arguments: [message(damage), Timestamps.milliseconds(now), sequence])
    }

    // MARK: - Column access that never traps

    static func text(_ row: Row, _ column: String) -> String? {
        guard row.hasColumn(column) else { return nil }
        if case .string(let value) = (row[column] as DatabaseValue).storage { return value }
        return nil
    }

    static func integer(_ row: Row, _ column: String) -> Int64? {
        guard row.hasColumn(column) else { return nil }
        if case .int64(let value) = (row[column] as DatabaseValue).storage { return value }
        return nil
    }

    static func isNull(_ row: Row, _ column: String) -> Bool {
        !row.hasColumn(column) || (row[column] as DatabaseValue).isNull
    }
}
