extension Unicode.Scalar {
    /// Whether this is a control character (Unicode's `Cc`: a line break, a tab, an escape…),
    /// which splits a line of text or moves a terminal's cursor.
    public var isControlCharacter: Bool { properties.generalCategory == .control }

    /// The scalar as Unicode names it: `U+000A`, `U+1F695`.
    public var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension StringProtocol {
    /// Whether the text holds a control character (``Unicode/Scalar/isControlCharacter``).
    public var containsControlCharacters: Bool { unicodeScalars.contains { $0.isControlCharacter } }
}
