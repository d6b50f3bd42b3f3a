/// A day in the proleptic Gregorian calendar, with no time and no time zone: what a DDM date field
/// holds. Using a calendar date rather than an instant means a date never shifts by a day when it
/// is shown in a time zone west (or east) of UTC.
public struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// The years accepted, so that every date has a four-digit `yyyy-MM-dd` form.
    public static let supportedYears = 1...9999

    /// `nil` when the date does not exist (e.g. February 30) or the year is out of range.
    public init?(year: Int, month: Int, day: Int) {
        guard CalendarDate.supportedYears.contains(year), (1...12).contains(month),
            (1...CalendarDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 (negative before it).
    public var daysSinceEpoch: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` days after 1970-01-01; `nil` outside ``supportedYears``.
    public init?(daysSinceEpoch days: Int) {
        guard (-719_162...2_932_896).contains(days) else { return nil }  // 0001-01-01 ... 9999-12-31
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: year, month: month, day: day)
    }

    /// Milliseconds since the epoch at midnight UTC of this date (the 6.2 server form).
    public var epochMilliseconds: Int64 { Int64(daysSinceEpoch) * 86_400_000 }

    /// The date of the UTC day containing the instant `milliseconds` after the epoch.
    public init?(epochMilliseconds milliseconds: Int64) {
        let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let days = remainder < 0 ? quotient - 1 : quotient
        guard let days = Int(exactly: days) else { return nil }
        self.init(daysSinceEpoch: days)
    }

    /// `yyyy-MM-dd` (the 7.x server form and the canonical command-line form).
    public var isoString: String {
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    public var description: String { isoString }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    private func pad(_ number: Int, _ width: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
