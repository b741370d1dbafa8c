import EventLogTestSupport
import Foundation
import XCTest

/// Every command that reads a log opens it read-only: a log closed cleanly keeps every byte.
extension EventLogCLITests {
    func test_readingCommands_leaveTheLogByteForByte() throws {
        let log = try makeLedger()
        let before = try Data(contentsOf: URL(fileURLWithPath: log))
        let commands = [["info"], ["stats"], ["cat"], ["tail"], ["snapshots"], ["export"], ["verify"], ["replay", "--projection", "demo.ledger"]]
        for command in commands {
            let result = try runProcess(tool, [command[0], log] + command.dropFirst())
            XCTAssertEqual(result.status, 0, "\(command): \(result.error)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: log)), before, "\(command) changed the log")
        }
    }
}
