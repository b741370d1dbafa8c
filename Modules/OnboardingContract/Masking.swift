import PlatformKit

/// How values are shown in logs and transcripts: secrets hidden, contact data masked.
public enum Masking {
    /// `+14155550123` → `+1•••••••23`; `ada@example.com` → `a•••@example.com`; secrets → `••••••`.
    public static func display(_ value: String, as type: DataType) -> String {
        if type.isSecret { return "••••••" }
        switch type {
        case .mobileNumber: return maskMobile(value)
        case .email: return maskEmail(value)
        default: return value
        }
    }

    static func maskMobile(_ value: String) -> String {
        if let masked = value.withSingleByteCharacters({ bytes in
            bytes.count > 5
                ? String(decoding: bytes.prefix(2), as: UTF8.self) + String(repeating: "•", count: bytes.count - 4)
                    + String(decoding: bytes.suffix(2), as: UTF8.self)
                : String(repeating: "•", count: bytes.count)
        }) { return masked }
        let characters = Array(value)
        guard characters.count > 5 else { return String(repeating: "•", count: characters.count) }
        return String(characters.prefix(2)) + String(repeating: "•", count: characters.count - 4) + String(characters.suffix(2))
    }

    static func maskEmail(_ value: String) -> String {
        guard let at = value.firstIndex(ofASCII: "@"), at > value.startIndex else { return String(repeating: "•", count: value.count) }
        return String(value[value.startIndex]) + "•••" + value[at...]
    }
}
