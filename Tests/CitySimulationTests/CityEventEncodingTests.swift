@testable import CitySimulation
import EventLogTestSupport
import PlatformKit
import XCTest

/// The city's `Codable`-free event encoders write exactly their `Codable` bytes.
final class CityEventEncodingTests: XCTestCase {
    private var random = SeededGenerator(seed: 72)

    private func text() -> String {
        String((0..<Int.random(in: 0...16, using: &random)).map { _ in "ab9é€ -".randomElement(using: &random)! })
    }

    private func number() -> Int { Int.random(in: Int.min...Int.max, using: &random) }
    private func time() -> Int64 { Int64.random(in: -1...4_000_000_000_000, using: &random) }
    private func flag() -> Bool { Bool.random(using: &random) }

    func test_fastEncode_equalsCodable_forRandomEvents() throws {
        for _ in 0..<200 {
            try assertEncodesLikeCodable(RiderArrived(rider: number(), market: text()))
            try assertEncodesLikeCodable(RiderOnboarded(rider: number(), market: text(), succeeded: flag(), roundTrips: number(), finishedAt: time()))
            try assertEncodesLikeCodable(MembershipVisited(rider: number(), journey: text()))
            try assertEncodesLikeCodable(TripRequested(trip: number(), rider: number(), at: time()))
            try assertEncodesLikeCodable(TripMatched(trip: number(), driver: number(), pickupSeconds: number()))
            try assertEncodesLikeCodable(TripPickedUp(trip: number(), inDarkSpot: flag()))
            try assertEncodesLikeCodable(TripCompleted(trip: number(), driver: number(), fareMinorUnits: time(), at: time(), ooaChanges: number()))
            try assertEncodesLikeCodable(TripCancelled(trip: number(), reason: text(), at: time(), ooaChanges: number()))
            try assertEncodesLikeCodable(AppKilled(client: text()))
            try assertEncodesLikeCodable(OutageChanged(service: text(), down: flag()))
            try assertEncodesLikeCodable(DriverActionRefused(driver: number(), reason: text()))
        }
    }
}
