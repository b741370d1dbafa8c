import Earnings
import EarningsService
import PlatformKit
import RealtimeAPI

/// The consistency law: the last-trip card, the daily and weekly cards the driver's tracker shows,
/// the trip history and the earnings home all agree to the cent, because they derive from one projection.
public enum EarningsConsistency {
    /// Every disagreement for one driver at `instant` (empty when consistent).
    public static func problems(
        driverID: String, earnings: DriverEarnings, tracker: TrackerState, at instant: Instant,
        calendar: EarningsCalendar, dataManager: TrackerDataManager = TrackerDataManager()
    ) -> [String] {
        var problems: [String] = []
        func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
            if !condition { problems.append("\(driverID): \(message())") }
        }
        let day = calendar.day(of: instant)
        let week = calendar.week(of: instant)
        // The trip history (and payouts), summed afresh.
        var dayTotal: Int64 = 0, weekTotal: Int64 = 0, dayTrips = 0, weekTrips = 0
        for trip in earnings.trips where trip.at <= instant {
            if calendar.day(of: trip.at) == day { (dayTotal, dayTrips) = (dayTotal + trip.fare.minorUnits, dayTrips + 1) }
            if calendar.week(of: trip.at) == week { (weekTotal, weekTrips) = (weekTotal + trip.fare.minorUnits, weekTrips + 1) }
        }
        for reward in earnings.rewards where reward.at <= instant {
            if calendar.day(of: reward.at) == day { dayTotal += reward.amount.minorUnits }
            if calendar.week(of: reward.at) == week { weekTotal += reward.amount.minorUnits }
        }
        let history = (day: earnings.money(dayTotal), week: earnings.money(weekTotal))

        let home = earnings.earningsHome(at: instant, calendar: calendar)
        expect(home.today == history.day, "earnings home today \(home.today) ≠ trip history \(history.day)")
        expect(home.week == history.week, "earnings home week \(home.week) ≠ trip history \(history.week)")
        expect(home.todayTrips == dayTrips && home.weekTrips == weekTrips, "earnings home trip counts ≠ trip history")
        expect(home.lastTrip == earnings.trips.last, "earnings home last trip ≠ trip history")

        let items = dataManager.modes(tracker.streams, ui: tracker.ui, now: instant).browse.sortedValidItems
        // Which of the three checked cards are shown (flags: a set of kinds would hash their names).
        var (recentTripsShown, dailyShown, weeklyShown) = (false, false, false)
        for item in items {
            guard let payload = item.card.payload else { continue }
            switch payload {
            case .recentTrips(let card):
                recentTripsShown = true
                let last = earnings.trips.last
                expect(card.total == last?.fare && card.lastTripUuid == last?.tripID,
                       "last-trip card \(card.total.map(String.init(describing:)) ?? "-") ≠ trip history's last \(last.map { "\($0.fare)" } ?? "-")")
            case .dailyEarnings(let card):
                dailyShown = true
                expect(card.total == history.day && card.tripCount == dayTrips,
                       "daily card \(card.total.map(String.init(describing:)) ?? "-") ≠ trip history \(history.day)")
            case .weeklyEarnings(let card):
                weeklyShown = true
                expect(card.total == history.week && card.tripCount == weekTrips,
                       "weekly card \(card.total.map(String.init(describing:)) ?? "-") ≠ trip history \(history.week)")
            default:
                continue
            }
        }
        expect(recentTripsShown == !earnings.trips.isEmpty, "last-trip card shown: \(recentTripsShown), trips: \(earnings.trips.count)")
        expect(dailyShown || dayTotal == 0, "no daily card but trip history has \(history.day) today")
        expect(weeklyShown || weekTotal == 0, "no weekly card but trip history has \(history.week) this week")
        return problems
    }
}
