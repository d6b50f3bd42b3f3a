import DDM
import Foundation

/// One request as the emulator received it.
public struct JournalEntry: Sendable, Equatable {
    /// Position in the journal since the emulator started (1-based, never reused).
    public let sequence: Int
    public let method: String
    /// The path with its query string.
    public let path: String
    /// The body exactly as received (up to ``RequestJournal/maximumBodyBytes``).
    public let body: [UInt8]
    /// True when the body was longer than what was kept.
    public let bodyTruncated: Bool
    /// The service paths an `/invoke` (or upload) carried, in order.
    public let services: [String]
    /// The HTTP status answered, or nil when the connection was closed without an answer.
    public let status: Int?
    /// The fault applied: `drop`, `fail`, `truncate`, `offline`; `abandoned` when the client closed
    /// the connection before its body arrived (nothing was run; the body is not kept); or nil.
    public let fault: String?

    /// The body as UTF-8 text (invalid sequences repaired).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }

    var json: JSONValue {
        var members: [String: JSONValue] = [
            "sequence": .int(Int64(sequence)), "method": .string(method), "path": .string(path),
            "bodyTruncated": .bool(bodyTruncated), "services": .array(services.map(JSONValue.string)),
            "status": status.map { .int(Int64($0)) } ?? .null, "fault": JSONValue(fault),
        ]
        if let text = String(validating: body, as: UTF8.self) {
            members["body"] = .string(text)
        } else {
            members["body"] = .null
            members["bodyBase64"] = .string(Data(body).base64EncodedString())
        }
        return .object(members)
    }
}

/// The requests the emulator received (the last ``capacity``) and per-service-path counters.
final class RequestJournal: Sendable {
    static let maximumBodyBytes = 1 << 20
    /// The most body bytes kept over all entries; the oldest entries go first.
    static let maximumTotalBodyBytes = 64 << 20
    let capacity: Int
    private let state = Locked<(entries: [JournalEntry], next: Int, counts: [String: Int], total: Int, bodyBytes: Int)>(([], 1, [:], 0, 0))

    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    func record(method: String, path: String, body: [UInt8], services: [String], status: Int?, fault: String?) {
        state.withLock { state in
            let kept = body.count > Self.maximumBodyBytes ? Array(body.prefix(Self.maximumBodyBytes)) : body
            state.entries.append(JournalEntry(
                sequence: state.next, method: method, path: path, body: kept, bodyTruncated: kept.count < body.count,
                services: services, status: status, fault: fault))
            state.next += 1
            state.total += 1
            state.bodyBytes += kept.count
            var dropped = 0
            while state.entries.count - dropped > capacity
                || (state.bodyBytes > Self.maximumTotalBodyBytes && state.entries.count - dropped > 1)
            {
                state.bodyBytes -= state.entries[dropped].body.count
                dropped += 1
            }
            if dropped > 0 { state.entries.removeFirst(dropped) }
            for service in services { state.counts[service, default: 0] += 1 }
        }
    }

    var entries: [JournalEntry] { state.current.entries }
    var counts: [String: Int] { state.current.counts }
    var totalRequests: Int { state.current.total }

    func clear() {
        state.withLock { state in
            state.entries = []
            state.counts = [:]
            state.total = 0
            state.bodyBytes = 0
        }
    }

    var json: JSONValue {
        let snapshot = state.current
        return [
            "requests": .array(snapshot.entries.map(\.json)),
            "counts": .object(snapshot.counts.mapValues { .int(Int64($0)) }),
            "total": .int(Int64(snapshot.total)),
        ]
    }
}
