import EventLogTestSupport
import Foundation
import XCTest

/// Bad input to `earnings`: one line naming the file and JSON path (or the option), exit 1, no
/// log half-written; and the default "now".
extension EarningsCLITests {
    /// A cards file in the test's directory.
    func cardsFile(_ name: String, _ json: String) throws -> String {
        let path = directory.path(name)
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A card `a` with `fields` added (`"lastUpdatedAt": 1`).
    func cardJSON(_ id: String = "a", _ fields: String = "", payload: String = #"{"trackerDailyEarningsCard": {"title": "A"}}"#) -> String {
        #"{"cardID": "\#(id)", "priority": 1, "isValid": true, "cardType": 1, "payload": \#(payload)\#(fields.isEmpty ? "" : ", " + fields)}"#
    }

    /// A card dropped for its payload still counts toward "now" (it was left out: card a was shown
    /// at its own time, and a file of such cards said 1970).
    func test_tracker_now_countsCardsDroppedForTheirPayload() throws {
        let bad = #"{"trackerDxGyCompletionCard": {"title": "B"}}"#
        let file = try cardsFile("now.json", "[\(cardJSON("a", #""lastUpdatedAt": 1794823000, "expiresAt": 1794823500"#)), \(cardJSON("b", #""lastUpdatedAt": 1794824000"#, payload: bad))]")
        let result = try earnings("tracker", "--cards", file)
        XCTAssertEqual(result.status, 0, result.error)
        XCTAssertTrue(result.output.hasPrefix("now 2026-11-16T10:13:20.000Z"), result.output)
        XCTAssertTrue(result.output.contains("  a  [cards]  expired"), result.output)

        let onlyBad = try cardsFile("only-bad.json", "[\(cardJSON("b", #""lastUpdatedAt": 1794824000"#, payload: bad))]")
        XCTAssertTrue(try earnings("tracker", "--cards", onlyBad).output.hasPrefix("now 2026-11-16T10:13:20.000Z"))

        let timeless = try cardsFile("timeless.json", "[\(cardJSON())]")
        let refused = try earnings("tracker", "--cards", timeless)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(refused.error, "earnings: \(timeless): no lastUpdatedAt to take as now; give --now\n")
        XCTAssertEqual(try earnings("tracker", "--cards", timeless, "--now", "0").status, 0)
    }

    /// Times in the file are within years 0000–9999 like --now (Int64.max was clamped to year 292278994).
    func test_tracker_timeOutOfRange_isOneLineNamingTheFileAndPath() throws {
        let range = "out of range: Unix seconds must be within years 0000 to 9999 (-62167219200 to 253402300799)"
        for (fields, path) in [
            (#""lastUpdatedAt": 9223372036854775807"#, "[0].lastUpdatedAt"), (#""lastUpdatedAt": 1e18"#, "[0].lastUpdatedAt"),
            (#""lastUpdatedAt": 253402300800"#, "[0].lastUpdatedAt"), (#""expiresAt": -62167219201"#, "[0].expiresAt"),
        ] {
            let file = try cardsFile("time.json", "[\(cardJSON("a", fields))]")
            let result = try earnings("tracker", "--cards", file, "--now", "0")
            XCTAssertEqual(result.status, 1, fields)
            XCTAssertEqual(result.error, "earnings: \(file): \(path): \(range)\n")
            XCTAssertEqual(result.output, "")
        }
        let dropped = try cardsFile("dropped.json", "[\(cardJSON("a", #""lastUpdatedAt": 253402300800"#, payload: "{}"))]")
        XCTAssertEqual(try earnings("tracker", "--cards", dropped).error, "earnings: \(dropped): [0].lastUpdatedAt: \(range)\n", "a dropped card's time too")
        let service = try cardsFile("service.json", #"{"services": [{"service": "earnings", "outage": true, "lastUpdatedAt": 1000000000000000, "cards": []}]}"#)
        XCTAssertEqual(try earnings("tracker", "--cards", service).error, "earnings: \(service): services[0].lastUpdatedAt: \(range)\n")
        let fine = try cardsFile("fine.json", "[\(cardJSON("a", #""lastUpdatedAt": 253402300799, "expiresAt": -62167219200"#))]")
        XCTAssertEqual(try earnings("tracker", "--cards", fine).status, 0)
    }

    func test_tracker_emptyCardIDOrService_isOneLineNamingThePath() throws {
        let card = try cardsFile("card.json", "[\(cardJSON(""))]")
        let noCard = try earnings("tracker", "--cards", card, "--now", "0")
        XCTAssertEqual(noCard.status, 1)
        XCTAssertEqual(noCard.error, "earnings: \(card): [0].cardID: must not be empty\n")
        let service = try cardsFile("service.json", #"{"services": [{"service": "", "cards": []}]}"#)
        let noService = try earnings("tracker", "--cards", service, "--now", "0")
        XCTAssertEqual(noService.status, 1)
        XCTAssertEqual(noService.error, "earnings: \(service): services[0].service: must not be empty\n")
    }

    /// An offset that moves a time past years 0000–9999 in UTC is refused (it printed year 10000).
    func test_time_withAnOffset_isWithinYears0To9999InUTC() throws {
        for (time, utc) in [("9999-12-31T23:59:59-01:00", "10000-01-01T00:59:59.000Z"), ("0000-01-01T00:00:00+01:00", "-0001-12-31T23:00:00.000Z")] {
            let result = try earnings("tracker", "--cards", fixture("cards.json"), "--now", time)
            XCTAssertEqual(result.status, 1, time)
            XCTAssertEqual(result.error, "earnings: invalid time \"\(time)\": it is \(utc) in UTC, outside years 0000 to 9999\n")
        }
        XCTAssertEqual(try earnings("tracker", "--cards", fixture("cards.json"), "--now", "9999-12-31T23:59:59+01:00").status, 0)
    }

    /// A run whose trips could go past year 9999 is refused before the log is made (it wrote 18
    /// events, then failed, and the log could not be used again).
    func test_simulate_thatCouldEndPastYear9999_isRefusedUpFront() throws {
        let log = directory.path("late.sqlite")
        let late = try earnings("simulate", "--log", log, "--start", "9999-12-31T23:00:00Z", "--trips", "50")
        XCTAssertEqual(late.status, 1)
        XCTAssertEqual(late.error, "earnings: --start 9999-12-31T23:00:00Z: 50 trips up to 40 minutes apart may end after year 9999; start earlier or simulate fewer trips\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: log))
        let huge = try earnings("simulate", "--log", log, "--trips", "\(Int.max)")
        XCTAssertEqual(huge.status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: log))
        let fits = try earnings("simulate", "--log", log, "--start", "9999-12-31T22:00:00Z", "--trips", "1", "--drivers", "1")
        XCTAssertEqual(fits.status, 0, fits.error)
        XCTAssertTrue(fits.output.hasPrefix("1 trip for 1 driver, "), fits.output)
    }

    /// Counts of one are singular (`1 trips for 1 drivers`, `driver-1: 1 trips`).
    func test_replay_countsOneTripInTheSingular() throws {
        let log = directory.path("one.sqlite")
        XCTAssertEqual(try earnings("simulate", "--log", log, "--trips", "1", "--drivers", "1").status, 0)
        let replay = try earnings("replay", "--log", log, "--driver", "driver-1")
        XCTAssertEqual(replay.status, 0, replay.error)
        XCTAssertTrue(replay.output.hasPrefix("driver-1: 1 trip · "), replay.output)
    }
}
