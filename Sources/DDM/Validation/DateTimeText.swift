import Foundation

/// Text fields whose value is an instant written in ISO-8601 (`2024-01-15T09:00:00Z`): DDM has no
/// date-time kind, so such a field (an Objects DateTime field) is a text field with this mark.
extension DDMField {
    /// The attribute (`true`) of a text field whose value must be an ISO-8601 date and time.
    public static let dateTimeTextAttribute = "isoDateTime"

    /// Whether the field's text must be an ISO-8601 date and time (``dateTimeTextAttribute``).
    public var holdsDateTimeText: Bool { attributes[Self.dateTimeTextAttribute] == .bool(true) }

    /// What is wrong with `text` as this text field's value beyond being text, or `nil`: empty
    /// text is never wrong here (``validate(_:)`` says whether a value is required).
    public func textIssue(_ text: String) -> FieldIssue? {
        guard holdsDateTimeText else { return nil }
        let trimmed = text.trimmingASCIIWhitespace()
        guard !trimmed.isEmpty, !ISODateTimeText.isInstant(trimmed) else { return nil }
        return .invalidDateTime(text)
    }
}

/// ISO-8601 instants with a time zone, with or without fractional seconds.
enum ISODateTimeText {
    /// Whether `text` is one (`ISO8601DateFormatter` alone rolls February 30 over into March, as
    /// the portal does not: the date and the time of day must exist as written).
    static func isInstant(_ text: String) -> Bool {
        guard writesAnExistingDateAndTime(text) else { return false }
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if plain.date(from: text) != nil { return true }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text) != nil
    }

    /// `yyyy-MM-ddTHH:mm:ss…` with a day that exists and a time within the day.
    private static func writesAnExistingDateAndTime(_ text: String) -> Bool {
        let characters = Array(text.utf8.prefix(19))
        guard characters.count == 19 else { return false }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in characters[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19)
        else { return false }
        return CalendarDate(year: year, month: month, day: day) != nil && hour < 24 && minute < 60 && second < 60
    }
}
