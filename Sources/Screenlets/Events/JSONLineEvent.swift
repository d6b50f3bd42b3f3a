import DDM
import Foundation

/// An event that can be written as one line of JSON (`--events FILE`):
/// `{"event": "<name>", …fields}` with keys sorted, no newline inside.
public protocol JSONLineEvent: Sendable {
    /// The event's name, as the screenlet documents it (e.g. `pageLoaded`).
    var eventName: String { get }
    /// The event's data.
    var eventFields: [String: JSONValue] { get }
}

extension JSONLineEvent {
    /// The event as one line of JSON, ending in a newline.
    public var jsonLine: String {
        var object = eventFields
        object["event"] = .string(eventName)
        return JSONValue.object(object).serialized() + "\n"
    }
}

extension RowProvenance {
    /// `{"source": "portal"|"cache", "storedAt": ISO-8601|null, "stale": Bool}` members.
    public var jsonFields: [String: JSONValue] {
        ["source": .string(source.rawValue), "storedAt": JSONValue(storedAt.map(Self.iso8601)), "stale": .bool(stale)]
    }

    /// `storedAt` as the command line prints it: ISO-8601 in UTC with milliseconds.
    public static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}

/// The text of an error for an event line.
func eventErrorText(_ error: any Error) -> JSONValue { .string(String(describing: error)) }
