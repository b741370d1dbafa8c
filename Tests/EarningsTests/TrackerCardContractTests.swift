import EventLog
import Foundation
import PlatformKit
import RealtimeAPI
import XCTest

/// The Real-time-API contract: every field, the unknown-case fallback, one bad payload drops one card.
final class TrackerCardContractTests: XCTestCase {
    func test_everyField_roundTripsThroughJSON_andTheLogCodec() throws {
        let json = try JSONEncoder().encode(everyField)
        XCTAssertEqual(try JSONDecoder().decode(TrackerCard.self, from: json), everyField)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: json) as? [String: Any])
        XCTAssertEqual(Set(object.keys), [
            "cardID", "priority", "isValid", "payload", "cardType", "expiresAt", "lastUpdatedAt", "outageState",
            "shouldForceSwitchStatusMode", "statusModePriority",
        ])
        XCTAssertEqual(object["cardType"] as? Int, 3, "CardType is coded as the seed's integer")
        XCTAssertNotNil((object["payload"] as? [String: Any])?["trackerRecentTripsCard"])
        XCTAssertEqual(try BinaryDecoder().decode(TrackerCard.self, from: BinaryEncoder().encode(everyField)), everyField)

        let minimal = TrackerCard(cardID: "x", priority: 1, payload: nil, cardType: nil)
        XCTAssertEqual(try JSONDecoder().decode(TrackerCard.self, from: JSONEncoder().encode(minimal)), minimal)
    }

    func test_everyPayloadVariant_roundTrips() throws {
        let payloads = everyPayload
        XCTAssertEqual(Set(payloads.map(\.kind)), Set(TrackerCardKind.allCases), "the test covers every variant")
        for payload in payloads {
            let data = try JSONEncoder().encode(payload)
            XCTAssertEqual(try JSONDecoder().decode(TrackerCardPayload.self, from: data), payload)
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
            XCTAssertEqual(Array(object.keys), [payload.kind.rawValue])
        }
    }

    func test_unknownCardType_decodesToUnknown() throws {
        for raw in ["1": CardType.browse, "2": .bulletin, "3": .browseAndBulletin, "4": .unknown, "5": .unknown, "0": .unknown, "-7": .unknown,
                    "\"BULLETIN\"": .bulletin, "\"SPARKLY\"": .unknown, "2.5": .unknown] {
            let list = try decodeCards(#"[{"cardID":"a","priority":1,"isValid":true,"cardType":\#(raw.key)}]"#)
            XCTAssertEqual(list.cards.first?.cardType, raw.value, "cardType \(raw.key)")
        }
        let outage = try decodeCards(#"[{"cardID":"a","priority":1,"isValid":true,"outageState":99}]"#)
        XCTAssertEqual(outage.cards.first?.outageState, .unknown)
    }

    func test_badPayload_dropsThatCardOnly_andSaysWhy() throws {
        let list = try decodeCards("""
        [
          {"cardID":"good-1","priority":1,"isValid":true,"cardType":1,"payload":{"trackerDailyEarningsCard":{"title":"Today"}}},
          {"cardID":"unknown-variant","priority":2,"isValid":true,"cardType":1,"payload":{"trackerSurgeCard":{"title":"Surge"}}},
          {"cardID":"malformed","priority":3,"isValid":true,"cardType":1,"payload":{"trackerDxGyProgressCard":{"title":"Q","programID":"q","completedTrips":"three","targetTrips":5}}},
          {"cardID":"empty","priority":4,"isValid":true,"cardType":1,"payload":{}},
          {"cardID":"two","priority":5,"isValid":true,"cardType":1,"payload":{"trackerDailyEarningsCard":{"title":"a"},"trackerWeeklyEarningsCard":{"title":"b"}}},
          {"cardID":"good-2","priority":6,"isValid":true,"cardType":2,"payload":{"trackerDxGyCompletionCard":{"title":"Q","programID":"q"}}},
          {"cardID":"negative","priority":7,"isValid":true,"cardType":1,"payload":{"trackerDxGyProgressCard":{"title":"Q","programID":"q","completedTrips":-1,"targetTrips":5}}},
          {"cardID":"no-target","priority":8,"isValid":true,"cardType":1,
           "payload":{"trackerNewDriverGuaranteeProgressCard":{"title":"G","programID":"g","completedTrips":3,"targetTrips":0}}}
        ]
        """)
        XCTAssertEqual(list.cards.map(\.cardID), ["good-1", "good-2"])
        XCTAssertEqual(list.dropped.map(\.cardID), ["unknown-variant", "malformed", "empty", "two", "negative", "no-target"])
        XCTAssertTrue(list.dropped[4].reason.hasSuffix("completedTrips: -1 trips: must be at least 0"), list.dropped[4].reason)
        XCTAssertTrue(list.dropped[5].reason.hasSuffix("targetTrips: 0 trips: must be at least 1"), list.dropped[5].reason)
        XCTAssertEqual(list.dropped[0].reason, "has unknown variant \"trackerSurgeCard\"")
        XCTAssertTrue(list.dropped[1].reason.contains("completedTrips"), list.dropped[1].reason)
        XCTAssertEqual(list.dropped[2].reason, "is empty")
        XCTAssertTrue(list.dropped[3].reason.hasPrefix("has 2 variants"), list.dropped[3].reason)
    }

    func test_missingRequiredField_failsTheList_namingCardAndField() throws {
        XCTAssertThrowsError(try decodeCards(#"[{"cardID":"a","priority":1,"isValid":true},{"cardID":"b","isValid":true}]"#)) { error in
            XCTAssertEqual("\(DecodingProblem(error))", "[1].priority: missing")
        }
        XCTAssertThrowsError(try decodeCards(#"[{"cardID":"a","priority":"high","isValid":true}]"#)) { error in
            XCTAssertEqual("\(DecodingProblem(error))", "[0].priority: expected a number")
        }
    }

    func test_timestamps_clampInsteadOfTrapping() {
        XCTAssertEqual(Instant(timestampInSec: 1_794_787_200), Instant(millisecondsSinceEpoch: 1_794_787_200_000))
        XCTAssertEqual(Instant(timestampInSec: .max), Instant(millisecondsSinceEpoch: .max))
        XCTAssertEqual(Instant(timestampInSec: .min), Instant(millisecondsSinceEpoch: .min))
        XCTAssertEqual(Instant(millisecondsSinceEpoch: -1).timestampInSec, -1, "rounded down")
        XCTAssertEqual(Instant(millisecondsSinceEpoch: 1_999).timestampInSec, 1)
    }
}
