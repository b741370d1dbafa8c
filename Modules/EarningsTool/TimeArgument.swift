import CommandLineSupport
import PlatformKit
import RealtimeAPI

/// Parses `--now` / `--at`: ISO-8601 UTC (`2026-11-16T08:30:00Z`, optional `.mmm`) or Unix seconds.
enum TimeArgument {
    static func parse(_ text: String) throws -> Instant {
        if let seconds = Int64(text) { return Instant(timestampInSec: seconds) }
        if let instant = Instant(iso8601: text) { return instant }
        // A valid time to the second followed by something other than `.mmm`: say what is wrong with it.
        let bytes = Array(text.utf8)
        if bytes.count > 20, bytes.last == UInt8(ascii: "Z"), Instant(iso8601: String(decoding: bytes.prefix(19), as: UTF8.self) + "Z") != nil {
            throw ToolError("invalid time \"\(text)\": fractional seconds must be .mmm")
        }
        throw ToolError("invalid time \"\(text)\": expected ISO-8601 UTC like 2026-11-16T08:30:00Z, or Unix seconds")
    }
}
