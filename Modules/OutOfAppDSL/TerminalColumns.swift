import PlatformKit

/// How many terminal columns text takes: two for wide East Asian characters and emoji, one for
/// anything else. Control characters never reach a terminal: `printable` replaces them.
enum TerminalColumns {
    /// The columns of one character.
    static func of(_ character: Character) -> Int {
        character.unicodeScalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F || isWide($0.value) } ? 2 : 1
    }

    /// The columns of `text`.
    static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    /// The longest start of `text` that fits in `width` columns.
    static func prefix(_ text: Substring, fitting width: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        while end < text.endIndex {
            used += of(text[end])
            if used > width { break }
            end = text.index(after: end)
        }
        return text[..<end]
    }

    /// `text` with line breaks and tabs as spaces and other control characters as `�`: a
    /// server's text must not move the cursor or send escape sequences to the terminal.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            guard isControl(scalar) else { return scalar }
            return scalar == "\n" || scalar == "\r" || scalar == "\t" ? " " : "\u{FFFD}"
        }))
    }

    /// A control character, or a line or paragraph separator: all break a drawn line.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isControlCharacter || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    /// East Asian Wide and Fullwidth blocks (Unicode's EastAsianWidth W and F, by block).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            true
        default:
            false
        }
    }
}
