import Foundation
import PlatformKit
import XCTest

final class InstantTests: XCTestCase {
    func test_description_isISO8601UTCWithMilliseconds() {
        XCTAssertEqual(Instant(millisecondsSinceEpoch: 1_795_242_840_123).description, "2026-11-21T06:34:00.123Z")
        XCTAssertEqual(Instant.epoch.description, "1970-01-01T00:00:00.000Z")
    }

    func test_description_handlesInstantsBeforeTheEpoch() {
        XCTAssertEqual(Instant(millisecondsSinceEpoch: -1).description, "1969-12-31T23:59:59.999Z")
        XCTAssertEqual(Instant(millisecondsSinceEpoch: -86_400_000).description, "1969-12-31T00:00:00.000Z")
    }

    func test_description_handlesLeapDaysAndCenturyRules() {
        XCTAssertEqual(Instant(millisecondsSinceEpoch: 1_709_164_800_000).description, "2024-02-29T00:00:00.000Z")
        XCTAssertEqual(Instant(millisecondsSinceEpoch: 951_782_400_000).description, "2000-02-29T00:00:00.000Z")
        XCTAssertEqual(Instant(millisecondsSinceEpoch: 4_107_542_400_000).description, "2100-03-01T00:00:00.000Z")
    }

    func test_description_ofYearsOutside0To9999_hasMoreDigitsOrASign() {
        XCTAssertEqual(Instant(millisecondsSinceEpoch: 253_402_300_799_999).description, "9999-12-31T23:59:59.999Z")
        XCTAssertEqual(Instant(millisecondsSinceEpoch: 253_402_300_800_000).description, "10000-01-01T00:00:00.000Z")
        XCTAssertEqual(Instant(millisecondsSinceEpoch: -62_167_219_200_000).description, "0000-01-01T00:00:00.000Z")
        XCTAssertEqual(Instant(millisecondsSinceEpoch: -62_167_219_200_001).description, "-0001-12-31T23:59:59.999Z")
    }

    func test_description_ofTheFirstAndLastInstants_doesNotOverflow() {
        XCTAssertEqual(Instant(millisecondsSinceEpoch: .min).description, "-292275055-05-16T16:47:04.192Z")
        XCTAssertEqual(Instant(millisecondsSinceEpoch: .max).description, "292278994-08-17T07:12:55.807Z")
    }

    func test_fourDigitYears_areThoseOfTheUsualForm() {
        XCTAssertEqual(Instant.fourDigitYears.lowerBound.description, "0000-01-01T00:00:00.000Z")
        XCTAssertEqual(Instant.fourDigitYears.upperBound.description, "9999-12-31T23:59:59.999Z")
        XCTAssertEqual(Instant.fourDigitYearSeconds, -62_167_219_200...253_402_300_799)
    }

    func test_description_matchesFoundationForWholeSeconds() {
        let foundation = Date.ISO8601FormatStyle()
        var seconds: Int64 = -3_000_000_000
        while seconds < 7_000_000_000 {
            let ours = Instant(millisecondsSinceEpoch: seconds * 1_000).description
            let theirs = foundation.format(Date(timeIntervalSince1970: TimeInterval(seconds)))
            XCTAssertEqual(ours, theirs.replacingOccurrences(of: "Z", with: ".000Z"))
            seconds += 7_777_777
        }
    }

    func test_advanced_movesByTheDurationInMilliseconds() {
        let start = Instant(millisecondsSinceEpoch: 1_000)
        XCTAssertEqual(start.advanced(by: .seconds(2)).millisecondsSinceEpoch, 3_000)
        XCTAssertEqual(start.advanced(by: .milliseconds(-1_500)).millisecondsSinceEpoch, -500)
        XCTAssertEqual(start.advanced(by: .microseconds(2_999)).millisecondsSinceEpoch, 1_002)
    }

    func test_durationTo_isSignedDifference() {
        let early = Instant(millisecondsSinceEpoch: 1_000)
        let late = Instant(millisecondsSinceEpoch: 61_250)
        XCTAssertEqual(early.duration(to: late), .milliseconds(60_250))
        XCTAssertEqual(late.duration(to: early), .milliseconds(-60_250))
        XCTAssertEqual(early.advanced(by: early.duration(to: late)), late)
    }

    func test_comparable_ordersChronologically() {
        XCTAssertLessThan(Instant(millisecondsSinceEpoch: -5), Instant.epoch)
        XCTAssertGreaterThan(Instant(millisecondsSinceEpoch: 2), Instant(millisecondsSinceEpoch: 1))
    }

