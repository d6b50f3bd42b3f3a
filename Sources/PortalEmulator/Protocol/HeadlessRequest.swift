import DDM
import Foundation
import GRDB

/// The query string of a headless request, decoded.
struct HeadlessQuery: Sendable {
    let items: [String: String]

    init(_ query: String?) {
        var items: [String: String] = [:]
        for (key, value) in RequestBodyParser.urlEncoded(query ?? "") { items[key] = value }
        self.items = items
    }

    subscript(_ key: String) -> String? {
        guard let value = items[key], !value.isEmpty else { return nil }
        return value
    }

    func int(_ key: String) throws(HeadlessProblem) -> Int? {
        guard let text = self[key] else { return nil }
        guard let value = Int(text) else { throw .badRequest("\(key) must be a whole number, not \(text)") }
        return value
    }
}

/// One request to a headless application (`/o/…`), as the resources see it.
struct HeadlessRequest: Sendable {
    let method: String
    /// The path below `/o/<application>/`, split at `/` and percent-decoded.
    let segments: [String]
    let query: HeadlessQuery
    let contentType: String
    let body: [UInt8]
    /// The authenticated user.
    let user: UserRow

    /// The body as a JSON object; anything else is a 400.
    func jsonObject() throws(HeadlessProblem) -> [String: JSONValue] {
        guard contentType.isEmpty || contentType.lowercased().contains("json") else {
            throw HeadlessProblem(status: 415, title: "Unsupported media type \(contentType): send application/json")
        }
        guard let parsed = try? JSONValue.parse(bytes: body), case .object(let members) = parsed else {
            throw .badRequest("The request body must be a JSON object")
        }
        return members
    }

    /// Parses `segment` as an ID, or answers 404 as Vulcan does for a path that does not match.
    static func id(_ segment: String) throws(HeadlessProblem) -> Int64 {
        guard let id = Int64(segment) else { throw .notFound("Not found: \(segment) is not an ID") }
        return id
    }
}

/// ISO-8601 instants as headless writes them: `2024-01-15T09:00:00Z` (seconds, UTC).
enum HeadlessDate {
    static func iso(_ epochMs: Int64) -> String {
        let seconds = epochMs / 1000
        let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let date = CalendarDate(daysSinceEpoch: days)?.isoString ?? "1970-01-01"
        return String(format: "%@T%02d:%02d:%02dZ", date, secondOfDay / 3600, (secondOfDay / 60) % 60, secondOfDay % 60)
    }

    /// Parses exactly `yyyy-MM-dd`.
    static func day(_ text: String) -> CalendarDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }

    /// Parses `yyyy-MM-ddTHH:mm[:ss[.SSS]](Z|±hh:mm)` (or a bare date, midnight UTC) to epoch ms.
    static func parse(_ text: String) -> Int64? {
        let chars = Array(text.trimmingCharacters(in: .whitespaces))
        guard chars.count >= 10, let date = day(String(chars[0..<10])) else { return nil }
        var ms = date.epochMilliseconds
        if chars.count == 10 { return ms }
        guard chars[10] == "T" || chars[10] == " " else { return nil }
        var rest = String(chars[11...])
        var offsetSeconds = 0
        if rest.hasSuffix("Z") || rest.hasSuffix("z") {
            rest.removeLast()
        } else if let signIndex = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let zone = rest[rest.index(after: signIndex)...].split(separator: ":")
            guard zone.count == 2, let h = Int(zone[0]), let m = Int(zone[1]) else { return nil }
            offsetSeconds = (h * 3600 + m * 60) * (rest[signIndex] == "-" ? -1 : 1)
            rest = String(rest[..<signIndex])
        } else {
            return nil
        }
        let parts = rest.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, let hour = Int(parts[0]), let minute = Int(parts[1]),
              (0..<24).contains(hour), (0..<60).contains(minute) else { return nil }
        var secondsMs: Int64 = 0
        if parts.count == 3 {
            guard let seconds = Double(parts[2]), (0..<61).contains(seconds) else { return nil }
            secondsMs = Int64((seconds * 1000).rounded())
        }
        ms += Int64(hour * 3600 + minute * 60 - offsetSeconds) * 1000 + secondsMs
        return ms
    }
}

extension PortalDatabase {
    /// A read for a headless resource: its own problems pass through, anything else is a 500.
    func headlessRead<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(HeadlessProblem) -> T {
        do {
            return try await pool.read(body)
        } catch let problem as HeadlessProblem {
            throw problem
        } catch {
            throw .internalError("\(error)")
        }
    }

    /// A write transaction for a headless resource (rolled back when it throws).
    func headlessWrite<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(HeadlessProblem) -> T {
        do {
            return try await pool.write(body)
        } catch let problem as HeadlessProblem {
            throw problem
        } catch {
            throw .internalError("\(error)")
        }
    }
}
