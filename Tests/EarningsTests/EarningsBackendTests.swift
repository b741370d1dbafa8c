import Earnings
import EarningsService
import EventLog
import PlatformKit
import RealtimeAPI
import XCTest

/// Trip completions become earnings, incentive progress and payouts, and both services push cards.
final class EarningsBackendTests: XCTestCase {
    func pushed(_ events: [any Event], _ service: TrackerService) -> [TrackerCard] {
        events.compactMap { $0 as? TrackerCardsPushed }.first { $0.service == service }?.cards ?? []
    }

    func payload(_ cards: [TrackerCard], _ id: String) -> TrackerCardPayload? {
        cards.first { $0.cardID == id }?.payload
    }

    func test_firstTrip_enrolsRecordsAndPushesEarningsCards() throws {
        var backend = EarningsBackend()
        let events = try backend.completeTrip(driverID: "driver-1", tripID: "trip-1", fare: usd(1_250), at: at(8 * 3_600))
        XCTAssertEqual(events.map { type(of: $0).eventType }, [
            "earnings.incentive.enrolled", "earnings.incentive.enrolled", "earnings.incentive.enrolled",
            "earnings.trip.completed", "earnings.tracker.pushed", "earnings.tracker.pushed",
        ])
        let cards = pushed(events, .earnings)
        XCTAssertEqual(cards.map(\.cardID), ["earnings.lastTrip", "earnings.daily", "earnings.weekly"])
        guard case .recentTrips(let last) = payload(cards, "earnings.lastTrip") else { return XCTFail("no last-trip card") }
        XCTAssertEqual(last.formattedTotal, "$12.50")
        XCTAssertEqual(last.lastTripUuid, "trip-1")
        XCTAssertEqual(last.formattedRequestAt, "Completed 08:00")
        guard case .dailyEarnings(let daily) = payload(cards, "earnings.daily") else { return XCTFail("no daily card") }
        XCTAssertEqual(daily.total, usd(1_250))
        XCTAssertEqual(daily.period, "2026-11-16")
        XCTAssertEqual(cards.first { $0.cardID == "earnings.daily" }?.expiresAt, seconds(at(86_400)), "the daily card expires at midnight")
        XCTAssertEqual(cards.first { $0.cardID == "earnings.weekly" }?.expiresAt, seconds(at(7 * 86_400)), "the weekly card expires on Monday")
        XCTAssertEqual(pushed(events, .incentives).map(\.cardID), ["incentives.guarantee", "incentives.streak", "incentives.quest-2026-11-16", "incentives.loyalty"])
    }

    func test_quest_paysOnTheTargetTrip_withACompletionBulletin_andTheRewardCountsToday() throws {
        var backend = EarningsBackend(config: EarningsConfig(incentives: IncentivesConfig(questTrips: 3, questRewardMinorUnits: 1_500, streakTrips: nil, guaranteeTrips: nil)))
        var last: [any Event] = []
        for trip in 1...3 {
            last = try backend.completeTrip(driverID: "driver-1", tripID: "trip-\(trip)", fare: usd(1_000), at: at(Int64(trip) * 7_200))
            if trip == 2 {
                XCTAssertEqual(pushed(last, .incentives).first { $0.cardID == "incentives.quest-2026-11-16" }?.shouldForceSwitchStatusMode, true, "one trip to go")
            }
        }
        XCTAssertEqual(last.compactMap { $0 as? IncentiveEarned }, [IncentiveEarned(driverID: "driver-1", programID: "quest-2026-11-16", reward: usd(1_500), at: at(21_600))])
        let incentives = pushed(last, .incentives)
        XCTAssertEqual(incentives.first { $0.cardID == "incentives.quest-2026-11-16" }?.isValid, false, "a finished quest's progress card is withdrawn")
        let bulletin = try XCTUnwrap(incentives.first { $0.cardType == .bulletin })
        XCTAssertEqual(bulletin.cardID, "incentives.quest-2026-11-16.completed")
        guard case .dxgyCompletion(let completion) = bulletin.payload else { return XCTFail("not a quest completion") }
        XCTAssertEqual(completion.formattedReward, "$15.00")
        guard case .dailyEarnings(let daily) = payload(pushed(last, .earnings), "earnings.daily") else { return XCTFail("no daily card") }
        XCTAssertEqual(daily.total, usd(4_500))
        XCTAssertEqual(daily.tripCount, 3)
        let next = try backend.completeTrip(driverID: "driver-1", tripID: "trip-4", fare: usd(1_000), at: at(30_000))
        XCTAssertTrue(next.compactMap { $0 as? IncentiveEarned }.isEmpty, "a quest pays once")
    }

    func test_consecutiveTrips_needEachTripWithinTheGap_andRestartAfterPaying() throws {
        var backend = EarningsBackend(config: EarningsConfig(incentives: IncentivesConfig(questTrips: nil, streakTrips: 3, streakMaxGapSeconds: 1_800, guaranteeTrips: nil)))
        let times: [Int64] = [0, 1_000, 5_000, 6_000, 7_800, 9_000, 10_000, 11_000]
        var paidAt: [Int64] = []
        var tracker = ServiceDataManager.realtimeIncentives
        for (index, time) in times.enumerated() {
            let events = try backend.completeTrip(driverID: "driver-2", tripID: "trip-\(index)", fare: usd(800), at: at(time))
            if !events.compactMap({ $0 as? IncentiveEarned }).isEmpty { paidAt.append(time) }
            tracker.receivePush(pushed(events, .incentives), at: at(time))
        }
        XCTAssertEqual(paidAt, [7_800, 11_000], "the gap 1 000 → 5 000 breaks the streak; after paying it starts again")
        XCTAssertEqual(backend.state.drivers["driver-2"]?.progress("streak")?.completions, 2)
        let bulletins = tracker.cards.filter { $0.cardType == .bulletin }
        XCTAssertEqual(bulletins.map(\.cardID), ["incentives.streak.completed"], "each payout updates the program's one completion card")
        XCTAssertEqual(bulletins.first?.lastUpdatedAt, at(11_000).timestampInSec)
    }

