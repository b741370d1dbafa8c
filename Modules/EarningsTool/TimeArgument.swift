import CommandLineSupport
import PlatformKit
import RealtimeAPI

/// Parses `--now` / `--at`: an RFC 3339 time (`2026-11-16T08:30:00Z`, a fraction of a second and
/// an offset such as `+01:00` allowed) or Unix seconds.
enum TimeArgument {
    /// 0000-01-01T00:00:00Z to 9999-12-31T23:59:59Z, the years an RFC 3339 time can write.
    static let unixSeconds: ClosedRange<Int64> = -62_167_219_200...253_402_300_799

    static func parse(_ text: String) throws -> Instant {
        if let seconds = Int64(text) {
            guard unixSeconds.contains(seconds) else {
                throw ToolError("invalid time \"\(text)\": Unix seconds must be within years 0000 to 9999 (\(unixSeconds.lowerBound) to \(unixSeconds.upperBound))")
            }
            return Instant(timestampInSec: seconds)
        }
        if let instant = Instant(iso8601: text) { return instant }
        throw ToolError("invalid time \"\(text)\": expected ISO-8601 like 2026-11-16T08:30:00Z or 2026-11-16T09:30:00+01:00, or Unix seconds")
    }
}
