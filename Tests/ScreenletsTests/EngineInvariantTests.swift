import Testing
import TermletsTestSupport

@testable import Screenlets

/// Random sequences of intents and answers (seeded, so failures reproduce) must never break the
/// engine's promises.
@Suite("Invariants under random traffic")
struct EngineInvariantTests {

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func promisesHold(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let strategy: PrefetchStrategy = seed.isMultiple(of: 2) ? .termlets : .reference
        var list = EngineHarness(PaginationConfiguration(strategy: strategy))
        var total = Int.random(in: 0...5_000, using: &random)
        var violations: [String] = []
        list.send(.load)
        for _ in 0..<2_000 {
            list.advance(by: .milliseconds(Int.random(in: 0...300, using: &random)))
            switch Int.random(in: 0..<100, using: &random) {
            case 0..<40:
                let first = Int.random(in: 0...max(0, list.engine.displayRowCount + 10), using: &random)
                let count = Int.random(in: 1...60, using: &random)
                list.send(.viewport(ListWindow(firstRow: first, visibleCount: count,
                                             cursor: first + Int.random(in: 0..<count, using: &random))))
            case 40..<70 where !list.pending.isEmpty:
                let ticket = list.pending.remove(at: Int.random(in: 0..<list.pending.count, using: &random))
                let end = min(ticket.request.end, total + Int.random(in: -30...30, using: &random))
                let rows = ticket.request.start < end ? Array(ticket.request.start..<end) : []
                list.deliver(ticket, rows: rows, count: ticket.request.computeRowCount && total % 7 != 0 ? total : nil)
            case 70..<80 where !list.pending.isEmpty:
                let page = list.pending[Int.random(in: 0..<list.pending.count, using: &random)].request.page
                list.fail(page: page)
            case 80..<84:
                list.send(.refresh)
                total = max(0, total + Int.random(in: -500...500, using: &random))
            case 84..<88 where !list.cancelled.isEmpty:
                let ticket = list.cancelled.removeLast()
                let before = list.engine.rowCount
                list.deliver(ticket, rows: Array(ticket.request.start..<ticket.request.end), count: 99_999)
                if list.engine.rowCount != before { violations.append("a stale answer changed the list") }
            case 88..<92:
                list.send(.retry)
            case 92..<96:
                list.tick()
            default:
                list.send(.select(row: Int.random(in: -2...total + 2, using: &random)))
            }

            let engine = list.engine
            if engine.pagesInFlight.count > engine.configuration.maximumConcurrentLoads {
                violations.append("\(engine.pagesInFlight.count) loads at once")
            }
            if engine.pagesInFlight.count != list.pending.count || Set(list.pendingPages).count != list.pending.count {
                violations.append("a page loading twice: \(list.pendingPages)")
            }
            if engine.pages.count > engine.pageRetentionLimit {
                violations.append("\(engine.pages.count) pages kept")
            }
            for index in engine.visibleRows {
                if case .loaded(let row, _) = engine.row(at: index), row != index {
                    violations.append("row \(index) shows \(row)")
                }
            }
        }
        #expect(violations.isEmpty, "\(violations.prefix(5))")
        #expect(list.requests.count > 50, "the run did real work")
    }
}
