import EventLog
import OptimisticSync
import XCTest

/// Each domain's events are named `<namespace>.<event>`, the names of two domains apart.
final class EventTypeNameTests: XCTestCase {
    private enum OtherSync: OptimisticDomain {
        static let namespace = "test.other"
        static let initialState = CounterSync.State()
        static let transforms = Transforms<CounterSync.State>()
    }

    private func names<Domain: OptimisticDomain>(_: Domain.Type) -> [String] {
        [
            RequestSubmitted<Domain>.eventType, RequestSent<Domain>.eventType, DeliveryFailed<Domain>.eventType,
            RequestConfirmed<Domain>.eventType, StatePushed<Domain>.eventType, RequestsRolledBack<Domain>.eventType,
            AlertRaised<Domain>.eventType, ClientRestarted<Domain>.eventType,
        ]
    }

    private let suffixes = [
        "request.submitted", "request.sent", "delivery.failed", "request.confirmed", "state.pushed",
        "requests.rolledBack", "alert.raised", "client.restarted",
    ]

    func test_eventTypes_areNamespacedPerDomain_andStableAcrossCalls() {
        for _ in 0..<2 {
            XCTAssertEqual(names(CounterSync.self), suffixes.map { "test.counter.\($0)" })
            XCTAssertEqual(names(OtherSync.self), suffixes.map { "test.other.\($0)" })
        }
    }
}
