import DDM
import Foundation

/// Record values as each version's Screens plugin returns them in `modelValues`.
///
/// 7.x returns the stored strings. 6.2 types them by the field's dataType: booleans as JSON
/// booleans, dates as the locale's short date (`6/19/04` in en_US), integers as JSON integers,
/// numbers as JSON numbers, everything else as strings. Empty values are omitted on both.
enum RecordValues {
    static func modelValues(_ stored: [String: String], fieldTypes: [String: String], version: PortalVersion, locale: String?) -> JSONValue {
        var out: [String: JSONValue] = [:]
        for (name, value) in stored where !value.isEmpty {
            let dataType = fieldTypes[name] ?? "string"
            switch version {
            case .v7:
                out[name] = .string(dataType == "date" ? isoDate(fromStored: value) ?? value : value)
            case .v62:
                out[name] = typed62(value, dataType: dataType, locale: locale)
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

    /// A stored date: `yyyy-MM-dd` (7.x form), epoch milliseconds (6.2 form) or `M/d/yyyy`.
    static func parseStoredDate(_ text: String) -> DateComponents? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let dashParts = trimmed.split(separator: "-")
        if dashParts.count == 3, dashParts[0].count <= 4, let y = Int(dashParts[0]), let m = Int(dashParts[1]), let d = Int(dashParts[2].prefix(2)) {
            return valid(y, m, d)
        }
        let slashParts = trimmed.split(separator: "/")
        if slashParts.count == 3, slashParts[2].count <= 4, let m = Int(slashParts[0]), let d = Int(slashParts[1]),
           var y = Int(slashParts[2]) {
            if slashParts[2].count == 2 { y += y < 50 ? 2000 : 1900 }
            return valid(y, m, d)
        }
        if let ms = Int64(trimmed), ms > -62_135_596_800_000, ms < 253_402_300_800_000 {  // years 1 to 9999
            let date = Date(timeIntervalSince1970: Double(ms) / 1000)
            return Calendar.utc.dateComponents([.year, .month, .day], from: date)
        }
        return nil
    }

    private static func valid(_ year: Int, _ month: Int, _ day: Int) -> DateComponents? {
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else { return nil }
        var components = DateComponents()
        components.year = year
        components.month = month
        components.day = day
        guard let date = Calendar.utc.date(from: components),
              Calendar.utc.component(.day, from: date) == day else { return nil }
        return components
    }

    static func isoDate(fromStored text: String) -> String? {
        guard let c = parseStoredDate(text), let y = c.year, let m = c.month, let d = c.day else { return nil }
        return String(format: "%04d-%02d-%02d", y, m, d)
    }

    /// The portal's short date for a locale: `M/d/yy` for English, `d/MM/yy` for Spanish, and
    /// `yy/MM/dd` for Japanese; other locales use the English form.
    static func shortDate(_ c: DateComponents, locale: String) -> String {
        let y = (c.year ?? 0) % 100
        let m = c.month ?? 0
        let d = c.day ?? 0
        switch locale.prefix(2) {
        case "es": return String(format: "%d/%02d/%02d", d, m, y)
        case "ja": return String(format: "%02d/%02d/%02d", y, m, d)
        default: return String(format: "%d/%d/%02d", m, d, y)
        }
    }

    /// The value to store for a submitted fieldsMap entry: 6.2 keeps dates as epoch milliseconds
    /// (what its clients send), 7.x keeps the string as sent.
    static func storedValue(_ value: JSONValue) -> String? {
        switch value {
        case .null: return nil
        case .string(let text): return text
        case .array, .object: return value.serialized()
        default: return value.textValue
        }
    }
}
