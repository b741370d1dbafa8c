import PlatformKit

/// Local days and weeks (Monday to Sunday) at a fixed UTC offset, in integer arithmetic.
public struct EarningsCalendar: Sendable, Hashable, Codable {
    public var utcOffsetSeconds: Int64

    public init(utcOffsetSeconds: Int64 = 0) {
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    private static let day: Int64 = 86_400_000

    /// Days since 1970-01-01 (local).
    public func day(of instant: Instant) -> Int64 {
        Self.floorDivide(instant.millisecondsSinceEpoch + utcOffsetSeconds * 1_000, Self.day)
    }

    /// Weeks since the Monday before 1970-01-01 (a Thursday), local.
    public func week(of instant: Instant) -> Int64 {
        Self.floorDivide(day(of: instant) + 3, 7)
    }

    /// The first instant of local `day`.
    public func start(ofDay day: Int64) -> Instant {
        Instant(millisecondsSinceEpoch: day * Self.day - utcOffsetSeconds * 1_000)
    }

    /// The first instant (Monday 00:00 local) of `week`.
    public func start(ofWeek week: Int64) -> Instant {
        start(ofDay: week * 7 - 3)
    }

    /// `2026-11-21` for a local day.
    public func dayLabel(_ day: Int64) -> String {
        String(start(ofDay: day).advanced(by: .seconds(utcOffsetSeconds)).description.prefix(10))
    }

    /// `14:05` local.
    public func timeLabel(_ instant: Instant) -> String {
        let local = instant.advanced(by: .seconds(utcOffsetSeconds)).description
        let time = local.dropFirst(local.count - 13)
        return String(time.prefix(5))
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }
}
