import DDM

/// A month calendar with a highlighted day, moved by day, week and month.
public struct CalendarPicker: Equatable, Sendable {
    public private(set) var day: CalendarDate

    public init(day: CalendarDate) { self.day = day }

    /// Moves the highlighted day by `days` (stays within years 1–9999).
    public mutating func move(days: Int) {
        if let moved = CalendarDate(daysSinceEpoch: day.daysSinceEpoch + days) { day = moved }
    }

    /// Moves by whole months, keeping the day of month where it exists (31 → 30 or 28/29).
    public mutating func move(months: Int) {
        let total = day.year * 12 + (day.month - 1) + months
        let year = total / 12
        let month = total % 12 + 1
        guard CalendarDate.supportedYears.contains(year) else { return }
        let dayOfMonth = min(day.day, CalendarDate.daysIn(month: month, year: year))
        if let moved = CalendarDate(year: year, month: month, day: dayOfMonth) { day = moved }
    }

    /// 0 for Monday … 6 for Sunday.
    public static func weekday(_ date: CalendarDate) -> Int {
        ((date.daysSinceEpoch % 7 + 7) % 7 + 3) % 7
    }

    /// The weeks of the shown month, Monday first: 7 day numbers per week, 0 where blank.
    public var weeks: [[Int]] {
        guard let first = CalendarDate(year: day.year, month: day.month, day: 1) else { return [] }
        let offset = CalendarPicker.weekday(first)
        let days = CalendarDate.daysIn(month: day.month, year: day.year)
        var cells = Array(repeating: 0, count: offset) + Array(1...days)
        while cells.count % 7 != 0 { cells.append(0) }
        return stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    }
}
