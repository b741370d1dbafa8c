import CommandLineSupport
import PlatformKit
import RealtimeAPI

/// Parses `--now` / `--at`: an RFC 3339 time (`2026-11-16T08:30:00Z`, a fraction of a second and
/// an offset such as `+01:00` allowed) or Unix seconds.
enum TimeArgument {
    static func parse(_ text: String) throws -> Instant {
        if let seconds = Int64(text) { return Instant(timestampInSec: seconds) }
        if let instant = Instant(iso8601: text) { return instant }
        throw ToolError("invalid time \"\(text)\": expected ISO-8601 like 2026-11-16T08:30:00Z or 2026-11-16T09:30:00+01:00, or Unix seconds")
    }
}
