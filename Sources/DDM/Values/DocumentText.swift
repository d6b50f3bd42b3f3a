/// The server form of a Documents and Media field: a small JSON file reference.
enum DocumentText {
    /// A document field's server text: a file reference object, or anything else kept verbatim.
    static func document(server text: String) -> DocumentValue {
        if let json = try? JSONValue.parse(text), let reference = DocumentReference(json: json) {
            return .uploaded(reference)
        }
        return .other(text)
    }

    /// Exactly `{"groupId":N,"uuid":"…","version":…}`, compact, in that order, with the file's
    /// `"title":"…"` last when the portal gave one (as Liferay's Android client sends it), so the
    /// record names its file wherever it is shown. The version keeps the JSON type the portal gave
    /// it (`"1.0"` stays a string, `1.0` a number).
    static func serverString(_ reference: DocumentReference) -> String {
        var out = "{\"groupId\":\(reference.groupId),\"uuid\":"
        JSONValue.writeString(reference.uuid, to: &out)
        out += ",\"version\":"
        switch reference.raw["version"] {
        case .some(let number) where number.isNumber: out += number.serialized()
        default: JSONValue.writeString(reference.version, to: &out)
        }
        if let title = reference.title {
            out += ",\"title\":"
            JSONValue.writeString(title, to: &out)
        }
        return out + "}"
    }
}
