import Foundation
import EventLog
import OptimisticSync
import PlatformKit
import TripContract
@testable import TripService
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
        let handled = service.takeEvents().filter { $0.event is DriverRequestHandled }
        XCTAssertEqual(handled.count, 3, "a retry was recorded as handled again")
    }

    func test_theReplayedService_answersRetriesLikeTheLiveOne() throws {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        var live = TripService()
        _ = live.handle(request("k1", TripKind.goOnline))
        try log.record(live.takeEvents())
        var replayed = TripService(state: try TripServiceProjection().replay(log).state)
        XCTAssertEqual(replayed.handle(request("k1", TripKind.goOnline)), live.handle(request("k1", TripKind.goOnline)))
    }

    func test_answersListTheRecentKeys_eventsDoNot_andTheFoldDerivesThem_fromVersion1Too() throws {
        var service = TripService()
        let keys = (0..<(TripServiceState.recentKeys + 3)).map { "k\($0)" }
        var answers: [SyncResponse<DriverState>] = []
        for key in keys { answers.append(service.handle(request(key, TripKind.goOnline))) }
        answers.append(service.handle(request("k-refused", TripKind.accept, [Parameter(TripParameter.trip, "trip-9")])))
        let recent = Array(keys.suffix(TripServiceState.recentKeys))
        guard case .accepted(let last, _) = answers[keys.count - 1], case .rejected(_, let refusedWith) = answers[keys.count] else {
            return XCTFail("unexpected answers \(answers.suffix(2))")
        }
        XCTAssertEqual(last.applied, recent)
        XCTAssertEqual(refusedWith.applied, recent)
        XCTAssertEqual(service.snapshot(for: "driver-7").applied, recent)

        let events = service.takeEvents()
        let handled = events.compactMap { $0.event as? DriverRequestHandled }
        XCTAssertEqual(handled.count, keys.count + 1)
        for event in handled {
            switch event.answer {
            case .accepted(let snapshot, _), .rejected(_, let snapshot): XCTAssertEqual(snapshot.applied, [], "event \(event.idempotencyKey)")
            default: XCTFail("unexpected answer \(event.answer)")
            }
        }

        // A log of version 2 events, and one of the same events as version 1 wrote them (each
        // accepted answer with the keys the service answered with): both fold to the live state.
        let log = InMemoryEventLog(clock: .constant(.epoch))
        try log.record(events)
        XCTAssertEqual(try log.events(.all).map(\.schemaVersion), Array(repeating: 2, count: handled.count))
        XCTAssertEqual(try TripServiceProjection().replay(log).state, service.state)
        let version1 = InMemoryEventLog(clock: .constant(.epoch))
        _ = try version1.append(zip(handled, answers).map { event, answer in
            var old = event
            old.answer = answer
            return NewEvent(
                streamID: TripService.streamID("driver-7"), type: DriverRequestHandled.eventType, schemaVersion: 1,
                payload: try BinaryEncoder().encode(old)
            )
        })
        XCTAssertEqual(try TripServiceProjection().replay(version1).state, service.state)
    }
}

/// A driver's record keeps the last `answerWindow` answers, oldest first, and reads back only
/// when its answers and their order agree.
final class TripServiceAnswerWindowTests: XCTestCase {
    func test_theRecord_keepsTheLastWindowOfKeys_inOrder() throws {
        var service = TripService()
        let keys = (0..<(TripServiceState.answerWindow + 5)).map { "k\($0)" }
        for key in keys {
            _ = service.handle(SyncRequest(clientID: "driver-7", request: OptimisticRequest(
                id: key, kind: TripKind.goOnline, idempotencyKey: key, parameters: [], submittedAt: .epoch
            )))
        }
        let record = try XCTUnwrap(service.state.drivers["driver-7"])
        XCTAssertEqual(record.answers.keys, keys.suffix(TripServiceState.answerWindow).map { "=\($0)" })
        XCTAssertNotNil(record.outcome(for: keys.last!, of: "driver-7"))
        XCTAssertNil(record.outcome(for: keys.first!, of: "driver-7"), "forgotten beyond the window")
    }

    func test_windowKeys_dropTheDriversOwnPrefix_andNeverCollide() {
        let keys = ["driver-7/r1", "/r1", "=/r1", "driver-70/r1", "driver-7", "driver-7/", "r1", "driver-8/r1"]
        let windowKeys = keys.map { TripServiceState.DriverRecord.windowKey($0, of: "driver-7") }
        XCTAssertEqual(windowKeys, ["/r1", "=/r1", "==/r1", "=driver-70/r1", "=driver-7", "/", "=r1", "=driver-8/r1"])
        XCTAssertEqual(Set(windowKeys).count, keys.count)
        var record = TripServiceState.DriverRecord()
        for (index, key) in keys.enumerated() { record.remember(.rejected(reason: "\(index)"), for: key, of: "driver-7") }
        for (index, key) in keys.enumerated() { XCTAssertEqual(record.outcome(for: key, of: "driver-7"), .rejected(reason: "\(index)")) }
        XCTAssertNil(record.outcome(for: "driver-7/r1", of: "driver-70"))
    }

    func test_aRecordWhoseOrderDisagreesWithItsAnswers_isRefused() throws {
        let record = Self.twoAnswers()
        XCTAssertEqual(try JSONDecoder().decode(TripServiceState.DriverRecord.self, from: JSONEncoder().encode(record)), record)
        var bytes = try BinaryEncoder().encode(record)
        XCTAssertEqual(try BinaryDecoder().decode(TripServiceState.DriverRecord.self, from: bytes), record)
        // The answer order comes last: name `k2` twice there and `k1` not at all.
        let k1 = Array("k1".utf8)
        let at = try XCTUnwrap((0...(bytes.count - 2)).last { bytes[$0..<$0 + 2].elementsEqual(k1) })
        bytes.replaceSubrange(at..<at + 2, with: Array("k2".utf8))
        for decoder in Self.decoders {
            XCTAssertThrowsError(try decoder.decode(TripServiceState.DriverRecord.self, from: bytes)) { error in
                XCTAssertTrue("\(error)".contains("answerOrder"), "\(error)")
            }
        }
    }

