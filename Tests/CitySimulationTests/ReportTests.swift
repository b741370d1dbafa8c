import CitySimulation
import EventLogTestSupport
import Foundation
import XCTest

final class ReportTests: XCTestCase {
    private func makeReport() throws -> Report {
        let summary = try SimulationRun.replay(smallRunLog(riders: 60, drivers: 10, hours: 1, seed: 3))
        return Report(summary: summary, events: 1_000, wallSeconds: 1, peakResidentMegabytes: 10)
    }

    /// A report that cannot be written whole (a disk that fills up under the page) is not left
    /// in part: the page goes first, and the older pair stays as it was, with nothing beside it.
    func test_aPageThatCannotBeWrittenWhole_leavesTheOlderPairAsItWas() throws {
        let report = try makeReport()
        let directory = TemporaryDirectory()
        let (json, page) = (URL(fileURLWithPath: directory.path("r.json")), URL(fileURLWithPath: directory.path("r.html")))
        try Data("older json".utf8).write(to: json)
        try Data("older page".utf8).write(to: page)
        let failure = withFileSizeLimit(report.html.utf8.count - 1) { Result { try report.write(to: json.path) } }
        XCTAssertThrowsError(try failure.get()) {
            XCTAssertTrue("\($0)".hasPrefix("\(page.path): cannot write the report ("), "\($0)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).sorted(), ["r.html", "r.json"])
        XCTAssertEqual(try String(contentsOf: json, encoding: .utf8), "older json")
        XCTAssertEqual(try String(contentsOf: page, encoding: .utf8), "older page")
    }

    /// A report written over an older one keeps its permissions.
    func test_aReportWrittenOverAnOlderOne_keepsItsPermissions() throws {
        let report = try makeReport()
        let directory = TemporaryDirectory()
        let json = directory.path("r.json")
        try Data("older".utf8).write(to: URL(fileURLWithPath: json))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: json)
        try report.write(to: json)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: json)[.posixPermissions] as? Int, 0o640)
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

    /// A report file that is a link to a file not made yet makes that file; the link stays.
    func test_aReportThatIsALinkToNoFileYet_makesTheFileItLeadsTo() throws {
        let report = try makeReport()
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory.path("kept"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: directory.path("r.json"), withDestinationPath: "kept/report.json")
        try report.write(to: directory.path("r.json"))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: directory.path("r.json")), "kept/report.json")
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory.path("kept/report.json")))))
    }
}
