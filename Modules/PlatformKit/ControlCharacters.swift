extension Unicode.Scalar {
    /// Whether this is a control character (Unicode's `Cc`: a line break, a tab, an escape…),
    /// which splits a line of text or moves a terminal's cursor.
    public var isControlCharacter: Bool { properties.generalCategory == .control }
}

extension StringProtocol {
    /// Whether the text holds a control character (``Unicode/Scalar/isControlCharacter``).
    public var containsControlCharacters: Bool { unicodeScalars.contains { $0.isControlCharacter } }
}
