import EarningsService
import EventLog
import EventLogTestSupport
import PlatformKit
import XCTest

/// The earnings facts a completed trip appends encode exactly as `Codable` does, without it.
final class EventEncodingTests: XCTestCase {
    func test_earningsFacts_encodeLikeCodable() throws {
        let at = Instant(millisecondsSinceEpoch: 1_795_000_000_000)
        let program = IncentiveProgram(id: "quest-1", kind: .quest, targetTrips: 12, amount: Money(minorUnits: 4_500, currency: .usd), startsAt: at)
        for (driver, money) in [("driver-7", Money(minorUnits: 1_234, currency: .usd)), ("", Money(minorUnits: -5, currency: .eur))] {
            try assertEncodesLikeCodable(TripCompleted(driverID: driver, tripID: "trip-é", fare: money, at: at))
            try assertEncodesLikeCodable(IncentiveEnrolled(driverID: driver, program: program, at: at))
            try assertEncodesLikeCodable(IncentiveEarned(driverID: driver, programID: "streak", reward: money, at: at))
        }
    }
}
