/// How many terminal columns text takes: two for wide East Asian characters and emoji, none for a
/// character made only of format characters (Unicode's `Cf`: U+200B, U+202E…), combining marks
/// (`Mn`, `Me`) or variation selectors, one for anything else.
///
/// Measure text after ``printable(_:)``: a control character never reaches a terminal.
public enum TerminalColumns {
    /// The columns of one character.
    public static func of(_ character: Character) -> Int {
        if character.isASCII { return 1 }
        let scalars = character.unicodeScalars
        if scalars.allSatisfy(isZeroWidth) { return 0 }
        return scalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F || isWide($0.value) } ? 2 : 1
    }

    /// The columns of `text`.
    public static func of(_ text: some StringProtocol) -> Int {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The longest start of `text` that fits in `width` columns.
    public static func prefix(_ text: Substring, fitting width: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        while end < text.endIndex {
            used += of(text[end])
            if used > width { break }
            end = text.index(after: end)
        }
        return text[..<end]
    }

    /// `text` cut to at most `width` columns, ending in `…` where it was cut.
    public static func truncated(_ text: String, to width: Int) -> String {
        of(text) <= width ? text : String(prefix(Substring(text), fitting: max(0, width - 1))) + "…"
    }

    /// `text` with spaces after it up to `width` columns.
    public static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - of(text)))
    }

    /// `text` with line breaks and tabs as spaces and every other scalar that
    /// ``Unicode/Scalar/disruptsTerminalLine`` as `�`: a server's text must not move the cursor,
    /// send escape sequences to the terminal or reorder the line.
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: \.disruptsTerminalLine) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            guard scalar.disruptsTerminalLine else { return scalar }
            return scalar == "\n" || scalar == "\r" || scalar == "\t" ? " " : "\u{FFFD}"
        }))
    }

    /// A format character, a combining mark or a variation selector (category `Mn`): drawn over
    /// its neighbour or not at all.
    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .format, .nonspacingMark, .enclosingMark: true
        default: false
        }
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
