import OnboardingContract
@testable import OnboardingService
import PlatformKit
import XCTest

/// The validators read a string whose every byte is a `Character` byte by byte; these laws check
/// that doing so decides exactly what walking its `Character`s decides.
final class ValidatorBytesTests: XCTestCase {
    /// Random text from pieces that matter to the checks, with and without bytes outside ASCII.
    private func texts(seed: UInt64, ascii: Bool, count: Int = 3_000) -> [String] {
        var generator = SeededGenerator(seed: seed)
        var pieces = ["a", "Z", "q", "0", "7", "+", "@", ".", "-", "(", ")", "'", " ", "\t", "\n", "x", "1", "example.com", "+1415"]
        if !ascii { pieces += ["é", "\r", "\r\n", "\u{301}", "ß", "\u{A0}", "١"] }
        return (0..<count).map { _ in
            (0..<Int.random(in: 0..<18, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
    }

    func test_bytePaths_decideAsTheCharacterPaths() {
        for text in texts(seed: 1, ascii: true) + ["a@b.c", "@b.c", "a@.c", "a@b.", "a@@b.c", String(repeating: "a", count: 51)] {
            let read: Void? = text.withSingleByteCharacters { bytes in
                XCTAssertEqual(Validators.isEmail(bytes), Validators.isEmail(text), text.debugDescription)
                XCTAssertEqual(Validators.nameProblem(bytes), Validators.nameProblem(text), text.debugDescription)
                XCTAssertEqual(Validators.compactMobileNumber(bytes), Validators.compactMobileNumber(text), text.debugDescription)
            }
            XCTAssertNotNil(read, text.debugDescription)
        }
    }

    /// Law: every validator and mask gives what its `Character`-walking form gave, on any text.
    func test_validatorsAndMasks_matchTheirCharacterForms() {
        let policy = FlowPolicy()
        for text in texts(seed: 2, ascii: true) + texts(seed: 3, ascii: false) {
            XCTAssertEqual(text.trimmingSpaces, Reference.trimmed(text), text.debugDescription)
            XCTAssertEqual(Validators.oneTimeCode(text, length: policy.codeLength).isSuccess, Reference.isCode(text, length: policy.codeLength), text.debugDescription)
            XCTAssertEqual(Validators.password(text, minLength: 8).errorCode, Reference.passwordError(text, minLength: 8), text.debugDescription)
            XCTAssertEqual(Masking.display(text, as: .mobileNumber), Reference.maskedMobile(text), text.debugDescription)
            XCTAssertEqual(Masking.display(text, as: .email), Reference.maskedEmail(text), text.debugDescription)
        }
    }
}

/// The checks as they were written over `Character`s.
private enum Reference {
    static func trimmed(_ value: String) -> String {
        guard let first = value.firstIndex(where: { !$0.isWhitespace }), let last = value.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(value[first...last])
    }

    static func isCode(_ value: String, length: Int) -> Bool {
        value.count == length && value.allSatisfy { $0.isASCII && $0.isNumber }
    }

    static func passwordError(_ value: String, minLength: Int) -> String? {
        if value.count < minLength { return "password.tooShort" }
        return value.contains(where: \.isLetter) && value.contains(where: \.isNumber) ? nil : "password.tooWeak"
    }

    static func maskedMobile(_ value: String) -> String {
        let characters = Array(value)
        guard characters.count > 5 else { return String(repeating: "•", count: characters.count) }
        return String(characters.prefix(2)) + String(repeating: "•", count: characters.count - 4) + String(characters.suffix(2))
    }

    static func maskedEmail(_ value: String) -> String {
        guard let at = value.firstIndex(of: "@"), at > value.startIndex else { return String(repeating: "•", count: value.count) }
        return String(value[value.startIndex]) + "•••" + value[at...]
    }
}

private extension Result<String, FieldError> {
    var isSuccess: Bool { (try? get()) != nil }
    var errorCode: String? {
        guard case .failure(let error) = self else { return nil }
        return error.code
    }
}
