import OnboardingContract

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
        let compact = value.filter { !" -().".contains($0) }
        let digits = compact.dropFirst()
        guard compact.first == "+", (8...15).contains(digits.count), digits.allSatisfy(\.isASCIIDigit), digits.first != "0" else {
            return .failure(FieldError(.mobileNumber, code: "mobileNumber.invalidFormat", message: "Enter a mobile number in international format, e.g. +14155550123."))
        }
        return .success(compact)
    }

    static func email(_ value: String) -> Result<String, FieldError> {
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."), !parts[1].hasSuffix("."),
              !value.contains(where: \.isWhitespace), value.count <= 254 else {
            return .failure(FieldError(.email, code: "email.invalidFormat", message: "Enter an email address such as name@example.com."))
        }
        return .success(value.lowercased())
    }

    static func socialToken(_ value: String) -> Result<String, FieldError> {
        let parts = value.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, ["apple", "google", "facebook"].contains(parts[0]), parts[1].count >= 8 else {
            return .failure(FieldError(.socialToken, code: "socialToken.invalid", message: "The social sign-in could not be verified."))
        }
        return .success(value)
    }

    static func oneTimeCode(_ value: String, length: Int) -> Result<String, FieldError> {
        guard value.count == length, value.allSatisfy(\.isASCIIDigit) else {
            return .failure(FieldError(.oneTimeCode, code: "oneTimeCode.invalidFormat", message: "Enter the \(length)-digit code we sent you."))
        }
        return .success(value)
    }

    static func name(_ value: String, type: DataType) -> Result<String, FieldError> {
        let field = type == .firstName ? "first name" : "last name"
        if value.isEmpty { return .failure(FieldError(type, code: "\(type.rawValue).empty", message: "Enter your \(field).")) }
        if value.count > 50 { return .failure(FieldError(type, code: "\(type.rawValue).tooLong", message: "Your \(field) can have at most 50 characters.")) }
        guard value.allSatisfy({ $0.isLetter || " '-.".contains($0) }) else {
            return .failure(FieldError(type, code: "\(type.rawValue).invalidCharacters", message: "Your \(field) can only contain letters, spaces, apostrophes and hyphens."))
        }
        return .success(value)
    }

    static func password(_ value: String, minLength: Int) -> Result<String, FieldError> {
        if value.count < minLength {
            return .failure(FieldError(.password, code: "password.tooShort", message: "Use at least \(minLength) characters."))
        }
        guard value.contains(where: \.isLetter), value.contains(where: \.isNumber) else {
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
    var trimmingSpaces: String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
