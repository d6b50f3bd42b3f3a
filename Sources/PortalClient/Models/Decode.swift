import DDM

/// Decoding helpers shared by the convenience calls.
enum Decode {
    static func list<T>(_ json: JSONValue, _ what: String, _ make: (JSONValue) -> T?) throws -> [T] {
        guard case .array(let elements) = json else {
            throw PortalError(kind: .server, message: "expected a list of \(what), got something else")
        }
        return try elements.map { element in
            guard let value = make(element) else {
                throw PortalError(kind: .server, message: "the portal sent a \(what) entry without its ID")
            }
            return value
        }
    }

    static func one<T>(_ json: JSONValue, _ what: String, _ make: (JSONValue) -> T?) throws -> T {
        guard let value = make(json) else {
            throw PortalError(kind: .server, message: "the portal's answer is not a \(what) (no ID)")
        }
        return value
    }

    static func count(_ json: JSONValue) throws -> Int {
        guard let count = json.intValue, count >= 0 else {
            throw PortalError(kind: .server, message: "expected a count, got \(Sanitizer.clean(json.serialized(), limit: 60))")
        }
        return count
    }
}
