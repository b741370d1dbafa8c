import CommandLineSupport
import PlatformKit
import RealtimeAPI

/// Parses `--now` / `--at`: ISO-8601 UTC (`2026-11-16T08:30:00Z`, optional `.mmm`) or Unix seconds.
enum TimeArgument {
    static func parse(_ text: String) throws -> Instant {
        if let seconds = Int64(text) { return Instant(timestampInSec: seconds) }
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= bytes.count, range.allSatisfy({ (48...57).contains(bytes[$0]) }) else { return nil }
            return range.reduce(Int64(0)) { $0 * 10 + Int64(bytes[$1] - 48) }
        }
        let separators: [(Int, UInt8)] = [(4, UInt8(ascii: "-")), (7, UInt8(ascii: "-")), (10, UInt8(ascii: "T")), (13, UInt8(ascii: ":")), (16, UInt8(ascii: ":"))]
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"),
              separators.allSatisfy({ bytes[$0.0] == $0.1 }),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else {
            throw ToolError("invalid time \"\(text)\": expected ISO-8601 UTC like 2026-11-16T08:30:00Z, or Unix seconds")
        }
        var milliseconds: Int64 = 0
        if bytes.count > 20 {
            guard bytes[19] == UInt8(ascii: "."), bytes.count == 24, let fraction = number(20..<23) else {
                throw ToolError("invalid time \"\(text)\": fractional seconds must be .mmm")
            }
            milliseconds = fraction
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Instant(millisecondsSinceEpoch: ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1_000 + milliseconds)
    }

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
