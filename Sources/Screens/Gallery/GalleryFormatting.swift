import DDM

/// How sizes and dates read on tiles and in the detail view (dates in UTC): ISO order in
/// English, `dd/MM/yyyy` in Spanish; sizes with the locale's decimal separator.
public enum GalleryFormatting {
    /// `512 B`, `12.3 KB`, `4.0 MB` (`12,3 KB` in Spanish): ``ByteSize/text(_:locale:)``, as
    /// everywhere else.
    public static func size(_ bytes: Int64, locale: PortalLocale = .enUS) -> String { ByteSize.text(bytes, locale: locale) }

    /// The exact number of bytes: ``ByteSize/exact(_:locale:)``.
    public static func count(_ bytes: Int64, locale: PortalLocale = .enUS) -> String { ByteSize.exact(bytes, locale: locale) }

    /// `2024-01-15` (`15/01/2024` in Spanish) for epoch milliseconds (UTC); `—` when unknown or
    /// out of range.
    public static func date(_ milliseconds: Int64?, locale: PortalLocale = .enUS) -> String {
        guard let milliseconds, let date = CalendarDate(epochMilliseconds: milliseconds) else { return "—" }
        guard UIStrings.Language(locale) == .spanish else { return date.isoString }
        return "\(pad(Int64(date.day)))/\(pad(Int64(date.month)))/\(date.year)"
    }

    /// `2024-01-15 09:00 UTC` (`15/01/2024 09:00 UTC` in Spanish).
    public static func dateTime(_ milliseconds: Int64?, locale: PortalLocale = .enUS) -> String {
        guard let milliseconds, CalendarDate(epochMilliseconds: milliseconds) != nil else { return "—" }
        let (_, millisecondOfDay) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let minuteOfDay = (millisecondOfDay < 0 ? millisecondOfDay + 86_400_000 : millisecondOfDay) / 60_000
        return date(milliseconds, locale: locale) + " \(pad(minuteOfDay / 60)):\(pad(minuteOfDay % 60)) UTC"
    }

    private static func pad(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
