/// The gallery's uploads, first in first out, one at a time. A failed or queued upload never
/// stops the ones behind it.
actor UploadQueue {
    private var waiting: [(number: Int, upload: GalleryUpload)] = []
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

    /// Returns when every upload added so far has finished (sent, queued or failed).
    func waitUntilIdle() async {
        guard worker != nil else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    private func drain() async {
        while !waiting.isEmpty {
            let next = waiting.removeFirst()
            await run(next.number, next.upload)
        }
        worker = nil
        let waiters = idleWaiters
        idleWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
