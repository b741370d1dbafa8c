import Earnings
import EarningsPlatform
import EarningsService
import EventLog
import PlatformKit
import RealtimeAPI
import XCTest

/// Both projections snapshot and replay like any other: the state from snapshots equals the state from the start.
final class ProjectionSnapshotTests: XCTestCase {
    func test_snapshots_ofBothProjections_replayToTheSameState() throws {
        let log = InMemoryEventLog(clock: .constant(monday))
        let earnings = try ProjectionRunner(EarningsProjection(), log: log, snapshots: log, policy: .every(40))
        let trackers = try ProjectionRunner(TrackerProjection(), log: log, snapshots: log, policy: .every(40))
        var fleet = EarningsFleet()
        for trip in 1...60 {
            let driver = "driver-\(trip % 4)"
            try fleet.completeTrip(driverID: driver, tripID: "trip-\(trip)", fare: usd(Int64(trip) * 211), at: at(Int64(trip) * 2_000), appendingTo: log)
            if trip % 9 == 0 {
                try log.append([fleet.record(TrackerPrivacyChanged(driverID: driver, privacyStatus: .hidden, at: at(Int64(trip) * 2_000 + 1)), driverID: driver)])
            }
            try earnings.catchUp()
            try trackers.catchUp()
        }
        XCTAssertGreaterThan(try log.snapshots(of: "earnings.ledger").count, 1)
        XCTAssertEqual(try EarningsProjection().replay(log, snapshots: log).state, fleet.backend.state)
        XCTAssertEqual(try TrackerProjection().replay(log, snapshots: log).state.trackers, fleet.trackers)
        XCTAssertEqual(try TrackerProjection().replay(log).state.trackers, fleet.trackers)
        XCTAssertEqual(try EarningsProjection().replay(log, snapshots: log).snapshot != nil, true)
    }

    func test_aForcingCard_winsStatus_whenTheDriverChoseNothing() {
        let result = TrackerDataManager().modes(
            [TrackerCardStream(service: .incentives, cards: [card("daily", priority: 9, status: 100), card("quest", priority: 1, force: true, status: 1)])],
            now: at(0)
        )
        XCTAssertEqual(result.status.selectedItem?.card.cardID, "quest")
        let chosen = TrackerDataManager().modes(
            [TrackerCardStream(service: .incentives, cards: [card("daily", status: 100), card("quest", force: true)])],
            ui: TrackerUIState(selectedStatusCardID: "daily"), now: at(0)
        )
        XCTAssertEqual(chosen.status.selectedItem?.card.cardID, "daily")
    }
}