    func test_codable_encodesAsSingleInt64() throws {
        let instant = Instant(millisecondsSinceEpoch: 1_795_242_840_123)
        let data = try JSONEncoder().encode([instant])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), "[1795242840123]")
        XCTAssertEqual(try JSONDecoder().decode([Instant].self, from: data), [instant])
    }

    /// Law: whole milliseconds truncate toward zero, as `components` counts them, at any size.
    func test_wholeMilliseconds_truncatesAsComponentsDo() {
        var generator = SeededGenerator(seed: 11)
        var durations: [Duration] = [.zero, .nanoseconds(1), .nanoseconds(-1), .nanoseconds(999_999), .nanoseconds(-999_999),
                                     .milliseconds(Int64.max / 2), .milliseconds(-(Int64.max / 2)), .seconds(30), .seconds(-30)]
        for _ in 0..<5_000 {
            let scale = [1, 1_000, 1_000_000, 1_000_000_000].randomElement(using: &generator)!
            durations.append(.nanoseconds(Int64.random(in: -4_000_000_000_000...4_000_000_000_000, using: &generator) * Int64(scale / 1_000 + 1)))
            durations.append(.seconds(Int64.random(in: -1_000_000_000...1_000_000_000, using: &generator)) + .nanoseconds(Int64.random(in: -999_999_999...999_999_999, using: &generator)))
        }
        for duration in durations {
            let (seconds, attoseconds) = duration.components
            XCTAssertEqual(duration.wholeMilliseconds, seconds * 1_000 + attoseconds / 1_000_000_000_000_000, "\(duration)")
        }
    }

    func test_advancedBySecondsOrMilliseconds_isAdvancedByTheDuration() {
        let start = Instant(millisecondsSinceEpoch: 1_764_000_000_123)
        for amount in [0, 1, -1, 30, 3_600, -86_400, 1_000_000] {
            XCTAssertEqual(start.advanced(bySeconds: amount), start.advanced(by: .seconds(amount)))
            XCTAssertEqual(start.advanced(byMilliseconds: Int64(amount)), start.advanced(by: .milliseconds(amount)))
        }
    }
}

final class InstantParsingTests: XCTestCase {
    func testParsesWhatItFormats() {
        let random = RandomSource.seeded(11)
        for _ in 0..<2_000 {
            let instant = Instant(millisecondsSinceEpoch: Int64(random.int(in: 0..<253_402_300_799_000)))
            XCTAssertEqual(Instant(iso8601: instant.description), instant)
        }
        XCTAssertEqual(Instant(iso8601: "1970-01-01T00:00:01Z"), Instant(millisecondsSinceEpoch: 1_000))
    }

    /// RFC 3339: a fraction of 1 to 9 digits (cut to milliseconds), and an offset from UTC.
    func testParsesFractionsAndOffsets() {
        let tenAM = Instant(iso8601: "2026-11-21T10:00:00Z")!
        XCTAssertEqual(Instant(iso8601: "2026-11-21T10:00:00.5Z"), tenAM.advanced(byMilliseconds: 500))
        XCTAssertEqual(Instant(iso8601: "2026-11-21T10:00:00.12Z"), tenAM.advanced(byMilliseconds: 120))
        XCTAssertEqual(Instant(iso8601: "2026-11-21T10:00:00.123987654Z"), tenAM.advanced(byMilliseconds: 123))
        XCTAssertEqual(Instant(iso8601: "2026-11-21T11:00:00+01:00"), tenAM)
        XCTAssertEqual(Instant(iso8601: "2026-11-21T04:30:00.250-05:30"), tenAM.advanced(byMilliseconds: 250))
        XCTAssertEqual(Instant(iso8601: "2026-11-21T10:00:00+00:00"), tenAM)
        XCTAssertEqual(Instant(iso8601: "2026-11-22T00:30:00+14:30"), tenAM)
    }

    func testRejectsMalformedOrImpossibleTimes() {
        for text in ["", "2026-11-21", "2026-11-21T10:00:00", "2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z",
                     "2026-11-21T24:00:00Z", "2026-11-21T10:00:00.Z", "2026-11-21T10:00:00.1234567890Z",
                     "2026-11-21T10:00:00Zjunk", "2026-11-21 10:00:00Z", "2026-11-21T10:00:00+1:00",
                     "2026-11-21T10:00:00+0100", "2026-11-21T10:00:00+01:60", "2026-11-21T10:00:00+24:00",
                     "2026-11-21T10:00:00+01:00Z", "2026-11-21T10:00:00+01:00junk", "2026-11-21T10:00:00-"] {
            XCTAssertNil(Instant(iso8601: text), text)
        }
    }
}
