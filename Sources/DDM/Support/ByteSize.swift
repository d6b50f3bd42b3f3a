/// The one way Termlets writes a number of bytes, in the form, the gallery and the command line:
/// `512 B`, `12.3 KB`, `2.9 MB` (1 KB = 1,024 bytes, rounded to the nearest tenth, never down
/// to a whole unit: 3,000,000 bytes read `2.9 MB`, not `2 MB`).
public enum ByteSize {
    /// `512 B`, `12.3 KB`, `2.9 MB`, `1.0 GB`.
    public static func text(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(max(0, bytes)) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1023.95, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// A transfer's progress: `1.4 MB / 2.9 MB`.
    public static func progress(sent: Int64, total: Int64) -> String {
        text(sent) + " / " + text(total)
    }
}
