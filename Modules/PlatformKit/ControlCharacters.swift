extension Unicode.Scalar {
    /// Whether this is a control character (Unicode's `Cc`: a line break, a tab, an escape…),
    /// which splits a line of text or moves a terminal's cursor.
    public var isControlCharacter: Bool { properties.generalCategory == .control }

    /// Whether a terminal would not draw this in its place on the line: a control character, a
    /// line or paragraph separator (U+2028, U+2029), or a bidi embedding, override or isolate
    /// (U+202A–U+202E, U+2066–U+2069), which reorders the rest of the line. Validators refuse
    /// such text; renderers draw it through ``TerminalColumns/printable(_:)``.
    public var disruptsTerminalLine: Bool {
        isControlCharacter || (0x2028...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// The code point as Unicode writes it: `U+001B`, `U+202E`.
    public var codePoint: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension StringProtocol {
    /// Whether the text holds a control character (``Unicode/Scalar/isControlCharacter``).
    public var containsControlCharacters: Bool { unicodeScalars.contains { $0.isControlCharacter } }
}
