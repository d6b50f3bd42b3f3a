import Foundation
import DDM

/// An object parameter as the JSON web services receive it: `"+name": "<class>"` plus flattened
/// `"name.field": value` entries.
struct WrappedParameter: Sendable, Equatable {
    var className: String?
    var fields: [String: JSONValue] = [:]
}

/// The parameters of one service call, decoded the way the portal's JSON web service layer reads
/// them: plain values, JSON `null`, `-name` nulls, and object wrappers. Values sent as text (form
/// fields, numeric strings) are converted on access, as the portal's type converter does.
struct Parameters: Sendable {
    private(set) var plain: [String: JSONValue] = [:]
    private(set) var wrappers: [String: WrappedParameter] = [:]
    /// True when every value arrived as text (multipart or URL-encoded form fields).
    let fromForm: Bool

    /// The parameter names present, for choosing an overload.
    var names: Set<String> { Set(plain.keys).union(wrappers.keys) }

    init(object: [String: JSONValue], fromForm: Bool = false) {
        self.fromForm = fromForm
        for (key, value) in object {
            if key.hasPrefix("+") {
                let name = String(key.dropFirst())
                wrappers[name, default: WrappedParameter()].className = value.textValue
            } else if key.hasPrefix("-") {
                plain[String(key.dropFirst())] = .null
            } else if let dot = key.firstIndex(of: ".") {
                let name = String(key[..<dot])
                let field = String(key[key.index(after: dot)...])
                wrappers[name, default: WrappedParameter()].fields[field] = value
            } else {
                plain[key] = value
            }
        }
        // A wrapper sent as a plain `null` ("obc": null) is a null wrapper, not a plain value.
        for (name, value) in plain where wrappers[name] != nil && value.isNull {
            plain[name] = nil
        }
    }

    func has(_ name: String) -> Bool { plain[name] != nil || wrappers[name] != nil }

    /// The raw value, with the text `null` of form fields read as JSON null.
    func raw(_ name: String) -> JSONValue? {
        guard let value = plain[name] else { return nil }
        if fromForm, case .string(let text) = value, text == "null" { return .null }
        return value
    }

    /// A `long`: JSON number or numeric string; missing or null is 0 (the portal's default).
    func long(_ name: String) throws(PortalError) -> Int64 {
        guard let value = raw(name), !value.isNull else { return 0 }
        if case .string(let text) = value, text.trimmingCharacters(in: .whitespaces).isEmpty { return 0 }
        guard let number = value.int64Value else { throw .badParameter(name, "not a number: \(value.serialized())") }
        return number
    }

    func int(_ name: String, default defaultValue: Int = 0) throws(PortalError) -> Int {
        guard has(name) else { return defaultValue }
        let number = try long(name)
        guard let narrowed = Int(exactly: number), abs(narrowed) <= Int(Int32.max) else {
            throw .badParameter(name, "out of range")
        }
        return narrowed
    }

    func bool(_ name: String, default defaultValue: Bool = false) throws(PortalError) -> Bool {
        guard let value = raw(name), !value.isNull else { return defaultValue }
        guard let flag = value.boolValue else { throw .badParameter(name, "not a boolean: \(value.serialized())") }
        return flag
    }

    /// A `String`; null stays nil. Non-string JSON is taken as its JSON text.
    func string(_ name: String) -> String? {
        guard let value = raw(name), !value.isNull else { return nil }
        return value.textValue
    }

    /// A `JSONArray`: a JSON array, or JSON text of one (form fields), or a comma-separated list.
    func array(_ name: String) throws(PortalError) -> [JSONValue]? {
        guard let value = raw(name), !value.isNull else { return nil }
        switch value {
        case .array(let elements): return elements
        case .string(let text):
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") {
                guard let parsed = try? JSONValue.parse(trimmed), let elements = parsed.arrayValue else {
                    throw .badParameter(name, "not a JSON array")
                }
                return elements
            }
            if trimmed.isEmpty { return [] }
            return trimmed.split(separator: ",").map { .string($0.trimmingCharacters(in: .whitespaces)) }
        default:
            throw .badParameter(name, "not an array: \(value.serialized())")
        }
    }

    /// A `JSONObject` (e.g. `fieldsMap`): a JSON object, or JSON text of one.
    func object(_ name: String) throws(PortalError) -> [String: JSONValue]? {
        guard let value = raw(name), !value.isNull else { return nil }
        switch value {
        case .object(let members): return members
        case .string(let text):
            guard let parsed = try? JSONValue.parse(text), let members = parsed.objectValue else {
                throw .badParameter(name, "not a JSON object")
            }
            return members
        default:
            throw .badParameter(name, "not an object: \(value.serialized())")
        }
    }

    func wrapper(_ name: String) -> WrappedParameter? { wrappers[name] }
}
