extension PaginationEngine {
    /// Applies `message`, received at `now`, and returns the effects to run, in order.
    public mutating func handle(_ message: PaginationMessage<Row>, at now: ContinuousClock.Instant)
        -> [PaginationEffect<Row>]
    {
        var effects: [PaginationEffect<Row>] = []
        switch message {
        case .intent(let intent):
            handle(intent, at: now, into: &effects)
        case .pageLoaded(let ticket, let response):
            guard accept(ticket) else { return [] }
            motion.observeLoad(taking: ticket.issuedAt.duration(to: now))
            merge(response, for: ticket, into: &effects)
        case .pageLoadedEarly(let ticket, let response):
            guard isCurrent(ticket) else { return [] }
            merge(response, for: ticket, into: &effects)
        case .pageFailed(let ticket, let error):
            guard accept(ticket) else { return [] }
            recordFailure(error, for: ticket, at: now, into: &effects)
        case .tick:
            scheduledWake = nil
        }
        plan(at: now, into: &effects)
        return effects
    }

    private mutating func handle(_ intent: ListIntent, at now: ContinuousClock.Instant,
                                 into effects: inout [PaginationEffect<Row>]) {
        switch intent {
        case .load:
            if isStarted { startRefresh(into: &effects) } else { isStarted = true }
        case .viewport(let viewport):
            motion.observe(viewport, at: now)
            self.viewport = viewport
        case .refresh:
            if isStarted { startRefresh(into: &effects) } else { isStarted = true }
        case .retry:
            if refreshFailure != nil {
                startRefresh(into: &effects)
            } else {
                for (page, failure) in failures {
                    failures[page] = PageFailure(page: page, error: failure.error, attempts: failure.attempts,
                                                 retryAt: now)
                }
            }
        case .select(let index):
            if case .loaded(let row, _) = row(at: index) {
                effects.append(.emit(.rowSelected(index: index, row: row)))
            }
        }
    }

    /// Whether an answer belongs to the current generation and a load still in flight.
    private func isCurrent(_ ticket: LoadTicket) -> Bool {
        ticket.generation == generation && inFlight[ticket.request.page] == ticket
    }

    /// Accepts the final answer of a current load: the load is no longer in flight.
    private mutating func accept(_ ticket: LoadTicket) -> Bool {
        guard isCurrent(ticket) else { return false }
        inFlight[ticket.request.page] = nil
        return true
    }

    /// A new generation: the old rows stay visible (flagged ``isRefreshing``) until page 0 arrives;
    /// loads of older generations are cancelled and their answers will be dropped.
    private mutating func startRefresh(into effects: inout [PaginationEffect<Row>]) {
        generation += 1
        isRefreshing = true
        refreshFailure = nil
        failures.removeAll()
        if !inFlight.isEmpty {
            inFlight.removeAll()
            effects.append(.cancelLoads(beforeGeneration: generation))
        }
        effects.append(.emit(.refreshStarted))
    }

    private mutating func recordFailure(_ error: any Error, for ticket: LoadTicket, at now: ContinuousClock.Instant,
                                        into effects: inout [PaginationEffect<Row>]) {
        let page = ticket.request.page
        let attempts = (failures[page]?.attempts ?? 0) + 1
        let failure = PageFailure(page: page, error: error, attempts: attempts,
                                  retryAt: now + configuration.retry.delay(afterAttempts: attempts))
        if isRefreshing && page == 0 && mode != .awaitingFirstPage {
            // The refresh failed: keep showing the old rows as the current ones.
            isRefreshing = false
            refreshFailure = failure
            for key in pages.keys { pages[key]?.generation = generation }
            effects.append(.emit(.listError(failure)))
            effects.append(.emit(.refreshFinished(succeeded: false)))
            return
        }
        effects.append(.emit(.listError(failure)))
        // Rows this load already delivered early (from the cache) stay, and count as loaded.
        guard pages[page]?.generation != generation else { return }
        failures[page] = failure
        if isRefreshing && page == 0 {
            isRefreshing = false
            effects.append(.emit(.refreshFinished(succeeded: false)))
        }
    }
}
