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
            maskMobile(count: bytes.count, head: String(decoding: bytes.prefix(2), as: UTF8.self), tail: String(decoding: bytes.suffix(2), as: UTF8.self))
        }) { return masked }
        let characters = Array(value)
        return maskMobile(count: characters.count, head: String(characters.prefix(2)), tail: String(characters.suffix(2)))
    }

    /// A number of `count` characters beginning with `head` and ending with `tail` (two each):
    /// all but those four hidden, or all of it when it is that short.
    private static func maskMobile(count: Int, head: String, tail: String) -> String {
        count > 5 ? head + String(repeating: "•", count: count - 4) + tail : String(repeating: "•", count: count)
    }

    static func maskEmail(_ value: String) -> String {
        guard let at = value.firstIndex(ofASCII: "@"), at > value.startIndex else { return String(repeating: "•", count: value.count) }
        return String(value[value.startIndex]) + "•••" + value[at...]
    }
}
