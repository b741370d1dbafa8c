/// Formats instants as ISO-8601 UTC strings with exact integer arithmetic.
///
/// Foundation's formatters go through `Double` seconds and can print `.122` for `.123`,
/// so the proleptic Gregorian calendar is computed directly (Howard Hinnant's `civil_from_days`).
enum ISO8601 {
    private static let millisecondsPerDay: Int64 = 86_400_000

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ`; years outside 0...9999 get more digits or a leading minus.
    static func format(_ instant: Instant) -> String {
        let ms = instant.millisecondsSinceEpoch
        let days = floorDivide(ms, millisecondsPerDay)
        let msOfDay = ms - days * millisecondsPerDay
        let (year, month, day) = civil(daysSinceEpoch: days)
        let date = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
        let time = "\(padded(msOfDay / 3_600_000, 2)):\(padded(msOfDay / 60_000 % 60, 2)):\(padded(msOfDay / 1_000 % 60, 2))"
        return "\(date)T\(time).\(padded(msOfDay % 1_000, 3))Z"
    }

    /// The (year, month 1...12, day 1...31) of a day counted from 1970-01-01.
    private static func civil(daysSinceEpoch: Int64) -> (Int64, Int64, Int64) {
        let shifted = daysSinceEpoch + 719_468  // days since 0000-03-01
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let marchBasedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * marchBasedMonth + 2) / 5 + 1
        let month = marchBasedMonth < 10 ? marchBasedMonth + 3 : marchBasedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value.magnitude)
        let zeros = String(repeating: "0", count: max(0, width - digits.count))
        return (value < 0 ? "-" : "") + zeros + digits
    }
}
