import DriverTrips
import EventLog
import EventLogTestSupport
@testable import OptimisticSync
import PlatformKit
import TripContract
@testable import TripService
import XCTest

/// The sync and trip-service events' `Codable`-free encoders write exactly their `Codable` bytes.
final class EventEncodingTests: XCTestCase {
    private var random = SeededGenerator(seed: 57)

    private func text() -> String {
        String((0..<Int.random(in: 0...30, using: &random)).map { _ in "trip-9é€ x".randomElement(using: &random)! })
    }

    private func instant() -> Instant {
        Instant(millisecondsSinceEpoch: Int64.random(in: -1_000_000_000_000...4_000_000_000_000, using: &random))
    }

    private func money() -> Money {
        Money(minorUnits: Int64.random(in: -10_000_000...10_000_000, using: &random), currency: Bool.random(using: &random) ? .usd : .eur)
    }

    private func maybe<T>(_ make: () -> T) -> T? {
        Bool.random(using: &random) ? make() : nil
    }

    private func texts() -> [String] {
        (0..<Int.random(in: 0...3, using: &random)).map { _ in text() }
    }

    private func state() -> DriverState {
        var state = DriverState()
        state.isOnline = Bool.random(using: &random)
        state.readMessages = texts()
        state.completedTrips = Int.random(in: 0...10_000, using: &random)
        state.trip = maybe {
            var trip = Trip(id: text(), phase: [.accepted, .arrived, .onTrip, .ended].randomElement(using: &random)!, fareEstimate: money())
            trip.finalFare = maybe { money() }
            trip.startedAt = maybe { instant() }
            trip.endedAt = maybe { instant() }
            trip.riderRating = maybe { Int.random(in: 1...5, using: &random) }
            trip.cashCollected = Bool.random(using: &random)
            return trip
        }
        return state
    }

    private func snapshot() -> ServerSnapshot<DriverState> {
        ServerSnapshot(version: Int64.random(in: 0...Int64.max, using: &random), state: state(), applied: texts())
    }

    private func assignments() -> [IDAssignment] {
        (0..<Int.random(in: 0...2, using: &random)).map { _ in IDAssignment(temporary: text(), assigned: text()) }
    }

    private func response() -> SyncResponse<DriverState> {
        switch Int.random(in: 0...3, using: &random) {
        case 0: .accepted(snapshot(), assignedIDs: assignments())
        case 1: .rejected(reason: text(), snapshot: snapshot())
        case 2: .unavailable(reason: text())
        default: .malformed(reason: text())
        }
    }

    private func request() -> OptimisticRequest {
        OptimisticRequest(
            id: text(), kind: text(), idempotencyKey: text(),
            parameters: (0..<Int.random(in: 0...3, using: &random)).map { _ in Parameter(text(), text()) },
            dependsOn: texts(), submittedAt: instant()
        )
    }

    private func outcome() -> TripServiceState.Outcome {
        switch Int.random(in: 0...3, using: &random) {
        case 0: .accepted(assignedIDs: assignments())
        case 1: .rejected(reason: text())
        case 2: .unavailable(reason: text())
        default: .malformed(reason: text())
        }
    }

    private func serviceState() -> TripServiceState {
        var state = TripServiceState()
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            var record = TripServiceState.DriverRecord()
            record.snapshot = snapshot()
            for _ in 0..<Int.random(in: 0...4, using: &random) {
                record.remember(outcome(), for: text(), of: text())
            }
            state.drivers[text()] = record
        }
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            state.offers[text()] = TripServiceState.Offer(driver: text(), estimate: money())
        }
        state.armedRejections = texts()
        return state
    }

    /// The trip service's snapshot state encodes and decodes without `Codable` as through `Codable`.
    func test_fastCoding_equalsCodable_forRandomServiceStates() throws {
        for _ in 0..<300 {
            let state = serviceState()
            try assertEncodesLikeCodable(state)
            try assertDecodesLikeCodable(state)
        }
    }

    func test_fastEncode_equalsCodable_forRandomEvents() throws {
        for _ in 0..<300 {
            try assertEncodesLikeCodable(RequestSubmitted<TripSync>(request: request()))
            try assertEncodesLikeCodable(RequestSent<TripSync>(id: text(), attempt: Int.random(in: 1...9, using: &random), at: instant()))
            try assertEncodesLikeCodable(DeliveryFailed<TripSync>(id: text(), reason: text(), retryAt: instant()))
            try assertEncodesLikeCodable(RequestConfirmed<TripSync>(id: text(), at: instant(), snapshot: snapshot(), assignedIDs: assignments()))
            try assertEncodesLikeCodable(StatePushed<TripSync>(at: instant(), snapshot: snapshot()))
            try assertEncodesLikeCodable(RequestsRolledBack<TripSync>(
                id: text(), rolledBack: texts(), cause: [.rejected, .timedOut, .poison, .cancelled].randomElement(using: &random)!, at: instant()
            ))
            try assertEncodesLikeCodable(ClientRestarted<TripSync>(at: instant()))
            try assertEncodesLikeCodable(TripOffered(trip: text(), driver: text(), estimate: money()))
            try assertEncodesLikeCodable(EstimateUpdated(trip: text(), driver: text(), estimate: money()))
            try assertEncodesLikeCodable(DriverRequestHandled(
                driver: text(), kind: text(), idempotencyKey: text(), answer: response(), forced: Bool.random(using: &random)
            ))
        }
    }
}
