import DDM

/// Builds a model object as each version's JSON serializer writes it: `long` attributes are JSON
/// strings on 7.x and numbers on 6.2; dates are epoch milliseconds; `int` attributes stay numbers.
struct ModelBuilder {
    let version: PortalVersion
    private(set) var members: [String: JSONValue] = [:]

    init(_ version: PortalVersion) {
        self.version = version
    }

    mutating func long(_ key: String, _ value: Int64) {
        members[key] = version == .v7 ? .string(String(value)) : .int(value)
    }

    mutating func int(_ key: String, _ value: Int) { members[key] = .int(Int64(value)) }
    mutating func date(_ key: String, _ epochMs: Int64?) { members[key] = epochMs.map(JSONValue.int) ?? .null }
    mutating func string(_ key: String, _ value: String?) { members[key] = JSONValue(value) }
    mutating func bool(_ key: String, _ value: Bool) { members[key] = .bool(value) }
    mutating func value(_ key: String, _ value: JSONValue) { members[key] = value }

    var json: JSONValue { .object(members) }
}