    func test_newDriverGuarantee_topsUpTheDifference() throws {
        var backend = EarningsBackend(config: EarningsConfig(incentives: IncentivesConfig(questTrips: nil, streakTrips: nil, guaranteeTrips: 3, guaranteeMinorUnits: 5_000)))
        var events: [any Event] = []
        for trip in 1...3 {
            events = try backend.completeTrip(driverID: "driver-3", tripID: "trip-\(trip)", fare: usd(1_200), at: at(Int64(trip) * 9_000))
        }
        XCTAssertEqual(events.compactMap { $0 as? IncentiveEarned }.map(\.reward), [usd(1_400)])
        guard case .newDriverGuaranteeCompletion(let completion) = pushed(events, .incentives).first(where: { $0.cardType == .bulletin })?.payload else {
            return XCTFail("no guarantee completion bulletin")
        }
        XCTAssertEqual(completion.formattedReward, "$14.00")
        XCTAssertEqual(backend.state.drivers["driver-3"]?.dailyTotal(at: at(27_000), calendar: EarningsCalendar()), usd(5_000))
    }

    func test_badFares_areRefused_andChangeNothing() throws {
        var backend = EarningsBackend()
        _ = try backend.completeTrip(driverID: "driver-1", tripID: "trip-1", fare: usd(1_000), at: at(0))
        let before = backend.state
        XCTAssertThrowsError(try backend.completeTrip(driverID: "driver-1", tripID: "trip-2", fare: Money(minorUnits: 900, currency: .eur), at: at(60))) {
            XCTAssertTrue("\($0)".contains("not in the driver's currency USD"), "\($0)")
        }
        XCTAssertThrowsError(try backend.completeTrip(driverID: "driver-1", tripID: "trip-3", fare: usd(-1), at: at(60)))
        XCTAssertEqual(backend.state, before)
    }

    func test_projectionReplay_rebuildsTheBackEndState() throws {
        let log = InMemoryEventLog(clock: .constant(monday))
        var backend = EarningsBackend()
        for trip in 1...25 {
            let driver = "driver-\(trip % 3)"
            let events = try backend.completeTrip(driverID: driver, tripID: "trip-\(trip)", fare: usd(Int64(trip) * 137), at: at(Int64(trip) * 1_500))
            try log.append(events.map { try $0.newEvent(stream: earningsStream(driverID: driver)) })
        }
        XCTAssertEqual(try EarningsProjection().replay(log).state, backend.state)
        let pulled = backend.pull(TrackerPullRequest(driverID: "driver-1", service: .earnings), at: at(40_000)).cards.cards
        guard case .recentTrips(let last) = pulled.first?.payload else { return XCTFail("no last trip pulled") }
        XCTAssertEqual(last.lastTripUuid, "trip-25")
    }

    func test_money_isFormattedForTheLocale() {
        XCTAssertEqual(EarningsLocale.enUS.format(usd(123_456_789)), "$1,234,567.89")
        XCTAssertEqual(EarningsLocale.enUS.format(usd(-5)), "-$0.05")
        XCTAssertEqual(EarningsLocale.deDE.format(Money(minorUnits: 123_456_789, currency: .eur)), "1.234.567,89 €")
        XCTAssertEqual(EarningsLocale.frFR.format(Money(minorUnits: 123_456, currency: .eur)), "1\u{202F}234,56 €")
        XCTAssertEqual(EarningsLocale.enIN.format(Money(minorUnits: 123_456_789, currency: .inr)), "₹12,34,567.89")
        XCTAssertEqual(EarningsLocale.enIN.format(Money(minorUnits: 99_999, currency: .inr)), "₹999.99")
        XCTAssertEqual(EarningsLocale.jaJP.format(Money(minorUnits: 1_200, currency: .jpy)), "¥1,200")
        XCTAssertEqual(EarningsLocale.ptBR.format(Money(minorUnits: 123_456, currency: .brl)), "R$ 1.234,56")
        XCTAssertEqual(EarningsLocale.enUS.format(usd(0)), "$0.00")
        XCTAssertEqual(EarningsLocale.enIN.format(Money(minorUnits: 12_345_678_901_234, currency: .inr)), "₹1,23,45,67,89,012.34")
        XCTAssertEqual(EarningsLocale.deDE.format(Money(minorUnits: -123_456, currency: .eur)), "-1.234,56 €")
        XCTAssertEqual(EarningsLocale.enUS.format(usd(100_000)), "$1,000.00")
    }

    func test_calendar_daysAndWeeks_atAnOffset() {
        let utc = EarningsCalendar()
        XCTAssertEqual(utc.week(of: at(-1)), utc.week(of: at(0)) - 1, "weeks start on Monday 00:00")
        XCTAssertEqual(utc.start(ofWeek: utc.week(of: at(3 * 86_400))), at(0))
        let india = EarningsCalendar(utcOffsetSeconds: 19_800)
        XCTAssertEqual(india.day(of: at(-19_800)), india.day(of: at(0)), "00:00 local is 18:30 UTC the day before")
        XCTAssertEqual(india.dayLabel(india.day(of: at(-19_800))), "2026-11-16")
        XCTAssertEqual(india.timeLabel(at(0)), "05:30")
    }
}
