import CommandLineSupport
import PlatformKit
import RealtimeAPI

/// Parses `--now` / `--at` / `--start`: an RFC 3339 time (`2026-11-16T08:30:00Z`, a fraction of a
/// second and an offset such as `+01:00` allowed) or Unix seconds, within years 0000 to 9999 in UTC.
enum TimeArgument {
    static func parse(_ text: String) throws -> Instant {
        let seconds = Instant.fourDigitYearSeconds
        if let unix = Int64(text) {
            guard seconds.contains(unix) else {
                throw ToolError("invalid time \"\(text)\": Unix seconds must be within years 0000 to 9999 (\(seconds.lowerBound) to \(seconds.upperBound))")
            }
            return Instant(timestampInSec: unix)
        }
        guard let instant = Instant(iso8601: text) else {
            throw ToolError("invalid time \"\(text)\": expected ISO-8601 like 2026-11-16T08:30:00Z or 2026-11-16T09:30:00+01:00, or Unix seconds")
        }
        // An offset moves a time written in years 0000–9999 past them (9999-12-31T23:59:59-01:00).
        guard Instant.fourDigitYears.contains(instant) else {
            throw ToolError("invalid time \"\(text)\": it is \(instant) in UTC, outside years 0000 to 9999")
        }
        return instant
    }
}
