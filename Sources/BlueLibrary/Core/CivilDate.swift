/// Dates of the proleptic Gregorian calendar in UTC, as a query writes them (`2026`, `2026-03`,
/// `2026-03-31`), turned into milliseconds since 1970 without any clock or time-zone database.
enum CivilDate {
    /// The first and last millisecond of the year, month or day `text` names; `nil` when it names none.
    static func period(_ text: Substring) -> (start: Int64, end: Int64)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts[0].count == 4,
            parts.dropFirst().allSatisfy({ $0.count == 2 }),
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } })
        else { return nil }
        let numbers = parts.map { Int($0) ?? 0 }
        guard numbers[0] >= 1000 else { return nil }
        let year = numbers[0]
        let day = 86_400_000 as Int64
        switch numbers.count {
        case 1:
            return (days(year, 1, 1) * day, days(year + 1, 1, 1) * day - 1)
        case 2:
            guard (1...12).contains(numbers[1]) else { return nil }
            let next = numbers[1] == 12 ? days(year + 1, 1, 1) : days(year, numbers[1] + 1, 1)
            return (days(year, numbers[1], 1) * day, next * day - 1)
        default:
            let (month, date) = (numbers[1], numbers[2])
            guard (1...12).contains(month), date >= 1, date <= length(of: month, in: year) else { return nil }
            let start = days(year, month, date) * day
            return (start, start + day - 1)
        }
    }

    /// Days from 1970-01-01 to a date (Howard Hinnant's `days_from_civil`).
    static func days(_ year: Int, _ month: Int, _ day: Int) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return Int64(era * 146_097 + dayOfEra - 719_468)
    }

    /// The number of days of a month.
    private static func length(of month: Int, in year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
