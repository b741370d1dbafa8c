@testable import EarningsService
import EventLog
import EventLogTestSupport
import PlatformKit
import XCTest

/// A ledger snapshot stores each driver's lines by columns: `Codable`'s bytes without `Codable`,
/// read back alike, far smaller than a keyed container per line; snapshots written before the
/// columns still load, and malformed columns are refused.
final class LedgerColumnsTests: XCTestCase {
    private let calendar = EarningsCalendar()

    /// A driver with `trips` trips paid in `currencies` (in turn), a program and its payouts.
    private func driver(trips: Int, currencies: [Currency] = [.usd], seed: UInt64 = 1) -> DriverEarnings {
        var random = SeededGenerator(seed: seed)
        var driver = DriverEarnings()
        let program = IncentiveProgram(id: "streak", kind: .consecutiveTrips, targetTrips: 3, amount: usd(500), maxGapSeconds: 3_600)
        driver.apply(IncentiveEnrolled(driverID: "d", program: program, at: at(0)), calendar: calendar)
        var time: Int64 = 0
        for trip in 0..<trips {
            time += Int64(random.next() % 5_000)
            let fare = Money(minorUnits: Int64(random.next() % 10_000) - 100, currency: currencies[trip % currencies.count])
            driver.apply(TripCompleted(driverID: "d", tripID: "trip-\(random.next() % 1_000_000)", fare: fare, at: at(time)), calendar: calendar)
            if trip % 3 == 2 { driver.apply(IncentiveEarned(driverID: "d", programID: "streak", reward: usd(500), at: at(time)), calendar: calendar) }
        }
        return driver
    }

    func test_drivers_codeLikeCodable_andRoundTrip() throws {
        let drivers = [driver(trips: 0), driver(trips: 1), driver(trips: 40, seed: 7), driver(trips: 25, currencies: [.eur, .usd, .jpy], seed: 3)]
        for driver in drivers {
            try assertEncodesLikeCodable(driver)
            try assertDecodesLikeCodable(driver)
            XCTAssertEqual(try BinaryKeyedReader.decode(DriverEarnings.self, from: BinaryEncoder().encode(driver)), driver)
        }
        XCTAssertEqual(drivers[2].trips.count, 40)
        XCTAssertEqual(drivers[3].trips.map(\.fare.currency).prefix(3), [.eur, .usd, .jpy])
    }

    func test_oneCurrency_writesNoIndexes_andALineTakesAFifthOfTheBytes() throws {
        let driver = driver(trips: 200)
        let columns = LedgerColumns(driver.trips)
        XCTAssertEqual(columns.currencies, [.usd])
        XCTAssertTrue(columns.currencyIndexes.isEmpty)
        let byColumns = try BinaryEncoder().encode(columns).count
        let byLine = try BinaryEncoder().encode(driver.trips).count
        XCTAssertLessThan(byColumns * 4, byLine, "\(byColumns) bytes by columns, \(byLine) by line")
    }

    func test_aSnapshotWrittenBeforeTheColumns_stillLoads() throws {
        for driver in [driver(trips: 12), driver(trips: 9, currencies: [.gbp, .inr])] {
            let legacy = try BinaryEncoder().encode(LegacyDriverEarnings(driver))
            XCTAssertEqual(try BinaryKeyedReader.decode(DriverEarnings.self, from: legacy), driver)
            XCTAssertEqual(try BinaryDecoder().decode(DriverEarnings.self, from: legacy), driver)
            var codable = BinaryDecoder()
            codable.usesBinaryDecodable = false
            XCTAssertEqual(try codable.decode(DriverEarnings.self, from: legacy), driver)
        }
    }

    func test_malformedColumns_areRefused() throws {
        let good = LedgerColumns(driver(trips: 6, currencies: [.usd, .eur]).trips)
        var shortAmounts = good
        shortAmounts.minorUnits.removeLast()
        var badIndex = good
        badIndex.currencyIndexes[2] = 5
        var missingIndexes = good
        missingIndexes.currencyIndexes = []
        var noCurrency = LedgerColumns(driver(trips: 2).trips)
        noCurrency.currencies = []
        var malformed = try [shortAmounts, badIndex, missingIndexes, noCurrency].map { try BinaryEncoder().encode($0) }
        // An id that is not UTF-8, and one whose length runs past the ids.
        let encoded = try BinaryEncoder().encode(good)
        let firstID = try XCTUnwrap(encoded.firstRange(of: Array("trip-".utf8)))
        var notUTF8 = encoded
        notUTF8[firstID.lowerBound] = 0xFF
        var overlong = encoded
        overlong[firstID.lowerBound - 1] = 0x7F
        malformed += [notUTF8, overlong]
        for bytes in malformed {
            XCTAssertThrowsError(try BinaryKeyedReader.decode(LedgerColumns.Lines<TripLine>.self, from: bytes)) { error in
                guard case DecodingError.dataCorrupted(let context) = error else { return XCTFail("\(error)") }
                XCTAssertTrue(context.debugDescription.hasPrefix("Malformed ledger lines"), context.debugDescription)
            }
        }
        XCTAssertEqual(try BinaryKeyedReader.decode(LedgerColumns.Lines<TripLine>.self, from: encoded).lines, try good.lines(TripLine.self))
        XCTAssertEqual(try good.lines(TripLine.self).count, 6)
    }
}

/// `DriverEarnings` as snapshots before `LedgerColumns` encoded it: a keyed container per line.
private struct LegacyDriverEarnings: Encodable {
    var currency: Currency?
    var trips: [TripLine]
    var rewards: [RewardLine]
    var programs: [ProgramProgress]
    var dailyTotals: [Int64: Int64]
    var dailyTrips: [Int64: Int]
    var weeklyTotals: [Int64: Int64]
    var weeklyTrips: [Int64: Int]

    init(_ driver: DriverEarnings) {
        (currency, trips, rewards, programs) = (driver.currency, driver.trips, driver.rewards, driver.programs)
        (dailyTotals, dailyTrips, weeklyTotals, weeklyTrips) = (driver.dailyTotals, driver.dailyTrips, driver.weeklyTotals, driver.weeklyTrips)
    }
}
