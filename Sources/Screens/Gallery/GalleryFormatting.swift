import DDM

/// How sizes and dates read on tiles and in the detail view (dates in UTC, ISO order).
public enum GalleryFormatting {
    /// `512 B`, `12.3 KB`, `4.0 MB`: ``ByteSize/text(_:)``, as everywhere else.
    public static func size(_ bytes: Int64) -> String { ByteSize.text(bytes) }

    /// `2024-01-15` for epoch milliseconds (UTC); `—` when unknown or out of range.
    public static func date(_ milliseconds: Int64?) -> String {
        guard let milliseconds, let date = CalendarDate(epochMilliseconds: milliseconds) else { return "—" }
        return date.isoString
    }

    /// `2024-01-15 09:00 UTC`.
    public static func dateTime(_ milliseconds: Int64?) -> String {
        guard let milliseconds, CalendarDate(epochMilliseconds: milliseconds) != nil else { return "—" }
        let (_, millisecondOfDay) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let minuteOfDay = (millisecondOfDay < 0 ? millisecondOfDay + 86_400_000 : millisecondOfDay) / 60_000
        return date(milliseconds) + " \(pad(minuteOfDay / 60)):\(pad(minuteOfDay % 60)) UTC"
    }

    private static func pad(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
