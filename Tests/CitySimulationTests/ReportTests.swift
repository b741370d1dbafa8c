import CitySimulation
import EventLogTestSupport
import Foundation
import XCTest

final class ReportTests: XCTestCase {
    private func makeReport() throws -> Report {
        let summary = try SimulationRun.replay(smallRunLog(riders: 60, drivers: 10, hours: 1, seed: 3))
        return Report(summary: summary, events: 1_000, wallSeconds: 1, peakResidentMegabytes: 10)
    }

    /// A report file that cannot be written whole (a disk that fills up under the page) is not
    /// left in part: the JSON written before it stays, and no page, empty or cut, is beside it.
    func test_aPageThatCannotBeWrittenWhole_leavesNoFile() throws {
        let report = try makeReport()
        let directory = TemporaryDirectory()
        let page = report.html.utf8.count
        let failure = withFileSizeLimit(page - 1) { Result { try report.write(to: directory.path("r.json")) } }
        XCTAssertThrowsError(try failure.get()) {
            XCTAssertTrue("\($0)".hasPrefix("\(directory.path("r.html")): cannot write the report ("), "\($0)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.url.path), ["r.json"])
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory.path("r.json")))))
    }

    /// A report file that is a link to a file (an earlier report's) is written there; the link stays.
    func test_aReportThatIsALink_isWrittenWhereItLeads() throws {
        let report = try makeReport()
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path("kept"), withIntermediateDirectories: false)
        try Data("an earlier page".utf8).write(to: URL(fileURLWithPath: directory.path("kept/page.html")))
        try FileManager.default.createSymbolicLink(atPath: directory.path("r.html"), withDestinationPath: directory.path("kept/page.html"))
        try report.write(to: directory.path("r.json"))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: directory.path("r.html")), directory.path("kept/page.html"))
        XCTAssertEqual(try String(contentsOfFile: directory.path("kept/page.html"), encoding: .utf8), report.html)
    }
}
