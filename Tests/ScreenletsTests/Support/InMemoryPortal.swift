import Testing
import Screenlets

/// The tests' portal stand-in: an in-memory record set served with real latency
/// (`Task.sleep`), as the emulator would over loopback. Not a mock of the engine: it only answers
/// page requests, and it logs them so tests can count duplicates.
actor InMemoryPortal: PageLoader {
    /// Row `i` is `version * 10_000_000 + i`, so a refresh after `version += 1` is visible.
    var version = 0
    var rowCount: Int
    var countsRows: Bool
    var latency: Duration
    /// Pages that fail (every attempt) while listed here.
    var failingPages: Set<Int> = []
    private(set) var requests: [PageRequest] = []
    private(set) var inFlight = 0
    private(set) var maximumInFlight = 0

    init(rowCount: Int, countsRows: Bool = true, latency: Duration = .milliseconds(10)) {
        self.rowCount = rowCount
        self.countsRows = countsRows
        self.latency = latency
    }

    func set(rowCount: Int? = nil, version: Int? = nil, failingPages: Set<Int>? = nil) {
        if let rowCount { self.rowCount = rowCount }
        if let version { self.version = version }
        if let failingPages { self.failingPages = failingPages }
    }

    var requestedPages: [Int] { requests.map(\.page) }

    func loadPage(_ request: PageRequest) async throws -> PageResponse<Int> {
        requests.append(request)
        inFlight += 1
        maximumInFlight = max(maximumInFlight, inFlight)
        defer { inFlight -= 1 }
        try await Task.sleep(for: latency)
        if failingPages.contains(request.page) { throw TestFailure.unreachable }
        let rows = request.start..<min(request.end, rowCount)
        let base = version * 10_000_000
        return PageResponse(rows: rows.map { base + $0 },
                            rowCount: request.computeRowCount && countsRows ? rowCount : nil)
    }
}

/// Waits until `condition` holds, polling every millisecond; fails the test after `timeout`.
/// The deadline is generous on purpose: in a full run the first minute starts hundreds of tests,
/// many spawning binaries that seed an emulator, and two cores leave these tasks little CPU (they
/// timed out at 60 s there while passing in milliseconds alone). A passing run never waits for it.
func waitUntil(_ what: String, timeout: Duration = .seconds(240),
               _ condition: () async -> Bool) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + timeout
    while !(await condition()) {
        guard clock.now < deadline else {
            Issue.record("timed out waiting until \(what)")
            throw TimedOut()
        }
        try await clock.sleep(for: .milliseconds(1))
    }
}

struct TimedOut: Error {}
