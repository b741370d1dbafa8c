// Test helper for the crash-safety test: appends batches forever with FULL durability and
// prints each acknowledged last sequence number on stdout, until it is killed.
import EventLog
import EventLogSQLite
import Foundation
import LedgerDemo
import PlatformKit

let arguments = CommandLine.arguments
guard arguments.count == 3, let seed = UInt64(arguments[2]) else {
    try? FileHandle.standardError.write(contentsOf: Data("usage: eventlog-crash-writer LOG SEED\n".utf8))
    exit(64)
}
do {
    let log = try SQLiteEventLog(path: arguments[1], clock: .live, options: SQLiteEventLogOptions(durability: .full, indexRunLength: 64))
    var workload = LedgerWorkload(seed: seed, accounts: 50, payloadSize: 120)
    var random = SeededGenerator(seed: seed)
    while true {
        let appended = try log.append(workload.next(Int.random(in: 1...40, using: &random)))
        // Unbuffered: a line is out as soon as the append is acknowledged.
        try? FileHandle.standardOutput.write(contentsOf: Data("\(appended.last!.sequence)\n".utf8))
    }
} catch {
    try? FileHandle.standardError.write(contentsOf: Data("eventlog-crash-writer: \(error)\n".utf8))
    exit(1)
}
