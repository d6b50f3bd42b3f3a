import Synchronization

/// ``DDMField/label(ofServer:in:)`` for one field in one locale, remembering the texts of the
/// values a list repeats: a boolean's, a choice's, a small integer's (a record list page shows
/// the same few values row after row: issue 17). Other kinds are worked out every time.
///
/// The portal is untrusted: only short scalar values are remembered, at most ``capacity`` of
/// them; past that, labels are worked out as if there were no memo. Safe to share between threads.
public final class ServerLabelMemo: Sendable {
    /// The most values remembered.
    public static let capacity = 128
    /// The longest string value remembered, in UTF-8 bytes.
    static let longestString = 64

    public let field: DDMField
    public let locale: PortalLocale
    private let remembers: Bool
    /// A text field (or one Termlets cannot edit): the label of a string is the string itself.
    private let showsStringsAsSent: Bool
    private let texts = Mutex(Remembered())

    /// The values remembered and their texts: the first few in a list searched in order (a field
    /// a list shows repeats a handful of values; comparing them costs less than hashing one), the
    /// rest in a dictionary.
    private struct Remembered {
        static let listed = 8
        var first: [(value: JSONValue, text: String)] = []
        var rest: [JSONValue: String] = [:]
        var count: Int { first.count + rest.count }

        func text(of value: JSONValue) -> String? {
            for entry in first where entry.value == value { return entry.text }
            return rest.isEmpty ? nil : rest[value]
        }

        mutating func remember(_ text: String, of value: JSONValue) {
            guard count < ServerLabelMemo.capacity, self.text(of: value) == nil else { return }
            if first.count < Self.listed { first.append((value, text)) } else { rest[value] = text }
        }
    }

    public init(field: DDMField, locale: PortalLocale) {
        self.field = field
        self.locale = locale
        remembers = [.boolean, .options, .integer].contains(field.kind)
        showsStringsAsSent = field.kind == .string || field.kind == .unsupported
    }

    /// The label of `raw`, exactly as ``DDMField/label(ofServer:in:)`` gives it.
    public func label(ofServer raw: JSONValue) -> String {
        // What the field's reading and labelling come to for a string of such a field, without
        // the typed value made in between (a list's title column: issue 17).
        if showsStringsAsSent, case .string(let text) = raw { return text }
        guard remembers, Self.isRemembered(raw) else { return field.label(ofServer: raw, in: locale) }
        if let text = texts.withLock({ $0.text(of: raw) }) { return text }
        let text = field.label(ofServer: raw, in: locale)
        texts.withLock { $0.remember(text, of: raw) }
        return text
    }

    /// How many values are remembered.
    public var count: Int { texts.withLock { $0.count } }

    private static func isRemembered(_ raw: JSONValue) -> Bool {
        switch raw {
        case .bool, .int: return true
        case .string(let s): return s.utf8.count <= longestString
        default: return false
        }
    }
}
