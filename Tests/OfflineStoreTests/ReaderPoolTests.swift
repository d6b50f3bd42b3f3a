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

        // As many reads as the pool has readers, on an executor that runs nothing until the test
        // says so: the stand-in for cooperative threads all blocked elsewhere.
        let held = HeldExecutor()
        let readers = database.pool.configuration.maximumReaderCount
        let reads = (0..<readers).map { _ in
            Task(executorPreference: held) { try await store.get(address)?.value }
        }
        held.runQueued()
        // Each read has been to GRDB's threads and waits for the executor to run again.
        try await poll("every read to come back to its task", timeout: 30) { held.pending >= readers }

        // A synchronous read, as the gallery's loader makes one (its queued deletions) on a task
        // thread: it gets a reader at once; it waited forever when async reads kept theirs.
        let answered = Atomic(false)
        Thread {
            _ = try? PendingQueue(database: database).pendingCount()
            answered.store(true, ordering: .sequentiallyConsistent)
        }.start()
        let got = (try? await poll("a synchronous read beside them", timeout: 10) { answered.load(ordering: .sequentiallyConsistent) }) != nil
        #expect(got, "a synchronous read waited for readers held by \(readers) reads whose tasks could not run")

        // Let the reads finish (and, before the fix, free their readers and the waiting read).
        let values = Task.detached {
            var values: [JSONValue?] = []
            for read in reads { values.append(try await read.value) }
            return values
        }
        try await poll("the reads to finish", timeout: 30) {
            held.runQueued()
            return answered.load(ordering: .sequentiallyConsistent) && held.pending == 0 && held.idle
        }
        #expect(try await values.value == Array(repeating: ["bytes": "PNG"], count: readers))
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
    private let running = Atomic(false)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
    }

    /// Jobs waiting to run.
    var pending: Int { jobs.withLock { $0.count } }

    /// True when no job runs.
    var idle: Bool { !running.load(ordering: .sequentiallyConsistent) }

    /// Runs the jobs waiting now (not those they queue).
    func runQueued() {
        let now = jobs.withLock { jobs in
            defer { jobs.removeAll() }
            return jobs
        }
        running.store(true, ordering: .sequentiallyConsistent)
        for job in now { job.runSynchronously(on: asUnownedTaskExecutor()) }
        running.store(false, ordering: .sequentiallyConsistent)
    }
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
