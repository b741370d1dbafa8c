import PlatformKit
import XCTest

final class TerminalColumnsTests: XCTestCase {
    func test_wideCharactersAndEmoji_takeTwoColumns_othersOne() {
        XCTAssertEqual(TerminalColumns.of("Pickup"), 6)
        XCTAssertEqual(TerminalColumns.of("特典が失われます"), 16)
        XCTAssertEqual(TerminalColumns.of("🚕 ok"), 5)
        XCTAssertEqual(TerminalColumns.of("☺\u{FE0F}"), 2, "emoji presentation selected")
        XCTAssertEqual(TerminalColumns.of("Zoë Čapek"), 9)
    }

    /// U+200B and U+202E were one column each, so a frame row holding one was a column short.
    func test_formatCharactersCombiningMarksAndVariationSelectors_takeNoColumns() {
        XCTAssertEqual(TerminalColumns.of("Pick\u{200B}up"), 6)
        XCTAssertEqual(TerminalColumns.of("a\u{2060}b\u{202E}c\u{2066}"), 3)
        XCTAssertEqual(TerminalColumns.of("\u{0301}e\u{0301}\u{20DD}"), 1, "a mark alone, and marks on a letter")
        XCTAssertEqual(TerminalColumns.of("\u{FE0E}\u{FE0F}"), 0, "variation selectors alone")
    }

    func test_truncatedAndPadded_countColumns() {
        XCTAssertEqual(TerminalColumns.truncated("特典が失われます", to: 6), "特典…")
        XCTAssertEqual(TerminalColumns.truncated("特典が", to: 6), "特典が")
        XCTAssertEqual(TerminalColumns.prefix("a特典", fitting: 4), "a特")
        XCTAssertEqual(TerminalColumns.padded("特典", to: 6), "特典  ")
        XCTAssertEqual(TerminalColumns.padded("Pick\u{200B}up", to: 7), "Pick\u{200B}up ")
    }

    func test_printable_replacesWhatMovesTheCursorOrReordersTheLine() {
        XCTAssertEqual(TerminalColumns.printable("a\nb\tc\r\n\u{1B}[2J"), "a b c  \u{FFFD}[2J")
        XCTAssertEqual(TerminalColumns.printable("evil\u{202E}txt.exe\u{2069}\u{2028}"), "evil\u{FFFD}txt.exe\u{FFFD}\u{FFFD}")
        XCTAssertEqual(TerminalColumns.printable("Pick\u{200B}up 特典 e\u{301}"), "Pick\u{200B}up 特典 e\u{301}", "other format characters stay")
    }

    func test_disruptsTerminalLine_isControlsSeparatorsAndBidiOverrides() {
        let disrupting: [Unicode.Scalar] = ["\u{0}", "\n", "\u{1B}", "\u{7F}", "\u{85}", "\u{2028}", "\u{2029}", "\u{202A}", "\u{202E}", "\u{2066}", "\u{2069}"]
        let drawn: [Unicode.Scalar] = ["a", " ", "\u{200B}", "\u{200E}", "\u{2027}", "\u{202F}", "\u{2065}", "\u{206A}", "特"]
        XCTAssertEqual(disrupting.filter { !$0.disruptsTerminalLine }, [])
        XCTAssertEqual(drawn.filter(\.disruptsTerminalLine), [])
        XCTAssertEqual(["\u{9}", "\u{202E}", "\u{1F695}"].map { ($0 as Unicode.Scalar).codePoint }, ["U+0009", "U+202E", "U+1F695"])
    }
}
