import OnboardingContract
import PlatformKit

/// Format checks per data type. Each returns at most one error naming its data type; the
/// machine aggregates them so one answer with three bad fields gets three errors.
public enum Validators {
    /// The normalized value, or the error for `value` as a `type` under `policy`.
    public static func validate(_ value: String, as type: DataType, policy: FlowPolicy) -> Result<String, FieldError> {
        let trimmed = value.trimmingSpaces
        switch type {
        case .mobileNumber: return mobileNumber(trimmed)
        case .email: return email(trimmed)
        case .socialToken: return socialToken(trimmed)
        case .oneTimeCode: return oneTimeCode(trimmed, length: policy.codeLength)
        case .firstName, .lastName: return name(trimmed, type: type)
        case .password: return password(value, minLength: policy.passwordMinLength)
        case .termsAccepted, .privacyConsent: return acceptance(trimmed, type: type)
        }
    }

    /// E.164: `+`, a non-zero digit, 8 to 15 digits in all; spaces, dashes and brackets are dropped.
    static func mobileNumber(_ value: String) -> Result<String, FieldError> {
        guard let compact = value.withSingleByteCharacters(compactMobileNumber) ?? compactMobileNumber(value) else {
            return .failure(FieldError(.mobileNumber, code: "mobileNumber.invalidFormat", message: "Enter a mobile number in international format, e.g. +14155550123."))
        }
        return .success(compact)
    }

    /// The number without spaces, dashes, brackets and dots, if it is then in E.164.
    static func compactMobileNumber(_ value: String) -> String? {
        let compact = value.filter { !" -().".contains($0) }
        let digits = compact.dropFirst()
        guard compact.first == "+", (8...15).contains(digits.count), digits.allSatisfy(\.isASCIIDigit), digits.first != "0" else { return nil }
        return compact
    }

    /// ``compactMobileNumber(_:)-(String)`` over the bytes of a string whose every byte is a `Character`.
    static func compactMobileNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let compact = bytes.filter { !" -().".utf8.contains($0) }
        let digits = compact.dropFirst()
        guard compact.first == UInt8(ascii: "+"), (8...15).contains(digits.count), digits.allSatisfy(\.isASCIIDigit),
              digits.first != UInt8(ascii: "0") else { return nil }
        return String(decoding: compact, as: UTF8.self)
    }

    static func email(_ value: String) -> Result<String, FieldError> {
        guard value.withSingleByteCharacters(isEmail) ?? isEmail(value) else {
            return .failure(FieldError(.email, code: "email.invalidFormat", message: "Enter an email address such as name@example.com."))
        }
        return .success(value.lowercased())
    }

    /// One `@` after a non-empty local part; a domain with a dot, not at either end; no
    /// whitespace; at most 254 characters.
    static func isEmail(_ value: String) -> Bool {
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !parts[1].hasPrefix(".")
            && !parts[1].hasSuffix(".") && !value.contains(where: \.isWhitespace) && value.count <= 254
    }

    /// ``isEmail(_:)-(String)`` over the bytes of a string whose every byte is a `Character`.
    static func isEmail(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")), at > 0 else { return false }
        let domain = bytes[(at + 1)...]
        return !domain.contains(UInt8(ascii: "@")) && domain.contains(UInt8(ascii: ".")) && domain.first != UInt8(ascii: ".")
            && domain.last != UInt8(ascii: ".") && !bytes.contains(where: \.isASCIIWhitespace) && bytes.count <= 254
    }

    static func socialToken(_ value: String) -> Result<String, FieldError> {
        let parts = value.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, ["apple", "google", "facebook"].contains(parts[0]), parts[1].count >= 8 else {
            return .failure(FieldError(.socialToken, code: "socialToken.invalid", message: "The social sign-in could not be verified."))
        }
        return .success(value)
    }

    static func oneTimeCode(_ value: String, length: Int) -> Result<String, FieldError> {
        let valid = value.withSingleByteCharacters { $0.count == length && $0.allSatisfy(\.isASCIIDigit) }
            ?? (value.count == length && value.allSatisfy(\.isASCIIDigit))
        guard valid else {
            return .failure(FieldError(.oneTimeCode, code: "oneTimeCode.invalidFormat", message: "Enter the \(length)-digit code we sent you."))
        }
        return .success(value)
    }

    static func name(_ value: String, type: DataType) -> Result<String, FieldError> {
        let field = type == .firstName ? "first name" : "last name"
        switch value.withSingleByteCharacters(nameProblem) ?? nameProblem(value) {
        case .empty?: return .failure(FieldError(type, code: "\(type.rawValue).empty", message: "Enter your \(field)."))
        case .tooLong?: return .failure(FieldError(type, code: "\(type.rawValue).tooLong", message: "Your \(field) can have at most 50 characters."))
        case .invalidCharacters?:
            return .failure(FieldError(type, code: "\(type.rawValue).invalidCharacters", message: "Your \(field) can only contain letters, spaces, apostrophes and hyphens."))
        case nil: return .success(value)
        }
    }

    /// What is wrong with a name, if anything.
    enum NameProblem {
        case empty, tooLong, invalidCharacters
    }

    /// A name has 1 to 50 characters: letters, spaces, apostrophes, hyphens and dots.
    static func nameProblem(_ value: String) -> NameProblem? {
        if value.isEmpty { return .empty }
        if value.count > 50 { return .tooLong }
        return value.allSatisfy({ $0.isLetter || " '-.".contains($0) }) ? nil : .invalidCharacters
    }

    /// ``nameProblem(_:)-(String)`` over the bytes of a string whose every byte is a `Character`.
    static func nameProblem(_ bytes: UnsafeBufferPointer<UInt8>) -> NameProblem? {
        if bytes.isEmpty { return .empty }
        if bytes.count > 50 { return .tooLong }
        return bytes.allSatisfy({ $0.isASCIILetter || " '-.".utf8.contains($0) }) ? nil : .invalidCharacters
    }

    static func password(_ value: String, minLength: Int) -> Result<String, FieldError> {
        let (count, hasLetter, hasNumber) = value.withSingleByteCharacters {
            ($0.count, $0.contains(where: \.isASCIILetter), $0.contains(where: \.isASCIIDigit))
        } ?? (value.count, value.contains(where: \.isLetter), value.contains(where: \.isNumber))
        if count < minLength {
            return .failure(FieldError(.password, code: "password.tooShort", message: "Use at least \(minLength) characters."))
        }
        guard hasLetter, hasNumber else {
            return .failure(FieldError(.password, code: "password.tooWeak", message: "Use letters and at least one digit."))
        }
        return .success(value)
    }

    static func acceptance(_ value: String, type: DataType) -> Result<String, FieldError> {
        guard ["yes", "true", "accepted"].contains(value.lowercased()) else {
            let what = type == .termsAccepted ? "the terms of use" : "the privacy notice"
            return .failure(FieldError(type, code: "\(type.rawValue).required", message: "Accept \(what) to continue."))
        }
        return .success("accepted")
    }
}

extension String {
    /// The string without leading and trailing whitespace.
    var trimmingSpaces: String {
        let trimmed = withSingleByteCharacters { bytes -> String? in
            guard let first = bytes.firstIndex(where: { !$0.isASCIIWhitespace }) else { return "" }
            let last = bytes.lastIndex(where: { !$0.isASCIIWhitespace })!
            if first == 0, last == bytes.count - 1 { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[first...last]), as: UTF8.self)
        }
        if let trimmed { return trimmed ?? self }
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
