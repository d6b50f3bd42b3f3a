/// How sizes and dates read on tiles and in the detail view (dates in UTC, ISO order).
public enum GalleryFormatting {
    /// `512 B`, `12.3 KB`, `4.0 MB` (1 KB = 1,024 bytes).
    public static func size(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(max(0, bytes)) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// `2024-01-15` for epoch milliseconds (UTC); `—` when unknown.
    public static func date(_ milliseconds: Int64?) -> String {
        guard let milliseconds else { return "—" }
        let (year, month, day) = civil(days: floorDivide(milliseconds, 86_400_000))
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// `2024-01-15 09:00 UTC`.
    public static func dateTime(_ milliseconds: Int64?) -> String {
        guard let milliseconds else { return "—" }
        let seconds = floorDivide(milliseconds, 1000)
        let minuteOfDay = (seconds - floorDivide(seconds, 86_400) * 86_400) / 60
        return date(milliseconds) + " \(pad(minuteOfDay / 60, 2)):\(pad(minuteOfDay % 60, 2)) UTC"
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Year, month, day of a day count since 1970-01-01 (H. Hinnant's `civil_from_days`).
    private static func civil(days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
