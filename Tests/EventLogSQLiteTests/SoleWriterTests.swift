import EventLog
import EventLogSQLite
import EventLogTestSupport
import Foundation
import LedgerDemo
import XCTest

/// A log claimed by one instance as its only writer appends only right after that instance's own
/// previous append: another process's events there stop it, and nothing of its batch is written.
final class SoleWriterTests: XCTestCase {
    let directory = TemporaryDirectory()

    private func deposit(_ stream: String) throws -> NewEvent {
        try Deposited(account: "a", amount: 1, memo: "").newEvent(stream: stream)
    }

    func test_aClaimedLog_appendsAfterItsOwnEvents_andStopsAtAnotherWritersEvent() throws {
        let path = directory.path("log.sqlite")
        let run = try makeLog(path)
        let other = try makeLog(path)
        try other.append([deposit("before")])
        run.claimSoleWriter(after: 1)
        try run.append([deposit("run"), deposit("run")])
        try run.appendWithoutLandings(EventBatch([deposit("run")]))
        XCTAssertEqual(try run.lastSequence(), 4)

        try other.append([deposit("other")])
        XCTAssertThrowsError(try run.append([deposit("run"), deposit("run")])) { error in
            XCTAssertEqual((error as? EventLogError)?.code, .logEndConflict(expectedLastSequence: 4, actualLastSequence: 5))
            XCTAssertEqual((error as? EventLogError)?.message, "\(path): expected the log to end at sequence 4, but it ends at 5: another writer appended to it")
        }
        XCTAssertEqual(try run.lastSequence(), 5, "nothing of the refused batch is written")
        // It stays stopped: its state no longer matches the log.
        XCTAssertThrowsError(try run.append([deposit("run")]))
        // An unclaimed instance appends wherever the log ends.
        try other.append([deposit("other")])
        XCTAssertEqual(try other.lastSequence(), 6)
    }

    func test_claimingNewStreams_namesOneThatHasEvents_orClaimsWhereTheLogEnded() throws {
        let path = directory.path("log.sqlite")
        let log = try makeLog(path)
        try log.append([deposit("taken"), deposit("elsewhere")])
        XCTAssertEqual(try log.claimSoleWriter(ofNew: ["free", "taken"]), "taken")
        // Not claimed by the refusal: appends go wherever the log ends.
        try makeLog(path).append([deposit("x")])
        try log.append([deposit("y")])

        XCTAssertNil(try log.claimSoleWriter(ofNew: ["free", "also-free"]))
        try log.append([deposit("free")])
        try makeLog(path).append([deposit("also-free")])
        XCTAssertThrowsError(try log.append([deposit("free")]))
    }
}
