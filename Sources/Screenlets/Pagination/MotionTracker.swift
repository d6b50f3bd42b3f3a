/// Estimates how fast and in which direction the user scrolls, and how long a page takes to load.
///
/// Both are exponentially weighted moving averages. Jumps (End, Home, a search hit: more than
/// `jumpFactor` screens at once) change the direction but not the speed, so pressing End does
/// not make the engine prefetch a dozen pages behind the target.
struct MotionTracker: Sendable {
    /// +1 down, −1 up.
    private(set) var direction = 1
    private(set) var rowsPerSecond = 0.0
    private(set) var latency: Duration
    private var lastPosition: Int?
    private var lastFirstRow: Int?
    private var lastTime: ContinuousClock.Instant?
    private var latencySamples = 0

    private let smoothing = 0.3
    private let jumpFactor = 4

    init(assumedLatency: Duration) {
        latency = assumedLatency
    }

    /// Records a viewport update at `now`.
    mutating func observe(_ viewport: ListWindow, at now: ContinuousClock.Instant) {
        defer {
            lastPosition = viewport.cursor
            lastFirstRow = viewport.firstRow
            lastTime = now
        }
        guard let lastPosition, let lastFirstRow, let lastTime else { return }
        var delta = viewport.cursor - lastPosition
        if delta == 0 { delta = viewport.firstRow - lastFirstRow }
        guard delta != 0 else { return }
        direction = delta > 0 ? 1 : -1
        if abs(delta) > jumpFactor * viewport.visibleCount { return }
        let elapsed = max(lastTime.duration(to: now).seconds, 0.001)
        let instant = Double(abs(delta)) / elapsed
        rowsPerSecond = elapsed > 1 ? instant : smoothing * instant + (1 - smoothing) * rowsPerSecond
    }

    /// Records that a page load took `duration`.
    mutating func observeLoad(taking duration: Duration) {
        latencySamples += 1
        if latencySamples == 1 {
            latency = duration
        } else {
            latency = .seconds(smoothing * duration.seconds + (1 - smoothing) * latency.seconds)
        }
    }
}
