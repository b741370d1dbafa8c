@testable import Onboarding
import PlatformKit
import XCTest

/// A mobile number's calling code, over the bytes or the `Character`s, is the `Character` formula's.
final class CountryCodeTests: XCTestCase {
    private var random = SeededGenerator(seed: 73)

    /// The rule as the `Character` path states it: the numbers' first digit or two.
    private func reference(_ number: String) -> String {
        let digits = number.filter(\.isNumber)
        return "+" + digits.prefix(digits.first == "1" || digits.first == "7" ? 1 : 2)
    }

    func test_countryCode_isTheFirstDigitOrTwo_forAnyText() {
        let examples = ["+1 415 555 0100", "+7 495 000", "+49 30 1234", "+353 1 555", "", "+", "abc", "0", "17", "71", "4", "+٤٥ 123", "½1 2", "+4\r\n9"]
        for number in examples { XCTAssertEqual(Orchestrator.countryCode(number), reference(number), number) }
        let alphabet = Array("0123456789+ -()17٤½\r\né")
        for _ in 0..<2_000 {
            let number = String((0..<Int.random(in: 0...12, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            XCTAssertEqual(Orchestrator.countryCode(number), reference(number), number)
        }
    }
}
