#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import DDM
import Synchronization

/// What a record list shows of the pending-write queue: the records with open writes (and the
/// state to show) and the values of their open updates.
public struct RecordMarks: Sendable, Equatable {
    /// Record id → state (see ``PendingQueue/recordsWithPendingWrites()``).
    public var states: [Int64: QueueState]
    /// Record id → the values of its latest open update (see ``PendingQueue/queuedRecordValues()``).
    public var queuedValues: [Int64: [String: JSONValue]]

    public init(states: [Int64: QueueState] = [:], queuedValues: [Int64: [String: JSONValue]] = [:]) {
        self.states = states
        self.queuedValues = queuedValues
    }
}

extension PendingQueue {
    /// The longest marks read from the database are used again: the bound on how late a change
    /// another process commits in the very tick of the file clock that a read saw shows.
    public static let recordMarksReuse: Duration = .seconds(1)

    /// The queue's marks for record lists (``recordsWithPendingWrites()`` and, when there are
    /// some, ``queuedRecordValues()``), read from the database again only when the database may
    /// have changed since the last read: this process committed a change to the queue, or the
    /// write-ahead log's size or time changed (another process committed something), or
    /// ``recordMarksReuse`` has passed. A list asks for them with every page it shows; reading
    /// the queue each time was an eighth of a page down's work (issue 17).
    public func recordMarks() throws -> RecordMarks {
        // Both taken before the read: a change committed during it makes them differ next time.
        let version = database.queueChanges.version
        let log = FileStamp(path: database.writeAheadLogPath)
        let now = ContinuousClock.now
        if let kept = database.recordMarksMemo.withLock({ $0 }), kept.version == version, let log, kept.log == log,
           now - kept.readAt < Self.recordMarksReuse {
            return kept.marks
        }
        let states = try recordsWithPendingWrites()
        guard let queued = states.isEmpty ? [:] : try? queuedRecordValues() else {
            return RecordMarks(states: states)
        }
        let marks = RecordMarks(states: states, queuedValues: queued)
        database.recordMarksMemo.withLock { $0 = log.map { RecordMarksMemo(version: version, log: $0, readAt: now, marks: marks) } }
        return marks
    }
}

/// The last marks read, with what the queue and its log looked like before the read.
struct RecordMarksMemo: Sendable {
    let version: UInt64
    let log: FileStamp
    let readAt: ContinuousClock.Instant
    let marks: RecordMarks
}

/// A file's identity, size and modification time: any write to it changes one of them (but two
/// writes within one tick of the file system's clock that leave its size alone).
struct FileStamp: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let seconds: Int
    let nanoseconds: Int

    /// The file's stamp now, or nil when it cannot be read.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        seconds = Int(info.st_mtimespec.tv_sec)
        nanoseconds = Int(info.st_mtimespec.tv_nsec)
        #else
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
        #endif
    }
}
