import PlatformKit

/// The earnings home page: today, this week, and the last trip.
public struct EarningsHome: Sendable, Hashable, Codable {
    public var today: Money
    public var todayTrips: Int
    public var week: Money
    public var weekTrips: Int
    public var lastTrip: TripLine?
}

extension DriverEarnings {
    /// `minorUnits` in the driver's currency (USD before the first trip).
    public func money(_ minorUnits: Int64) -> Money {
        Money(minorUnits: minorUnits, currency: currency ?? .usd)
    }

    /// The last-trip touchpoint.
    public var lastTrip: TripLine? { trips.last }

    /// Fares and rewards on the local day of `instant`.
    public func dailyTotal(at instant: Instant, calendar: EarningsCalendar) -> Money {
        money(dailyTotals[calendar.day(of: instant)] ?? 0)
    }

    /// Fares and rewards in the local week of `instant`.
    public func weeklyTotal(at instant: Instant, calendar: EarningsCalendar) -> Money {
        money(weeklyTotals[calendar.week(of: instant)] ?? 0)
    }

    /// The earnings home page at `instant`.
    public func earningsHome(at instant: Instant, calendar: EarningsCalendar) -> EarningsHome {
        EarningsHome(
            today: dailyTotal(at: instant, calendar: calendar), todayTrips: dailyTrips[calendar.day(of: instant)] ?? 0,
            week: weeklyTotal(at: instant, calendar: calendar), weekTrips: weeklyTrips[calendar.week(of: instant)] ?? 0,
            lastTrip: lastTrip
        )
    }
}
