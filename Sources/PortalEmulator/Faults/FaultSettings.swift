import DDM

/// Faults the emulator injects into every request outside `/_emulator/`, for tests and benchmarks.
///
/// Random decisions come from a generator seeded with ``seed``, so a sequence of requests sees
/// the same faults on every run. Setting new faults restarts the generator.
public struct FaultSettings: Sendable, Equatable {
    /// Added to every request before it is handled.
    public var latencyMs: Int
    /// A random extra delay in `0...jitterMs`.
    public var jitterMs: Int
    /// Share of requests answered with HTTP 500 (the version's error body) without being handled.
    public var failureRate: Double
    /// Share of requests whose connection is closed without an answer, before they are handled.
    public var dropRate: Double
    /// Share of requests that are handled and then answered with half of the body before the
    /// connection closes (the client cannot know whether its write happened).
    public var truncateRate: Double
    /// While true, every request's connection is closed without an answer.
    public var offline: Bool
    /// When above 0, every answer announces its full length at once and then trickles its body
    /// at this many bytes per second (a slow or throttled link); 0 sends it at once.
    public var dripBytesPerSecond: Int
    /// When set, every count call (a service path ending in `-count`) answers this number instead
    /// of the true count: a portal whose counts lie. `nil`: the true counts.
    public var lyingCount: Int64?
    /// While true, paged calls ignore where the page starts: every `start`/`end` of an `/invoke`
    /// command is moved to start at 0, so each page repeats the first (a portal ignoring paging).
    public var ignoresPaging: Bool
    /// Seed of the fault generator.
    public var seed: UInt64
    /// When set, faults apply only to request paths starting with this prefix (e.g. `/api/jsonws`).
    public var pathPrefix: String?

    public init(
        latencyMs: Int = 0, jitterMs: Int = 0, failureRate: Double = 0, dropRate: Double = 0,
        truncateRate: Double = 0, offline: Bool = false, seed: UInt64 = 1, pathPrefix: String? = nil,
        dripBytesPerSecond: Int = 0, lyingCount: Int64? = nil, ignoresPaging: Bool = false
    ) {
        self.ignoresPaging = ignoresPaging
        self.lyingCount = lyingCount
        self.dripBytesPerSecond = dripBytesPerSecond
        self.latencyMs = latencyMs
        self.jitterMs = jitterMs
        self.failureRate = failureRate
        self.dropRate = dropRate
        self.truncateRate = truncateRate
        self.offline = offline
        self.seed = seed
        self.pathPrefix = pathPrefix
    }

    /// No faults at all.
    public static let none = FaultSettings()

    /// The JSON the admin endpoint reads and writes.
    public var json: JSONValue {
        [
            "latencyMs": .int(Int64(latencyMs)), "jitterMs": .int(Int64(jitterMs)), "failureRate": .double(failureRate),
            "dropRate": .double(dropRate), "truncateRate": .double(truncateRate), "offline": .bool(offline),
            "seed": .int(Int64(bitPattern: seed)), "pathPrefix": JSONValue(pathPrefix),
            "dripBytesPerSecond": .int(Int64(dripBytesPerSecond)), "lyingCount": JSONValue(lyingCount),
            "ignoresPaging": .bool(ignoresPaging),
        ]
    }

    /// These settings with the keys present in `json` changed; unknown keys or bad values fail.
    public func updated(with json: JSONValue) throws -> FaultSettings {
        guard case .object(let members) = json else { throw FaultSettingsError("the body must be a JSON object") }
        var copy = self
        for (key, value) in members {
            switch key {
            case "latencyMs": copy.latencyMs = try Self.count(value, key)
            case "jitterMs": copy.jitterMs = try Self.count(value, key)
            case "failureRate": copy.failureRate = try Self.rate(value, key)
            case "dropRate": copy.dropRate = try Self.rate(value, key)
            case "truncateRate": copy.truncateRate = try Self.rate(value, key)
            case "offline":
                guard case .bool(let flag) = value else { throw FaultSettingsError("offline must be true or false") }
                copy.offline = flag
            case "seed":
                guard let seed = value.int64Value else { throw FaultSettingsError("seed must be an integer") }
                copy.seed = UInt64(bitPattern: seed)
            case "pathPrefix": copy.pathPrefix = value.isNull ? nil : value.stringValue
            case "dripBytesPerSecond": copy.dripBytesPerSecond = try Self.count(value, key)
            case "lyingCount":
                guard value.isNull || value.int64Value != nil else { throw FaultSettingsError("lyingCount must be an integer or null") }
                copy.lyingCount = value.int64Value
            case "ignoresPaging":
                guard case .bool(let flag) = value else { throw FaultSettingsError("ignoresPaging must be true or false") }
                copy.ignoresPaging = flag
            default: throw FaultSettingsError("unknown fault setting \(key)")
            }
        }
        return copy
    }

    private static func count(_ value: JSONValue, _ key: String) throws -> Int {
        guard let number = value.intValue, (0...600_000).contains(number) else {
            throw FaultSettingsError("\(key) must be an integer from 0 to 600000")
        }
        return number
    }

    private static func rate(_ value: JSONValue, _ key: String) throws -> Double {
        guard let number = value.doubleValue, (0...1).contains(number) else { throw FaultSettingsError("\(key) must be a number from 0 to 1") }
        return number
    }
}

/// A fault setting that could not be applied.
public struct FaultSettingsError: Error, Sendable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// What happens to one request.
struct FaultDecision: Sendable, Equatable {
    enum Action: Sendable, Equatable { case handle, drop, fail, truncate }
    var delayMs: Int
    var action: Action
    /// Bytes per second the answer's body trickles at; 0: all at once.
    var dripBytesPerSecond = 0
    /// The number every count call answers instead of the true one.
    var lyingCount: Int64?
    /// Paged calls answer the first page whatever their start.
    var ignoresPaging = false
}

/// Holds the current fault settings and their seeded generator; thread-safe.
final class FaultInjector: Sendable {
    private let state: Locked<(settings: FaultSettings, generator: SplitMix64)>

    init(_ settings: FaultSettings) {
        state = Locked((settings, SplitMix64(seed: settings.seed)))
    }

    var settings: FaultSettings { state.current.settings }

    func set(_ settings: FaultSettings) {
        state.withLock { $0 = (settings, SplitMix64(seed: settings.seed)) }
    }

    /// Decides the fate of a request to `path`; draws from the generator only when a fault applies.
    func decide(path: String) -> FaultDecision {
        state.withLock { state in
            let settings = state.settings
            if let prefix = settings.pathPrefix, !path.hasPrefix(prefix) { return FaultDecision(delayMs: 0, action: .handle) }
            if settings.offline { return FaultDecision(delayMs: 0, action: .drop) }
            var delay = settings.latencyMs
            if settings.jitterMs > 0 { delay += Int(state.generator.next() % UInt64(settings.jitterMs + 1)) }
            var action = FaultDecision.Action.handle
            if settings.dropRate > 0, state.generator.nextUnit() < settings.dropRate {
                action = .drop
            } else if settings.failureRate > 0, state.generator.nextUnit() < settings.failureRate {
                action = .fail
            } else if settings.truncateRate > 0, state.generator.nextUnit() < settings.truncateRate {
                action = .truncate
            }
            return FaultDecision(
                delayMs: delay, action: action, dripBytesPerSecond: settings.dripBytesPerSecond, lyingCount: settings.lyingCount,
                ignoresPaging: settings.ignoresPaging)
        }
    }
}
