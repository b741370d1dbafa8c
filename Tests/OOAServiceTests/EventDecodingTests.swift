import EventLog
import EventLogTestSupport
@testable import OOAService
import OutOfAppDSL
import PlatformKit
import XCTest

/// The decisions' `Codable`-free encoders and decoders must agree with `Codable` on every value.
final class EventDecodingTests: XCTestCase {
    private var random = SeededGenerator(seed: 41)

    private func text() -> String {
        String((0..<Int.random(in: 0...24, using: &random)).map { _ in "trip-9é€ x".randomElement(using: &random)! })
    }

    private func instant() -> Instant {
        Instant(millisecondsSinceEpoch: Int64.random(in: -1_000_000_000_000...4_000_000_000_000, using: &random))
    }

    private func int() -> Int { Int.random(in: Int.min...Int.max, using: &random) }

    private func assertAgrees<E: Event & BinaryDecodable & BinaryEncodable & Equatable>(_ event: E, file: StaticString = #filePath, line: UInt = #line) throws {
        let bytes = try BinaryEncoder().encode(event)
        try assertEncodesLikeCodable(event, file: file, line: line)
        XCTAssertEqual(try BinaryKeyedReader.decode(E.self, from: bytes), event, file: file, line: line)
        XCTAssertEqual(try BinaryDecoder().decode(E.self, from: bytes), event, file: file, line: line)
    }

    func test_fastCoding_equalsCodable_forRandomDecisions() throws {
        for _ in 0..<500 {
            try assertAgrees(OOAPushSent(
                trip: text(), at: instant(), kind: PushKind.allCases.randomElement(using: &random)!,
                reason: PushReason.allCases.randomElement(using: &random)!, priority: PushPriority.allCases.randomElement(using: &random)!,
                phase: TripPhase.allCases.randomElement(using: &random)!, etaSeconds: int(), progressPerMille: int(), version: int(),
                coalesced: int(), rider: Bool.random(using: &random) ? text() : nil, notificationKey: text()
            ))
            try assertAgrees(OOAChangeHeld(trip: text(), at: instant(), how: OOAChangeHeld.How.allCases.randomElement(using: &random)!, until: instant()))
            try assertAgrees(OOAPushThrottled(trip: text(), at: instant(), until: instant()))
            try assertAgrees(OOAChangeDropped(trip: text(), at: instant(), reason: DropReason.allCases.randomElement(using: &random)!))
        }
    }

    /// The projection's state, snapshotted on the log writer's thread, with every kind of decision.
    func test_projectionState_encodesLikeCodable() throws {
        for count in [0, 1, 40] {
            var state = OOAProjection.State()
            (state.pushes, state.held, state.coalesced, state.throttled, state.dropped, state.ended) = (int(), int(), int(), int(), int(), int())
            for index in 0..<count {
                let decision: OOAProjection.Decision = switch index % 4 {
                case 0: .pushed(PushKind.allCases.randomElement(using: &random)!, PushReason.allCases.randomElement(using: &random)!)
                case 1: .held(OOAChangeHeld.How.allCases.randomElement(using: &random)!, until: instant())
                case 2: .throttled(until: instant())
                default: .dropped(DropReason.allCases.randomElement(using: &random)!)
                }
                state.activities["\(text())-\(index)"] = OOAProjection.Activity(
                    version: int(), phase: TripPhase.allCases.randomElement(using: &random)!, etaSeconds: int(), lastDecision: decision
                )
            }
            try assertEncodesLikeCodable(state)
        }
    }

    func test_fastDecode_refusesAnUnknownCase() throws {
        var bytes = try BinaryEncoder().encode(OOAChangeDropped(trip: "trip-1", at: .epoch, reason: .insignificant))
        let reason = Array("insignificant".utf8)
        let start = try XCTUnwrap(bytes.indices.first { Array(bytes[$0..<min(bytes.count, $0 + reason.count)]) == reason })
        bytes[start] = UInt8(ascii: "x")
        XCTAssertThrowsError(try BinaryKeyedReader.decode(OOAChangeDropped.self, from: bytes))
        XCTAssertThrowsError(try BinaryDecoder().decode(OOAChangeDropped.self, from: bytes))
    }
}
