import CommandLineSupport
import XCTest

/// The progress bar's line fits one row of the terminal: the bar shrinks, then the line is cut.
final class ProgressBarTests: XCTestCase {
    let text = "17% 2026-11-18 11:28 · 25936 events · 33642 events/s"

    func test_aWideTerminal_getsTheFullBar() {
        let line = ProgressBar.line("simulate", percent: 17, text: text, columns: 200)
        XCTAssertEqual(line, "simulate [#####.........................] " + text)
    }

    func test_an80ColumnTerminal_getsAShorterBar_andTheWholeText() {
        let line = ProgressBar.line("simulate", percent: 17, text: text, columns: 80)
        XCTAssertEqual(line.count, 79)
        XCTAssertTrue(line.hasSuffix(text), line)
        XCTAssertTrue(line.hasPrefix("simulate [##"), line)
    }

    func test_aNarrowTerminal_getsTenCells_andTheLineCut() {
        let line = ProgressBar.line("simulate", percent: 100, text: text, columns: 40)
        XCTAssertEqual(line, String("simulate [##########] \(text)".prefix(39)))
    }
}
