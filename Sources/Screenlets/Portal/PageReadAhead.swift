import DDM

/// Rows asked for ahead when a list is read page by page (issue 17): when a page is requested
/// right after the page before it (the last request), one rows call fetches it and the
/// `pages − 1` pages after it. Those pages come back with the page that fetched them (its
/// ``Fetched/following``: a list keeps them and asks for none of them), and are also served from
/// memory, once each, when they are requested. A page requested right after one of them counts as
/// read in sequence too, and the call it makes then fetches twice as many pages as the last one,
/// up to ``maximumPages`` (a reader paging on gets fewer, larger calls). Given a `store`, the pages of one rows call are cached together, in one
/// transaction, as soon as they arrive (a page then is not stored again when it is asked for).
/// Reading backwards (PgUp) or after a jump fetches one page per call, as without read-ahead.
///
/// Shared by the loaders of one list (a screen builds a new loader for every load); pages are
/// keyed by their cache key, which names the list's query and the rows, so loaders of different
/// sorts or filters never see each other's pages. Pages not asked for within ``lifetime`` are
/// forgotten, and so are those of all but the last ``keptCalls`` calls: a page holds its call's
/// whole answer, and a list reading on asks only for the newest (paging through 10,000 records
/// kept every answer for ``lifetime``: 14 MB, issue 17). A fetch that fails fails every page
/// waiting for it, and the next request fetches its page alone, as without read-ahead.
public actor PageReadAhead {
    /// Pages fetched by the first rows call of a sequential read (the requested one included).
    public let pages: Int
    /// The most pages a rows call fetches: each call that carries a sequential read on fetches
    /// twice as many as the one before, up to this (a reader who keeps paging on gets fewer,
    /// larger calls, as a file system's read-ahead window grows).
    public let maximumPages: Int
    /// How long a page fetched ahead is kept for its request.
    public let lifetime: Duration
    /// The most rows calls whose pages are kept for their requests.
    public let keptCalls: Int

    /// Stores pages (cache key, rows) in one transaction; returns, in order, whether each was
    /// stored (false: its entry holds local changes).
    public typealias Store = @Sendable ([(key: String, rows: SourcedJSON)]) async throws -> [Bool]

    /// A page's rows and whether they are in the cache already (nil: not offered to it).
    struct Fetched: Sendable {
        let rows: SourcedJSON
        let stored: Bool?
        /// The rows of the pages after it fetched in the same call, in order (empty but for the
        /// page whose request made the call).
        var following: [SourcedJSON] = []
    }

    private struct Entry {
        let fetch: Task<[String: Fetched], any Error>
        let fetchedAt: ContinuousClock.Instant
        /// The keys of every page of its call.
        let batch: Set<String>
    }

    /// Pages fetched ahead (or being fetched), by cache key, until asked for.
    private var entries: [String: Entry] = [:]
    /// The keys of the page requested last and of the pages its call fetched after it: a page
    /// requested right after one of them is read in sequence (PgDn), not one reached by a jump or
    /// read backwards (PgUp).
    private var lastRead: Set<String> = []
    private var lastFailed = false
    /// Pages of the last rows call of the sequential read going on (0: none going on).
    private var window = 0
    /// The pages of each call whose pages are kept, oldest first.
    private var keptBatches: [Set<String>] = []

    public init(pages: Int = 4, growingTo maximumPages: Int? = nil, lifetime: Duration = .seconds(30), keptCalls: Int = 2) {
        self.pages = max(1, pages)
        self.maximumPages = max(self.pages, maximumPages ?? pages)
        self.lifetime = lifetime
        self.keptCalls = max(1, keptCalls)
    }

    /// How many pages are kept for their requests.
    public var pagesHeld: Int { entries.count }

    /// The rows of one page: from a fetch made ahead for it, else fetched with `fetch(start, end)`
    /// (a rows call answering a JSON array), the pages after it too (returned as its `following`)
    /// when the page before it was read last: requested last, or fetched in the same call as the
    /// page requested last. `key(start, end)` is a page's cache key. A page split from a longer
    /// answer has its rows' texts when the answer had them. The pages of a longer answer are given
    /// to `store` together, when there is one.
    func rows(
        start: Int, end: Int, previousStart: Int, key: @Sendable (Int, Int) -> String,
        fetch: @escaping @Sendable (Int, Int) async throws -> SourcedJSON, store: Store? = nil
    ) async throws -> Fetched {
        let now = ContinuousClock.now
        forgetOld(now)
        let own = key(start, end)
        let sequential = lastRead.contains(key(previousStart, start))
        lastRead = [own]
        if let entry = entries.removeValue(forKey: own) {
            lastRead = entry.batch
            if let rows = try await entry.fetch.value[own] { return rows }
        }
        let size = end - start
        guard sequential, !lastFailed, pages > 1, size > 0 else {
            window = 0
            do {
                let rows = try await fetch(start, end)
                lastFailed = false
                return Fetched(rows: rows, stored: nil)
            } catch {
                lastFailed = true
                throw error
            }
        }
        let count = window == 0 ? pages : min(maximumPages, window * 2)
        window = count
        let keys = (0..<count).map { key(start + $0 * size, start + ($0 + 1) * size) }
        let task = Task<[String: Fetched], any Error> {
            let answer = try await fetch(start, start + count * size)
            // Not an array: this page gets the answer as it is (its loader reports it), the
            // others are fetched on their own.
            // The rows as read, with their texts (deferred ones stay unbuilt).
            let rows: [SourcedJSON]
            if let elements = answer.elements {
                rows = elements
            } else if case .array(let values) = answer.value {
                rows = values.map(SourcedJSON.init)
            } else {
                return [keys[0]: Fetched(rows: answer, stored: nil)]
            }
            let pages = keys.enumerated().map { index, pageKey in
                let range = min(rows.count, index * size)..<min(rows.count, (index + 1) * size)
                return (key: pageKey, rows: SourcedJSON(elements: Array(rows[range])))
            }
            // A failed store leaves each page to its loader, which stores it as without a store.
            let stored = await (try? store?(pages)).flatMap { $0.count == pages.count ? $0 : nil }
            var split: [String: Fetched] = [:]
            for (index, page) in pages.enumerated() {
                split[page.key] = Fetched(rows: page.rows, stored: stored?[index])
            }
            return split
        }
        lastRead = Set(keys)
        for pageKey in keys.dropFirst() { entries[pageKey] = Entry(fetch: task, fetchedAt: now, batch: lastRead) }
        keep(batch: lastRead)
        do {
            let split = try await task.value
            lastFailed = false
            guard var rows = split[own] else { throw ListLoadError.rowsNotAnArray }
            rows.following = keys.dropFirst().compactMap { split[$0]?.rows }
            return rows
        } catch {
            lastFailed = true
            window = 0
            for pageKey in keys.dropFirst() where entries[pageKey]?.fetchedAt == now { entries[pageKey] = nil }
            throw error
        }
    }

    /// Forgets every page fetched ahead and every request (a refresh).
    public func forgetAll() {
        entries.removeAll()
        lastRead = []
        keptBatches = []
        window = 0
    }

    /// Notes a new call's pages; forgets the pages of calls older than the last ``keptCalls``.
    private func keep(batch: Set<String>) {
        keptBatches.append(batch)
        while keptBatches.count > keptCalls {
            let old = keptBatches.removeFirst()
            for pageKey in old where entries[pageKey]?.batch == old { entries[pageKey] = nil }
        }
    }

    /// Drops the pages fetched more than ``lifetime`` ago.
    private func forgetOld(_ now: ContinuousClock.Instant) {
        entries = entries.filter { now - $0.value.fetchedAt < lifetime }
    }
}
