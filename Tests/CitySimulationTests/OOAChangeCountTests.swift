@testable import CitySimulation
import EventLog
import OOAService
import PlatformKit
import XCTest

/// The OOA service's changes are counted as they come in, not when their trip ends.
final class OOAChangeCountTests: XCTestCase {
    func test_changesIn_atAnyPoint_areTheDecisionsSoFarThatAnswerAChange_andATripsAreTheOnesItWasTold() throws {
        let log = try smallRunLog(riders: 300, drivers: 60, hours: 2, seed: 7, snapshotEvery: 2_000)
        let summary = try SimulationRun.replay(log)
        var answering: [Int64] = []
        var answeringByTrip: [String: Int] = [:]
        var toldByTrip: [String: Int] = [:]
        for event in try log.events() {
            if let decision = try OOAProjection.registry.decode(event).flatMap(OOADecision.init), decision.answersAChange {
                answering.append(event.sequence)
                answeringByTrip[decision.tripID, default: 0] += 1
            }
            switch try CityEvents.registry.decode(event) {
            case let completed as TripCompleted: toldByTrip[EntityID.trip(completed.trip)] = completed.ooaChanges
            case let cancelled as TripCancelled: toldByTrip[EntityID.trip(cancelled.trip)] = cancelled.ooaChanges
            default: break
            }
        }
        XCTAssertEqual(summary.liveActivities.changesIn, answering.count)
        let last = try log.lastSequence()
        for point in [last / 5, last / 2, last * 4 / 5] {
            XCTAssertEqual(try SimulationRun.replay(log, upTo: point).liveActivities.changesIn, answering.filter { $0 <= point }.count, "at \(point)")
        }
        XCTAssertGreaterThan(toldByTrip.count, 100)
        for (trip, told) in toldByTrip { XCTAssertEqual(answeringByTrip[trip] ?? 0, told, trip) }
    }
}
