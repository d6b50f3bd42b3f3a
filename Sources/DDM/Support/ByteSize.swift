/// The one way Termlets writes a number of bytes, in the form, the gallery and the command line:
/// `512 B`, `12.3 KB`, `2.9 MB` (1 KB = 1,024 bytes, rounded to the nearest tenth, never down
/// to a whole unit: 3,000,000 bytes read `2.9 MB`, not `2 MB`).
public enum ByteSize {
    /// `512 B`, `12.3 KB`, `2.9 MB`, `1.0 GB`.
    public static func text(_ bytes: Int64) -> String { text(bytes, locale: .enUS) }

    /// The same with `locale`'s decimal separator (`12,3 KB` in Spanish).
    public static func text(_ bytes: Int64, locale: PortalLocale) -> String {
        if bytes < 1024 { return "\(max(0, bytes)) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1023.95, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        let separator = NumberText.symbols(for: locale).decimal
        return "\(tenths / 10)\(separator)\(tenths % 10) \(units[unit])"
    }

    /// The exact number of bytes: plain digits in English (`3000000`, as the detail view has
    /// always shown it), grouped as the form groups integers elsewhere (`3.000.000` in Spanish).
    public static func exact(_ bytes: Int64, locale: PortalLocale = .enUS) -> String {
        UIStrings.Language(locale) == .english ? String(bytes) : NumberText.label(bytes, locale: locale)
    }

    /// A transfer's progress: `1.4 MB / 2.9 MB`.
    public static func progress(sent: Int64, total: Int64, locale: PortalLocale = .enUS) -> String {
        text(sent, locale: locale) + " / " + text(total, locale: locale)
    }
}
