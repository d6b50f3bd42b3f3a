/// JSON text that reads back as one known ``JSONValue``: the very bytes that value was parsed
/// from, or such texts joined into an array or an object. Storing a value the portal sent needs
/// no serialisation then (a record list page's cache write, issue 17).
///
/// Made only by the parser and by joining texts, so it always parses, to the value it stands
/// for. Object keys are in no particular order: this is for storage, never for output (use
/// ``JSONValue/serialized(pretty:)``, which sorts them).
public struct JSONText: Sendable {
    /// The UTF-8 text; a slice of the bytes parsed, shared with them.
    public let utf8: ArraySlice<UInt8>

    init(utf8: ArraySlice<UInt8>) {
        self.utf8 = utf8
    }

    /// The text of `value`, serialised (keys sorted): for values that come with no text.
    public init(serializing value: JSONValue) {
        utf8 = ArraySlice(value.serialized().utf8)
    }

    /// The text as a `String` (the parser checked that it is UTF-8).
    public var string: String { String(decoding: utf8, as: UTF8.self) }

    /// The text of an array of the values `elements` stand for, in order.
    public static func array(_ elements: [JSONText]) -> JSONText {
        var out: [UInt8] = []
        out.reserveCapacity(elements.reduce(2) { $0 + $1.utf8.count + 1 })
        out.append(UInt8(ascii: "["))
        for (n, element) in elements.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: element.utf8)
        }
        out.append(UInt8(ascii: "]"))
        return JSONText(utf8: out[...])
    }

    /// The text of an object with `members` (keys unique, as a ``JSONValue`` object's are).
    public static func object(_ members: KeyValuePairs<String, JSONText>) -> JSONText {
        var out: [UInt8] = []
        out.reserveCapacity(members.reduce(2) { $0 + $1.key.utf8.count + $1.value.utf8.count + 4 })
        out.append(UInt8(ascii: "{"))
        for (n, member) in members.enumerated() {
            if n > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.writeString(member.key, to: &out)
            out.append(UInt8(ascii: ":"))
            out.append(contentsOf: member.value.utf8)
        }
        out.append(UInt8(ascii: "}"))
        return JSONText(utf8: out[...])
    }
}
