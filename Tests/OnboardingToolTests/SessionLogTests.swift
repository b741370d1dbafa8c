import EventLog
import EventLogSQLite
import EventLogTestSupport
import Foundation
import ArgumentParser
@testable import OnboardingTool
import PlatformKit
import XCTest

/// `--log`: the run's state is replayed from the log, so the log is claimed where it ended.
final class SessionLogTests: XCTestCase {
    func test_aRunsLog_stopsTheRun_whenAnotherProcessAppendsAfterItWasRead() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("log.sqlite")
        let other = try SQLiteEventLog(path: path, clock: .constant(.epoch))
        try other.append([NewEvent(streamID: "notes/1", type: "note.written", payload: [1])])

        let (log, end) = try SessionOptions.parse(["--log", path]).openLog()
        XCTAssertEqual(end, 1)
        try log.append([NewEvent(streamID: "run/1", type: "note.written", payload: [2])])
        try other.append([NewEvent(streamID: "notes/1", type: "note.written", payload: [3])])
        XCTAssertThrowsError(try log.append([NewEvent(streamID: "run/1", type: "note.written", payload: [4])])) { error in
            XCTAssertEqual((error as? EventLogError)?.code, .logEndConflict(expectedLastSequence: 2, actualLastSequence: 3))
        }
    }
}
