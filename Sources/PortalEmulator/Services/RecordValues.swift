import DDM
import Foundation

/// Record values as each version's Screens plugin returns them in `modelValues`.
///
/// 7.x returns the stored strings. 6.2 types them by the field's dataType: booleans as JSON
/// booleans, dates as the locale's short date (`6/19/04` in en_US), integers as JSON integers,
/// numbers as JSON numbers, everything else as strings. Empty values are omitted on both.
enum RecordValues {
    static func modelValues(
        _ stored: [String: StoredFieldValue], fieldTypes: [String: String], version: PortalVersion, locale: String?
    ) -> JSONValue {
        var out: [String: JSONValue] = [:]
        for (name, value) in stored where !value.isEmpty {
            let dataType = fieldTypes[name] ?? "string"
            func shown(_ text: String) -> JSONValue {
                switch version {
                case .v7: .string(dataType == "date" ? isoDate(fromStored: text) ?? text : text)
                case .v62: typed62(text, dataType: dataType, locale: locale)
                }
            }
            switch value {
            case .single(let text): out[name] = shown(text)
            case .instances(let texts): out[name] = .array(texts.map(shown))
            }
        }
        return .object(out)
    }

    static func typed62(_ value: String, dataType: String, locale: String?) -> JSONValue {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        switch dataType {
        case "boolean":
            return .bool(trimmed.lowercased() == "true" || trimmed == "1")
        case "integer", "long", "short":
            if let number = Int64(trimmed) { return .int(number) }
            if let number = Double(trimmed.replacingOccurrences(of: ",", with: ".")), number.isFinite, abs(number) < 9.2e18 {
                return .int(Int64(number.rounded()))
            }
            return .string(value)
        case "number", "double", "float":
            if let number = Double(trimmed.replacingOccurrences(of: ",", with: ".")), number.isFinite { return .double(number) }
            return .string(value)
        case "date":
            guard let date = parseStoredDate(value) else { return .string(value) }
            return .string(shortDate(date, locale: locale ?? "en_US"))
        default:
            return .string(value)
        }
    }

    /// A stored date: `yyyy-MM-dd` (7.x form), epoch milliseconds (6.2 form) or `M/d/yyyy`;
    /// `nil` when it is not a date of years 1 to 9999 (DDM's calendar arithmetic).
    static func parseStoredDate(_ text: String) -> CalendarDate? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let dashParts = trimmed.split(separator: "-")
        if dashParts.count == 3, dashParts[0].count <= 4, let y = Int(dashParts[0]), let m = Int(dashParts[1]), let d = Int(dashParts[2].prefix(2)) {
            return CalendarDate(year: y, month: m, day: d)
        }
        let slashParts = trimmed.split(separator: "/")
        if slashParts.count == 3, slashParts[2].count <= 4, let m = Int(slashParts[0]), let d = Int(slashParts[1]),
           var y = Int(slashParts[2]) {
            if slashParts[2].count == 2 { y += y < 50 ? 2000 : 1900 }
            return CalendarDate(year: y, month: m, day: d)
        }
        if let ms = Int64(trimmed) { return CalendarDate(epochMilliseconds: ms) }
        return nil
    }

    static func isoDate(fromStored text: String) -> String? {
        parseStoredDate(text)?.isoString
    }

    /// The portal's short date for a locale: `M/d/yy` for English, `d/MM/yy` for Spanish, and
    /// `yy/MM/dd` for Japanese; other locales use the English form.
    static func shortDate(_ date: CalendarDate, locale: String) -> String {
        let (y, m, d) = (date.year % 100, date.month, date.day)
        switch locale.prefix(2) {
        case "es": return String(format: "%d/%02d/%02d", d, m, y)
        case "ja": return String(format: "%02d/%02d/%02d", y, m, d)
        default: return String(format: "%d/%d/%02d", m, d, y)
        }
    }
}
