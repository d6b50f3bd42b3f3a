import DDM
import Foundation
import Synchronization
import Testing

@testable import OfflineStore

/// The cache's reader connections and Swift concurrency's cooperative threads (two on a two-core
/// machine). A synchronous read (the pending queue's) waits on its thread for a free reader; an
/// asynchronous read (`EntryStore`'s) must never keep its reader until its task runs again, or
/// synchronous reads filling every cooperative thread wait for readers that only those threads
/// could free: the whole process stops, every effect of a screen with it (the gallery's upload
/// that neither failed nor queued, its Tab completion that never came).
@Suite("cache readers and task threads")
struct ReaderPoolTests {
    @Test func anAsyncReadFreesItsReaderBeforeItsTaskRunsAgain() async throws {
        let folder = try TemporaryFolder()
        let database = try folder.openDatabase()
        let store = EntryStore(database: database)
        let address = EntryAddress(collection: "ImageGallery", key: "preview-1")
        try await store.put(address, value: ["bytes": "PNG"])

        // Every reader taken by a synchronous read that waits for the test, so that the reads
        // below cannot be answered before their tasks have stopped and wait for their executor.
        let readers = database.pool.configuration.maximumReaderCount
        let gate = DispatchSemaphore(value: 0)
        let inside = Counter()
        for _ in 0..<readers {
            Thread {
                try? database.pool.read { _ in
                    inside.add()
                    gate.wait()
                }
            }.start()
        }
        try await poll("every reader taken", timeout: 30) { inside.value == readers }

        // As many async reads, on an executor that runs nothing until the test says so: the
        // stand-in for cooperative threads all blocked elsewhere. They start and wait for readers.
        let held = HeldExecutor()
        let finished = Counter()
        let reads = (0..<readers).map { _ in
            Task(executorPreference: held) {
                defer { finished.add() }
                return try await store.get(address)?.value
            }
        }
        try await poll("the reads to start", timeout: 30) { held.pending == readers }
        held.runQueued()
        #expect(finished.value == 0)

        // The readers come free: each read gets one, has been to GRDB's threads and waits for
        // its executor to run again.
        for _ in 0..<readers { gate.signal() }
        try await poll("every read to come back to its task", timeout: 30) { held.pending == readers }

        // A synchronous read, as the gallery's loader makes one (its queued deletions) on a task
        // thread: it gets a reader at once; it waited forever when async reads kept theirs.
        let answered = Counter()
        Thread {
            _ = try? PendingQueue(database: database).pendingCount()
            answered.add()
        }.start()
        let got = (try? await poll("a synchronous read beside them", timeout: 10) { answered.value > 0 }) != nil
        #expect(got, "a synchronous read waited for readers held by \(readers) reads whose tasks could not run")

        // Let the reads finish (and, before the fix, free their readers and the waiting read).
        try await poll("the reads to finish", timeout: 30) {
            held.runQueued()
            return finished.value == readers && answered.value > 0
        }
        var values: [JSONValue?] = []
        for read in reads { values.append(try await read.value) }
        #expect(values == Array(repeating: ["bytes": "PNG"], count: readers))
    }

    /// As GRDB's own async read did: a cancelled task's read throws, reading nothing.
    @Test func aCancelledTasksReadThrowsCancellation() async throws {
        let folder = try TemporaryFolder()
        let store = EntryStore(database: try folder.openDatabase())
        let address = EntryAddress(collection: "ImageGallery", key: "preview-1")
        try await store.put(address, value: ["bytes": "PNG"])
        let read = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await store.get(address)
        }
        await #expect(throws: CancellationError.self) { try await read.value }
        #expect(try await store.get(address)?.value == ["bytes": "PNG"])
    }
}

/// A task executor that runs nothing by itself: ``runQueued()`` runs what waits, on the caller's
/// thread. Tasks preferring it resume only when the test lets them.
private final class HeldExecutor: TaskExecutor, Sendable {
    private let jobs = Mutex<[UnownedJob]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }

    /// Jobs waiting to run.
    var pending: Int { jobs.withLock { $0.count } }

    /// Runs the jobs waiting now (not those they queue).
    func runQueued() {
        let now = jobs.withLock { jobs in
            defer { jobs.removeAll() }
            return jobs
        }
        for job in now { job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}

/// A count shared by threads and tasks.
private final class Counter: Sendable {
    private let count = Atomic(0)
    func add() { count.add(1, ordering: .sequentiallyConsistent) }
    var value: Int { count.load(ordering: .sequentiallyConsistent) }
}

/// Polls `condition` until it holds or `seconds` pass (the poll interval only bounds how late a met
/// condition is noticed).
private func poll(_ what: String, timeout seconds: Double, _ condition: () throws -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while try !condition() {
        if ContinuousClock.now >= deadline { throw PollTimedOut(what: what, seconds: seconds) }
        try await Task.sleep(for: .milliseconds(10))
    }
}

private struct PollTimedOut: Error, CustomStringConvertible {
    let what: String
    let seconds: Double
    var description: String { "timed out after \(seconds) s waiting for \(what)" }
}
