import EventLog
import EventLogSQLite
import EventLogTestSupport
import Foundation
import PlatformKit
import XCTest

/// Names in the log are their UTF-8 bytes: "café" with U+00E9 and with "e" + U+0301 are two
/// streams, two types and two idempotency keys, which Swift's `String` takes for one.
final class ExactNameTests: XCTestCase {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"

    func test_namesEqualInSwiftButNotInBytes_areKeptApart_andTheLogVerifies() throws {
        XCTAssertEqual(composed, decomposed, "Swift compares by canonical equivalence")
        let directory = TemporaryDirectory()
        let path = directory.path("log.sqlite")
        let log = try makeLog(path)
        try log.append([NewEvent(streamID: composed, type: composed, payload: [1], idempotencyKey: composed)])
        let second = try log.append([NewEvent(streamID: decomposed, type: decomposed, payload: [2], idempotencyKey: decomposed)])
        XCTAssertEqual(second.first?.isDuplicate, false, "another idempotency key")
        XCTAssertEqual(second.first?.position, 1, "another stream")
        try log.append([NewEvent(streamID: decomposed, type: decomposed, payload: [3], expectedPosition: 2)])

        let events = try log.events()
        XCTAssertEqual(events.map { Array($0.streamID.utf8) }, [Array(composed.utf8), Array(decomposed.utf8), Array(decomposed.utf8)])
        XCTAssertEqual(events.map { Array($0.type.utf8) }, [Array(composed.utf8), Array(decomposed.utf8), Array(decomposed.utf8)])
        XCTAssertEqual(try log.events(EventQuery(stream: decomposed)).map(\.sequence), [2, 3])
        XCTAssertEqual(try log.streamVersion(of: composed), 1)
        let report = try log.verify()
        XCTAssertNil(report.problem, report.problem?.message ?? "")
    }

    func test_theInMemoryLog_keepsThemApartToo() throws {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        try log.append([NewEvent(streamID: composed, type: composed, payload: [1], idempotencyKey: composed)])
        let second = try log.append([NewEvent(streamID: decomposed, type: decomposed, payload: [2], idempotencyKey: decomposed)])
        XCTAssertEqual(second.first?.isDuplicate, false)
        XCTAssertEqual(second.first?.position, 1)
        XCTAssertEqual(try log.events(EventQuery(stream: decomposed)).map(\.sequence), [2])
        XCTAssertEqual(try log.events(EventQuery(types: [decomposed])).map(\.sequence), [2])
    }
}
