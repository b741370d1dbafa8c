@testable import ActionCards
import EventLogTestSupport
import PlatformKit
import XCTest

/// A card session's `Codable`-free event encoders write exactly their `Codable` bytes.
final class EventEncodingTests: XCTestCase {
    private var random = SeededGenerator(seed: 71)

    private func text() -> String {
        String((0..<Int.random(in: 0...24, using: &random)).map { _ in "ab9é€ -_/".randomElement(using: &random)! })
    }

    private func number() -> Int { Int.random(in: -5...Int.max, using: &random) }
    private func flag() -> Bool { Bool.random(using: &random) }
    private func maybe(_ make: () -> String) -> String? { flag() ? make() : nil }

    func test_fastEncode_equalsCodable_forRandomEvents() throws {
        for _ in 0..<200 {
            try assertEncodesLikeCodable(ScreenPresented(screenID: text(), analyticsID: text(), reason: text(), screenView: number(), depth: number()))
            try assertEncodesLikeCodable(SessionDismissed(screenID: text()))
            try assertEncodesLikeCodable(CardImpression(analyticsID: text(), screenView: number(), cardID: text(), cardAnalyticsID: maybe(text)))
            try assertEncodesLikeCodable(CardTapped(analyticsID: text(), screenID: text(), cardID: text(), cardAnalyticsID: maybe(text), option: maybe(text)))
            try assertEncodesLikeCodable(TapIgnored(screenID: text(), cardID: text(), reason: text(), step: maybe(text)))
            try assertEncodesLikeCodable(UnknownCardReported(screenID: text(), cardID: text(), type: text(), replacedByFallback: flag()))
            try assertEncodesLikeCodable(ActionPerformed(screenID: text(), cardID: text(), actionType: text(), role: text()))
            try assertEncodesLikeCodable(FlowCompleted(actionType: text(), handler: text(), succeeded: flag(), detail: text()))
            try assertEncodesLikeCodable(ActionUnhandled(screenID: text(), cardID: text(), actionType: text(), app: text()))
            try assertEncodesLikeCodable(CardPendingChanged(screenID: text(), cardID: text(), pending: flag()))
            try assertEncodesLikeCodable(CardsUpdated(screenID: text(), cardIDs: (0..<Int.random(in: 0...4, using: &random)).map { _ in text() }))
            try assertEncodesLikeCodable(CardDataChanged(field: text(), value: maybe(text)))
            try assertEncodesLikeCodable(UserNotified(kind: text(), text: text()))
        }
    }
}
