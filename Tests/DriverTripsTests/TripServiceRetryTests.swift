import EventLog
import OptimisticSync
import PlatformKit
import TripContract
import TripService
import XCTest

/// A retried key is applied once; it gets the same outcome with the driver's state as it is then.
final class TripServiceRetryTests: XCTestCase {
    private func request(_ key: String, _ kind: String, _ parameters: [Parameter] = []) -> SyncRequest {
        SyncRequest(clientID: "driver-7", request: OptimisticRequest(
            id: key, kind: kind, idempotencyKey: key, parameters: parameters, submittedAt: .epoch
        ))
    }

    func test_aRetry_getsTheSameOutcome_withTheCurrentState_andIsNotAppliedAgain() throws {
        var service = TripService()
        service.offer(trip: "trip-1", to: "driver-7", estimate: Money(minorUnits: 1_200, currency: .usd))
        guard case .accepted(let online, _) = service.handle(request("k1", TripKind.goOnline)) else { return XCTFail("goOnline refused") }
        guard case .accepted(let accepted, _) = service.handle(request("k2", TripKind.accept, [Parameter(TripParameter.trip, "trip-1")])) else {
            return XCTFail("accept refused")
        }
        guard case .rejected(let reason, _) = service.handle(request("k3", TripKind.accept, [Parameter(TripParameter.trip, "trip-9")])) else {
            return XCTFail("an unknown trip was accepted")
        }
        let current = service.snapshot(for: "driver-7")
        XCTAssertEqual(current, accepted)
        XCTAssertGreaterThan(accepted.version, online.version)

        XCTAssertEqual(service.handle(request("k1", TripKind.goOnline)), .accepted(current, assignedIDs: []))
        XCTAssertEqual(service.handle(request("k3", TripKind.accept, [Parameter(TripParameter.trip, "trip-9")])), .rejected(reason: reason, snapshot: current))
        XCTAssertEqual(service.snapshot(for: "driver-7"), current, "a retry changed the state")
        let handled = try service.takeEvents().filter { $0.type == DriverRequestHandled.eventType }
        XCTAssertEqual(handled.count, 3, "a retry was recorded as handled again")
    }

    func test_theReplayedService_answersRetriesLikeTheLiveOne() throws {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        var live = TripService()
        _ = live.handle(request("k1", TripKind.goOnline))
        try log.append(live.takeEvents())
        var replayed = TripService(state: try TripServiceProjection().replay(log).state)
        XCTAssertEqual(replayed.handle(request("k1", TripKind.goOnline)), live.handle(request("k1", TripKind.goOnline)))
    }
}
