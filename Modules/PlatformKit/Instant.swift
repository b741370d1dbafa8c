/// A point in time with millisecond precision, counted from the Unix epoch (1970-01-01T00:00:00Z).
///
/// Encodes as a single `Int64` (milliseconds since the epoch).
public struct Instant: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Milliseconds since 1970-01-01T00:00:00Z; negative values are earlier.
    public var millisecondsSinceEpoch: Int64

    /// Creates the instant `millisecondsSinceEpoch` milliseconds after the epoch.
    public init(millisecondsSinceEpoch: Int64) {
        self.millisecondsSinceEpoch = millisecondsSinceEpoch
    }

    /// 1970-01-01T00:00:00.000Z.
    public static let epoch = Instant(millisecondsSinceEpoch: 0)

    /// 0000-01-01T00:00:00.000Z through 9999-12-31T23:59:59.999Z: the instants ``description``
    /// writes in the usual form, and those a time read from input may be.
    public static let fourDigitYears = Instant(millisecondsSinceEpoch: -62_167_219_200_000)...Instant(millisecondsSinceEpoch: 253_402_300_799_999)

    /// ``fourDigitYears`` in whole Unix seconds (`-62167219200...253402300799`): the range a time
    /// in seconds read from input (an option, a file's timestamp) must be in.
    public static let fourDigitYearSeconds = fourDigitYears.lowerBound.timestampInSec...fourDigitYears.upperBound.timestampInSec

    /// A year (365.25 days) in seconds: the unit of the bounds input files and options put on
    /// lifetimes, windows, delays and waits, so that times computed from them stay far inside the
    /// clock's range.
    public static let secondsPerYear: Int64 = 31_557_600

    /// The instant `duration` later (earlier if negative), truncated to whole milliseconds; traps on `Int64` overflow.
    public func advanced(by duration: Duration) -> Instant {
        Instant(millisecondsSinceEpoch: millisecondsSinceEpoch + duration.wholeMilliseconds)
    }

    /// `advanced(by: .seconds(seconds))`, without `Duration`'s 128-bit arithmetic: for schedules
    /// computed for every step of a simulation.
    public func advanced(bySeconds seconds: Int) -> Instant {
        Instant(millisecondsSinceEpoch: millisecondsSinceEpoch + Int64(seconds) * 1_000)
    }

    /// `advanced(by: .milliseconds(milliseconds))`, without `Duration`'s 128-bit arithmetic.
    public func advanced(byMilliseconds milliseconds: Int64) -> Instant {
        Instant(millisecondsSinceEpoch: millisecondsSinceEpoch + milliseconds)
    }

    /// The duration from `self` to `other`; negative if `other` is earlier.
    public func duration(to other: Instant) -> Duration {
        .milliseconds(other.millisecondsSinceEpoch - millisecondsSinceEpoch)
    }

    /// Orders instants chronologically.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
        lhs.millisecondsSinceEpoch < rhs.millisecondsSinceEpoch
    }

    /// Decodes a single `Int64` of milliseconds since the epoch.
    public init(from decoder: any Decoder) throws {
        self.init(millisecondsSinceEpoch: try decoder.singleValueContainer().decode(Int64.self))
    }

    /// Encodes a single `Int64` of milliseconds since the epoch.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(millisecondsSinceEpoch)
    }

    /// Parses ISO-8601 UTC, `2026-11-21T06:34:00Z` or `2026-11-21T06:34:00.123Z`; nil if malformed.
    public init?(iso8601 text: String) {
        guard let instant = ISO8601.parse(text) else { return nil }
        self = instant
    }

    /// The instant `seconds` whole seconds after the epoch (before it if negative), clamped to what an
    /// `Instant` can hold instead of trapping: a huge timestamp from the network means "never", not a crash.
    public init(timestampInSec seconds: Int64) {
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000)
        self.init(millisecondsSinceEpoch: overflow ? (seconds < 0 ? .min : .max) : milliseconds)
    }

    /// Whole seconds since the epoch, rounded down (toward the past: 1 ms before the epoch is `-1`);
    /// `Instant(timestampInSec: s).timestampInSec == s` whenever `s` was not clamped.
    public var timestampInSec: Int64 {
        let (quotient, remainder) = millisecondsSinceEpoch.quotientAndRemainder(dividingBy: 1_000)
        return remainder < 0 ? quotient - 1 : quotient
    }

    /// ISO-8601 in UTC with milliseconds, e.g. `2026-11-21T06:34:00.123Z`.
    public var description: String { ISO8601.format(self) }
}

extension Duration {
    /// The duration in whole milliseconds (the unit ``Instant`` counts in), the sub-millisecond
    /// remainder truncated; traps if it does not fit in an `Int64`.
    ///
    /// The one `Duration` to integer milliseconds conversion: use it rather than a local copy.
    public var wholeMilliseconds: Int64 {
        // One 128-by-64-bit division of the magnitude (`components` divides 128 by 128 bits, then
        // again): it traps, as the product did, when the milliseconds do not fit.
        let attoseconds = self.attoseconds
        let magnitude = attoseconds.magnitude
        let (milliseconds, _) = UInt64(1_000_000_000_000_000).dividingFullWidth(
            (high: UInt64(truncatingIfNeeded: magnitude >> 64), low: UInt64(truncatingIfNeeded: magnitude))
        )
        return attoseconds < 0 ? -Int64(milliseconds) : Int64(milliseconds)
    }
}
