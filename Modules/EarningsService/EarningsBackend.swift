import EventLog
import PlatformKit
import RealtimeAPI

/// Back-end settings: local calendar, formatting locale, incentives.
public struct EarningsConfig: Sendable, Hashable, Codable {
    public var calendar: EarningsCalendar
    public var locale: EarningsLocale
    public var incentives: IncentivesConfig

    public init(calendar: EarningsCalendar = EarningsCalendar(), locale: EarningsLocale = .enUS, incentives: IncentivesConfig = IncentivesConfig()) {
        self.calendar = calendar
        self.locale = locale
        self.incentives = incentives
    }
}

/// The earnings and incentives services: a trip completion becomes per-trip earnings, daily and
/// weekly totals and incentive progress, and both services push their tracker cards. Everything it
/// emits is an event for the caller's log, in the driver's stream `earnings-<driverID>`.
///
/// Pure and synchronous: `completeTrip` decides from the state, folds its own events and returns them.
public struct EarningsBackend: Sendable {
    public let config: EarningsConfig
    public let projection: EarningsProjection
    public let cards: TrackerCardFactory
    public private(set) var state: EarningsProjection.State

    /// A back end over `state` (e.g. `EarningsProjection(...).replay(log).state`).
    public init(config: EarningsConfig = EarningsConfig(), state: EarningsProjection.State = EarningsProjection.State()) {
        self.config = config
        self.projection = EarningsProjection(calendar: config.calendar)
        self.cards = TrackerCardFactory(calendar: config.calendar, locale: config.locale, loyaltyTiers: config.incentives.loyaltyTiers)
        self.state = state
    }

    /// The largest fare accepted, so totals can never overflow.
    public static let maximumFareMinorUnits: Int64 = 100_000_000_000

    /// Records a completed trip: enrollments due, the trip, any incentive payout, then the earnings
    /// and incentives pushes. Throws for a negative or huge fare, or a currency other than the driver's.
    public mutating func completeTrip(driverID: String, tripID: String, fare: Money, at instant: Instant) throws(EarningsError) -> [any Event] {
        if let currency = state.drivers[driverID]?.currency, currency != fare.currency {
            throw EarningsError("trip \(tripID) of \(driverID): fare \(fare) is not in the driver's currency \(currency.code)")
        }
        guard (0...Self.maximumFareMinorUnits).contains(fare.minorUnits) else {
            throw EarningsError("trip \(tripID) of \(driverID): fare \(fare) is negative or too large")
        }
        // Taken out of the dictionary so the trip history is appended in place, not copied.
        var driver = state.drivers.removeValue(forKey: driverID) ?? DriverEarnings()
        let previousPoints = driver.loyaltyPoints
        var facts: [any Event] = enrollments(driverID: driverID, driver: driver, currency: fare.currency, at: instant)
        facts.append(TripCompleted(driverID: driverID, tripID: tripID, fare: fare, at: instant))
        fold(facts, into: &driver)
        let payouts = driver.programs.filter(\.isDue).map {
            IncentiveEarned(driverID: driverID, programID: $0.program.id, reward: driver.money($0.payout), at: instant)
        }
        fold(payouts, into: &driver)
        state.drivers[driverID] = driver
        return facts + payouts + [
            TrackerCardsPushed(driverID: driverID, service: .earnings, cards: cards.earningsCards(driver, at: instant), at: instant),
            TrackerCardsPushed(
                driverID: driverID, service: .incentives,
                cards: cards.incentiveCards(driver, at: instant, earned: payouts, previousPoints: previousPoints), at: instant
            ),
        ]
    }

    /// The current cards of one service for a driver (the pull endpoint).
    public func pull(_ request: TrackerPullRequest, at instant: Instant) -> TrackerPullResponse {
        let driver = state.drivers[request.driverID] ?? DriverEarnings()
        let list = request.service == .incentives ? cards.incentiveCards(driver, at: instant) : cards.earningsCards(driver, at: instant)
        return TrackerPullResponse(cards: TrackerCardList(cards: list))
    }

    /// Folds an event decided elsewhere (replaying a log into a running back end).
    public mutating func apply(_ event: any Event) {
        projection.apply(event, to: &state)
    }

    /// New drivers get the guarantee and the streak; every driver gets the quest of the week.
    private func enrollments(driverID: String, driver: DriverEarnings, currency: Currency, at instant: Instant) -> [any Event] {
        let incentives = config.incentives
        var programs: [IncentiveProgram] = []
        if driver.trips.isEmpty {
            if let trips = incentives.guaranteeTrips {
                programs.append(IncentiveProgram(
                    id: "guarantee", kind: .newDriverGuarantee, targetTrips: trips,
                    amount: Money(minorUnits: incentives.guaranteeMinorUnits, currency: currency)
                ))
            }
            if let trips = incentives.streakTrips {
                programs.append(IncentiveProgram(
                    id: "streak", kind: .consecutiveTrips, targetTrips: trips,
                    amount: Money(minorUnits: incentives.streakRewardMinorUnits, currency: currency), maxGapSeconds: incentives.streakMaxGapSeconds
                ))
            }
        }
        if let trips = incentives.questTrips {
            let week = config.calendar.week(of: instant)
            let id = "quest-\(config.calendar.dayLabel(week * 7 - 3))"
            if driver.progress(id) == nil {
                programs.append(IncentiveProgram(
                    id: id, kind: .quest, targetTrips: trips, amount: Money(minorUnits: incentives.questRewardMinorUnits, currency: currency),
                    startsAt: config.calendar.start(ofWeek: week), endsAt: config.calendar.start(ofWeek: week + 1)
                ))
            }
        }
        return programs.map { IncentiveEnrolled(driverID: driverID, program: $0, at: instant) }
    }

    private func fold(_ events: [any Event], into driver: inout DriverEarnings) {
        for event in events { driver.apply(event, calendar: config.calendar) }
    }
}
