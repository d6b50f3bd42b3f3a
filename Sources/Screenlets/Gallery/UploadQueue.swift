/// The gallery's uploads, first in first out, one at a time. A failed or queued upload never
/// stops the ones behind it. Each upload runs in a task of its own, so that it can be cancelled
/// while the others go on.
actor UploadQueue {
    /// Where a cancelled upload was.
    enum Cancelled: Equatable, Sendable {
        /// It had not started: it is gone from the line.
        case waiting
        /// It was running: its task is cancelled (it ends by itself, reporting how).
        case running
    }

    private var waiting: [(number: Int, upload: GalleryUpload)] = []
    private var running: (number: Int, task: Task<Void, Never>)?
    private var nextNumber = 1
    private var worker: Task<Void, Never>?
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    private let run: @Sendable (Int, GalleryUpload) async -> Void

    init(run: @escaping @Sendable (Int, GalleryUpload) async -> Void) {
        self.run = run
    }

    /// Adds `upload` behind the others and returns its number.
    func add(_ upload: GalleryUpload) -> Int {
        let number = nextNumber
        nextNumber += 1
        waiting.append((number, upload))
        if worker == nil {
            worker = Task { await self.drain() }
        }
        return number
    }

    /// Cancels upload `number`; nil when it has already ended (or never was).
    func cancel(_ number: Int) -> Cancelled? {
        if let running, running.number == number {
            running.task.cancel()
            return .running
        }
        guard let index = waiting.firstIndex(where: { $0.number == number }) else { return nil }
        waiting.remove(at: index)
        return .waiting
    }

    /// Returns when every upload added so far has finished (sent, queued, failed or cancelled).
    func waitUntilIdle() async {
        guard worker != nil else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func drain() async {
        while !waiting.isEmpty {
            let next = waiting.removeFirst()
            let run = self.run
            let task = Task { await run(next.number, next.upload) }
            running = (next.number, task)
            await task.value
            running = nil
        }
        worker = nil
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
