import PlatformKit
import XCTest

final class StringConcatenationTests: XCTestCase {
    /// Law: the result is the interpolation's, for any number and any text.
    func test_concatenation_isTheInterpolation() {
        var generator = SeededGenerator(seed: 5)
        var numbers = [0, 1, -1, 9, 10, -10, 99, 100, Int.max, Int.min, Int.max - 1, Int.min + 1]
        for _ in 0..<2_000 { numbers.append(Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0..<64, using: &generator)) }
        for number in numbers {
            XCTAssertEqual(String(concatenating: "rider-", number), "rider-\(number)")
            XCTAssertEqual(String(concatenating: "", number), "\(number)")
            XCTAssertEqual(String(concatenating: "onboarding-account-", number), "onboarding-account-\(number)")
        }
        for suffix in ["", "trip-7", "trip-123456789012345", "café-☕️", String(repeating: "x", count: 300)] {
            XCTAssertEqual(String(concatenating: "ooa-", suffix), "ooa-" + suffix)
            XCTAssertEqual(String(concatenating: "", suffix), suffix)
        }
    }
}