    func test_aRecordWhoseAnswersAreWrittenInAnotherOrder_readsInItsAnswerOrder() throws {
        let record = Self.twoAnswers()
        var bytes = try BinaryEncoder().encode(record)
        // The answer order comes last: swap its two keys.
        let (k1, k2) = (Array("=k1".utf8), Array("=k2".utf8))
        let at1 = try XCTUnwrap((0...(bytes.count - 3)).last { bytes[$0..<$0 + 3].elementsEqual(k1) })
        let at2 = try XCTUnwrap((0...(bytes.count - 3)).last { bytes[$0..<$0 + 3].elementsEqual(k2) })
        bytes.replaceSubrange(at1..<at1 + 3, with: k2)
        bytes.replaceSubrange(at2..<at2 + 3, with: k1)
        for decoder in Self.decoders {
            let decoded = try decoder.decode(TripServiceState.DriverRecord.self, from: bytes)
            XCTAssertEqual(decoded.answers.keys, ["=k2", "=k1"])
            XCTAssertEqual(decoded.answers["=k1"], .rejected(reason: "no"))
        }
    }

    /// A key held twice in the answers and in their order alike is refused, on both paths.
    func test_aRecordThatHoldsAKeyTwice_isRefused() throws {
        let record = Self.twoAnswers()
        var bytes = try BinaryEncoder().encode(record)
        let (k1, k2) = (Array("=k1".utf8), Array("=k2".utf8))
        for at in (0...(bytes.count - 3)).filter({ bytes[$0..<$0 + 3].elementsEqual(k1) }) { bytes.replaceSubrange(at..<at + 3, with: k2) }
        for decoder in Self.decoders {
            XCTAssertThrowsError(try decoder.decode(TripServiceState.DriverRecord.self, from: bytes))
        }
    }

    /// A key answered again keeps its place in the window, with the newer outcome.
    func test_aKeyAnsweredAgain_keepsItsPlace() {
        var record = TripServiceState.DriverRecord()
        for key in ["k1", "k2", "k3"] { record.remember(.rejected(reason: key), for: key, of: "d") }
        record.remember(TripServiceState.Outcome.malformed(reason: "again"), for: "k1", of: "d")
        XCTAssertEqual(record.answers.keys, ["=k1", "=k2", "=k3"])
        XCTAssertEqual(record.outcome(for: "k1", of: "d"), .malformed(reason: "again"))
        XCTAssertEqual(record.outcome(for: "k3", of: "d"), .rejected(reason: "k3"))
    }
    /// Long after the window filled, it holds the last keys with their own outcomes, and a snapshot
    /// of it reads back equal (the window is kept as its encoded answers).
    func test_aWindowLongInUse_holdsTheLastKeys_andReadsBackEqual() throws {
        var record = TripServiceState.DriverRecord()
        let keys = (0..<1_000).map { "driver-3/r\($0)" }
        for (index, key) in keys.enumerated() {
            record.remember(index % 3 == 0 ? .rejected(reason: "r\(index)") : .accepted(assignedIDs: []), for: key, of: "driver-3")
        }
        XCTAssertEqual(record.answers.count, TripServiceState.answerWindow)
        XCTAssertEqual(record.answers.keys, keys.suffix(TripServiceState.answerWindow).map { String($0.dropFirst("driver-3".count)) })
        XCTAssertEqual(record.outcome(for: "driver-3/r999", of: "driver-3"), .rejected(reason: "r999"))
        XCTAssertEqual(record.outcome(for: "driver-3/r998", of: "driver-3"), .accepted(assignedIDs: []))
        XCTAssertNil(record.outcome(for: "driver-3/r935", of: "driver-3"))
        let bytes = try BinaryEncoder().encode(record)
        for decoder in Self.decoders {
            XCTAssertEqual(try decoder.decode(TripServiceState.DriverRecord.self, from: bytes), record)
        }
        XCTAssertEqual(try JSONDecoder().decode(TripServiceState.DriverRecord.self, from: JSONEncoder().encode(record)), record)
    }

    /// An outcome that does not read (an unknown case) refuses the record, on both paths.
    func test_aRecordWithAnUnreadableOutcome_isRefused() throws {
        let record = Self.twoAnswers()
        var bytes = try BinaryEncoder().encode(record)
        let name = Array("malformed".utf8)
        let at = try XCTUnwrap((0...(bytes.count - name.count)).first { bytes[$0..<$0 + name.count].elementsEqual(name) })
        bytes[at] = UInt8(ascii: "n")
        for decoder in Self.decoders {
            XCTAssertThrowsError(try decoder.decode(TripServiceState.DriverRecord.self, from: bytes))
        }
    }

    /// A record that answered `k1` (rejected) and `k2` (malformed) of driver `d`.
    private static func twoAnswers() -> TripServiceState.DriverRecord {
        var record = TripServiceState.DriverRecord()
        record.remember(.rejected(reason: "no"), for: "k1", of: "d")
        record.remember(TripServiceState.Outcome.malformed(reason: "bad"), for: "k2", of: "d")
        return record
    }

    /// The decoder that reads records without `Codable`, and the one that reads them through it.
    private static var decoders: [BinaryDecoder] {
        var codable = BinaryDecoder()
        codable.usesBinaryDecodable = false
        return [BinaryDecoder(), codable]
    }
}
