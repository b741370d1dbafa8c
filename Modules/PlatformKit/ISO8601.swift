/// Formats instants as ISO-8601 UTC strings with exact integer arithmetic.
///
/// Foundation's formatters go through `Double` seconds and can print `.122` for `.123`,
/// so the proleptic Gregorian calendar is computed directly (Howard Hinnant's `civil_from_days`).
enum ISO8601 {
    private static let millisecondsPerDay: Int64 = 86_400_000

    /// `YYYY-MM-DDTHH:MM:SS.mmmZ`; years outside 0...9999 (``Instant/fourDigitYears``) get more
    /// digits or a leading minus. Any instant formats: the arithmetic cannot overflow.
    static func format(_ instant: Instant) -> String {
        let ms = instant.millisecondsSinceEpoch
        let days = floorDivide(ms, millisecondsPerDay)
        let remainder = ms % millisecondsPerDay
        let msOfDay = remainder < 0 ? remainder + millisecondsPerDay : remainder
        let (year, month, day) = civil(daysSinceEpoch: days)
        guard Instant.fourDigitYears.contains(instant) else { return format(year, month, day, msOfDay) }
        // The usual case, written byte by byte (the simulation formats dates on its hot path).
        return String(unsafeUninitializedCapacity: 24) { bytes in
            func put(_ value: Int64, _ width: Int, at end: Int) {
                var value = value
                for index in stride(from: end - 1, through: end - width, by: -1) {
                    bytes[index] = UInt8(truncatingIfNeeded: 48 + value % 10)
                    value /= 10
                }
            }
            put(year, 4, at: 4)
            put(month, 2, at: 7)
            put(day, 2, at: 10)
            put(msOfDay / 3_600_000, 2, at: 13)
            put(msOfDay / 60_000 % 60, 2, at: 16)
            put(msOfDay / 1_000 % 60, 2, at: 19)
            put(msOfDay % 1_000, 3, at: 23)
            (bytes[4], bytes[7], bytes[10], bytes[13], bytes[16], bytes[19], bytes[23]) = (45, 45, 84, 58, 58, 46, 90)  // - - T : : . Z
            return 24
        }
    }

    /// `format(_:)` for a year outside 0...9999.
    private static func format(_ year: Int64, _ month: Int64, _ day: Int64, _ msOfDay: Int64) -> String {
        let date = "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
        let time = "\(padded(msOfDay / 3_600_000, 2)):\(padded(msOfDay / 60_000 % 60, 2)):\(padded(msOfDay / 1_000 % 60, 2))"
        return "\(date)T\(time).\(padded(msOfDay % 1_000, 3))Z"
    }

    /// Parses an RFC 3339 time, `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`: a fraction of 1 to 9
    /// digits (cut to milliseconds), in UTC (`Z`) or at an offset from it; nil for anything else
    /// or an invalid date.
    static func parse(_ text: String) -> Instant? {
        let bytes = Array(text.utf8)
        func isDigit(_ index: Int) -> Bool { index < bytes.count && (48...57).contains(bytes[index]) }
        func number(_ range: Range<Int>) -> Int64? {
            guard range.allSatisfy(isDigit) else { return nil }
            return range.reduce(0) { $0 * 10 + Int64(bytes[$1] - 48) }
        }
        func byte(_ index: Int, is character: Character) -> Bool {
            index < bytes.count && bytes[index] == character.asciiValue
        }
        guard byte(4, is: "-"), byte(7, is: "-"), byte(10, is: "T"), byte(13, is: ":"), byte(16, is: ":"),
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), hour < 24, minute < 60, second < 60
        else { return nil }
        var milliseconds: Int64 = 0
        var end = 19
        if byte(19, is: ".") {
            end = 20
            while isDigit(end) { end += 1 }
            guard (1...9).contains(end - 20) else { return nil }
            milliseconds = (20..<23).reduce(0) { $0 * 10 + (isDigit($1) && $1 < end ? Int64(bytes[$1] - 48) : 0) }
        }
        var offsetMinutes: Int64 = 0
        if byte(end, is: "+") || byte(end, is: "-") {
            guard byte(end + 3, is: ":"), let hours = number(end + 1..<end + 3), let minutes = number(end + 4..<end + 6),
                hours < 24, minutes < 60
            else { return nil }
            offsetMinutes = (hours * 60 + minutes) * (byte(end, is: "-") ? -1 : 1)
            end += 6
        } else {
            guard byte(end, is: "Z") else { return nil }
            end += 1
        }
        guard bytes.count == end else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        guard civil(daysSinceEpoch: days) == (year, month, day) else { return nil }
        let local = days * millisecondsPerDay + ((hour * 60 + minute) * 60 + second) * 1_000 + milliseconds
        return Instant(millisecondsSinceEpoch: local - offsetMinutes * 60_000)
    }

    /// Days from 1970-01-01 to a civil date (Hinnant's `days_from_civil`).
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = floorDivide(y, 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
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
