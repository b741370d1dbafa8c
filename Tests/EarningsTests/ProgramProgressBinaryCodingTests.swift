@testable import EarningsService
import EventLog
import EventLogTestSupport
import PlatformKit
import XCTest

/// A driver's programs (each with its program) in a ledger snapshot are `Codable`'s bytes
/// without `Codable`, and read back alike.
final class ProgramProgressBinaryCodingTests: XCTestCase {
    func test_everyKindOfProgram_withAndWithoutItsOptionalFields_codesLikeCodable() throws {
        let start = Instant(millisecondsSinceEpoch: 1_795_000_000_000)
        let programs = [
            IncentiveProgram(id: "quest-1", kind: .quest, targetTrips: 12, amount: Money(minorUnits: 4_500, currency: .usd), startsAt: start, endsAt: start.advanced(by: .seconds(604_800))),
            IncentiveProgram(id: "streak", kind: .consecutiveTrips, targetTrips: 3, amount: Money(minorUnits: 600, currency: .eur), maxGapSeconds: 1_800),
            IncentiveProgram(id: "guarantee", kind: .newDriverGuarantee, targetTrips: 40, amount: Money(minorUnits: -1, currency: .usd)),
        ]
        for program in programs {
            try assertEncodesLikeCodable(program)
            try assertDecodesLikeCodable(program)
            var progress = ProgramProgress(program: program)
            try assertEncodesLikeCodable(progress)
            try assertDecodesLikeCodable(progress)
            (progress.completedTrips, progress.lastTripAt, progress.earnedMinorUnits) = (7, start, Int64.min)
            (progress.isCompleted, progress.completions) = (true, 2)
            try assertEncodesLikeCodable(progress)
            try assertDecodesLikeCodable(progress)
        }
    }
}
