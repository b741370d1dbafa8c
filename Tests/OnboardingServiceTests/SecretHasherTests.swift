import Crypto
import OnboardingContract
@testable import OnboardingService
import PlatformKit
import XCTest

/// Identifier keys are the first 16 bytes of HMAC-SHA256(pepper, type 0x00 value), in hex.
final class SecretHasherTests: XCTestCase {
    private func expectedKey(_ value: String, type: DataType, pepper: [UInt8]) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Array(type.rawValue.utf8) + [0] + Array(value.utf8), using: SymmetricKey(data: pepper))
        return String(Array(code).hexString.prefix(32))
    }

    func test_identifierKey_isTheTruncatedHMACOfTypeAndValue() {
        var hasher = SecretHasher(pepper: Array("pepper".utf8))
        for type in DataType.allCases {
            for value in ["", "+15550100", "é€ 👍", String(repeating: "x", count: 200)] {
                XCTAssertEqual(hasher.identifierKey(value, type: type), expectedKey(value, type: type, pepper: hasher.pepper))
            }
        }
        hasher.pepper = Array(repeating: 7, count: 100)
        XCTAssertEqual(hasher.identifierKey("a@b.c", type: .email), expectedKey("a@b.c", type: .email, pepper: hasher.pepper), "a changed pepper keys anew")
    }
}
