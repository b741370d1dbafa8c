import ActionCards
import Foundation
import PlatformKit
import XCTest

/// A server's text in a drawn screen: wide characters, zero-width ones and control characters.
final class RenderingTests: XCTestCase {
    let screenJSON = #"""
    {"screenID": "s", "analyticsID": "s.v1", "title": "特典\u001b[2J",
     "mainCards": [
       {"id": "m", "type": "message", "title": "特典が失われます", "tone": "warning",
        "body": "会員特典はご利用期間の終了時に停止します。配達手数料と乗車割引が適用されなくなります。 🚕🚕 Pick\u200bup"},
       {"id": "e", "type": "message", "title": "evil\u001b[2J\nfake line", "body": "a\tb\u202Ec"},
       {"id": "t", "type": "richText", "text": "乗車割引が適用されなくなります。乗車割引が適用されなくなります。"},
       {"id": "k", "type": "keyValue", "key": "プラン", "value": "月額 🚕🚕🚕"},
       {"id": "r", "type": "radioOptionGroup", "options": [{"id": "a", "label": "高すぎる高すぎる高すぎる高すぎる高すぎる"}]},
       {"id": "b", "type": "button", "title": "会員をやめる会員をやめる会員をやめる会員をやめる"}
     ]}
    """#

    /// Characters were counted as one column each: CJK and emoji bent the message box and went
    /// past the width, and a control character in a title reached the terminal raw.
    func test_everyLineKeepsToTheWidthInColumns_boxRowsAreExactlyTheWidth_andNoControlCharacterIsDrawn() throws {
        let screen = try JSONDecoder().decode(CardScreenPresentation.self, from: Data(screenJSON.utf8))
        for width in [20, 33, 40, 47, 60] {
            let text = CardScreenPresenter(width: width).render(screen)
            let lines = text.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.filter { TerminalColumns.of($0) > width }, [], "at \(width):\n\(text)")
            let box = lines.filter { $0.hasPrefix("  |") || $0.hasPrefix("  +") }
            XCTAssertEqual(box.filter { TerminalColumns.of($0) != width }, [], "at \(width):\n\(text)")
            XCTAssertFalse(text.dropLast().unicodeScalars.contains { $0 != "\n" && $0.disruptsTerminalLine }, "at \(width):\n\(text)")
        }
        let drawn = CardScreenPresenter(width: 40).render(screen)
        XCTAssertTrue(drawn.contains("| 特典が失われます (warning)"), drawn)
        XCTAssertTrue(drawn.contains("evil\u{FFFD}[2J fake line"), drawn)
    }
}
