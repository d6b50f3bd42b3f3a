import Synchronization

/// When the login behind a cached form (``PortalConnection/loginBehind``) starts: once the screen
/// has drawn the form (``open()``), or after ``fallback`` at the latest. Started before, the login
/// (the HTTP client's event loop, the connection, the requests) competes for the CPU with the
/// form's first frame, which a start-up on two cores feels (docs/benchmarks.md); the fallback keeps
/// it prompt when the form takes long (a form missing from the cache is fetched from the portal).
final class LoginGate: Sendable {
    /// The longest the login waits for the form.
    static let fallback: Duration = .milliseconds(300)

    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    /// A gate that opens by itself after `fallback`.
    init(fallback: Duration = LoginGate.fallback) {
        Task { [weak self] in
            try? await Task.sleep(for: fallback)
            self?.open()
        }
    }

    /// Lets the login start (again: nothing).
    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    var isOpen: Bool { state.withLock { $0.isOpen } }

    /// Returns once the gate is open, or at once when the waiting task is cancelled.
    func wait() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state in
                    if !state.isOpen { state.waiters.append(waiter) }
                    return state.isOpen
                }
                if now { waiter.resume() }
            }
        } onCancel: {
            open()
        }
    }
}
