import Testing
import Screenlets

/// Drives a `PaginationEngine` synchronously with a synthetic clock: the test decides when each
/// load answers and what time it is, so races and backoff are exact and need no sleeping.
struct EngineHarness {
    var engine: PaginationEngine<Int>
    var now = ContinuousClock.now
    /// Loads issued and not answered yet, oldest first.
    var pending: [LoadTicket] = []
    /// Every request issued, in order.
    var requests: [PageRequest] = []
    var events: [ListEvent<Int>] = []
    var cancelledBefore: Int?
    /// Loads cancelled by a refresh (their answers may still be delivered, to test races).
    var cancelled: [LoadTicket] = []
    var wakes: [ContinuousClock.Instant] = []

    init(_ configuration: PaginationConfiguration = PaginationConfiguration()) {
        engine = PaginationEngine(configuration: configuration)
    }

    mutating func send(_ intent: ListIntent) {
        apply(.intent(intent))
    }

    mutating func viewport(first: Int, count: Int = 20, cursor: Int? = nil) {
        send(.viewport(ListWindow(firstRow: first, visibleCount: count, cursor: cursor ?? first)))
    }

    mutating func advance(by duration: Duration) {
        now += duration
    }

    mutating func tick() {
        apply(.tick)
    }

    var pendingPages: [Int] { pending.map(\.request.page) }
    var requestedPages: [Int] { requests.map(\.page) }

    /// Answers the oldest pending load of `page` with `rows` (default: the row indices, full page,
    /// clipped to `total`) and `count` when the request asked for it.
    /// `following` pages after it come with the answer (``PageResponse/followingPages``): by
    /// default their row indices, clipped to `total`.
    mutating func complete(page: Int, total: Int? = nil, rows: [Int]? = nil, count: Int? = nil,
                           provenance: RowProvenance = .portal, after latency: Duration = .zero,
                           following: Int = 0, followingRows: [[Int]]? = nil) {
        guard let index = pending.firstIndex(where: { $0.request.page == page }) else {
            Issue.record("no pending load of page \(page); pending: \(pendingPages)")
            return
        }
        let ticket = pending.remove(at: index)
        advance(by: latency)
        let range = ticket.request.start..<min(ticket.request.end, total ?? ticket.request.end)
        let answer = rows ?? Array(range)
        let rowCount = ticket.request.computeRowCount ? (count ?? total) : nil
        let layout = engine.layout
        let after = followingRows ?? (0..<following).map { offset in
            let rows = layout.rows(ofPage: page + 1 + offset)
            return Array(rows.lowerBound..<min(rows.upperBound, total ?? rows.upperBound))
        }
        apply(.pageLoaded(ticket, PageResponse(rows: answer, rowCount: rowCount, provenance: provenance, followingPages: after)))
    }

    /// Answers every pending load from a list of `total` rows, until none is pending.
    mutating func completeAll(total: Int, latency: Duration = .zero) {
        while let page = pending.first?.request.page {
            complete(page: page, total: total, after: latency)
        }
    }

    /// Hands over an early answer for the pending load of `page`, which stays pending.
    mutating func early(page: Int, rows: [Int], count: Int? = nil, provenance: RowProvenance) {
        guard let ticket = pending.first(where: { $0.request.page == page }) else {
            Issue.record("no pending load of page \(page); pending: \(pendingPages)")
            return
        }
        apply(.pageLoadedEarly(ticket, PageResponse(rows: rows, rowCount: count, provenance: provenance)))
    }

    mutating func fail(page: Int, error: any Error = TestFailure.unreachable) {
        guard let index = pending.firstIndex(where: { $0.request.page == page }) else {
            Issue.record("no pending load of page \(page); pending: \(pendingPages)")
            return
        }
        let ticket = pending.remove(at: index)
        apply(.pageFailed(ticket, error))
    }

    /// Delivers an answer for a ticket the test kept aside (e.g. one a refresh made obsolete).
    mutating func deliver(_ ticket: LoadTicket, rows: [Int], count: Int? = nil) {
        apply(.pageLoaded(ticket, PageResponse(rows: rows, rowCount: count)))
    }

    mutating func apply(_ message: PaginationMessage<Int>) {
        for effect in engine.handle(message, at: now) {
            switch effect {
            case .load(let ticket):
                pending.append(ticket)
                requests.append(ticket.request)
            case .cancelLoads(let generation):
                cancelledBefore = generation
                cancelled += pending.filter { $0.generation < generation }
                pending.removeAll { $0.generation < generation }
            case .wake(let instant):
                wakes.append(instant)
            case .emit(let event):
                events.append(event)
            }
        }
    }
}

enum TestFailure: Error, Equatable {
    case unreachable
}

extension RowSlot {
    /// A compact description for assertions: the row, "…" for a placeholder, "!" for an error,
    /// "∅" past the end.
    var symbol: String {
        switch self {
        case .loaded(let row, _): return "\(row)"
        case .placeholder: return "…"
        case .failed: return "!"
        case .beyondEnd: return "∅"
        }
    }
}
