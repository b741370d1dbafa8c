import EventLog
import EventLogSQLite
import Foundation
import PlatformKit

func makeLog(
    _ path: String, clock: Clock = .constant(.epoch), runLength: Int64 = 65_536, durability: Durability = .normal, cachedStreams: Int = 1_000_000,
    eventsPerBlock: Int = 32, compression: PayloadCompression? = nil
) throws -> SQLiteEventLog {
    try SQLiteEventLog(path: path, clock: clock, options: SQLiteEventLogOptions(
        durability: durability, indexRunLength: runLength, cachedStreams: cachedStreams, eventsPerBlock: eventsPerBlock, payloadCompression: compression
    ))
}

/// The path of `fixtures/eventlog/<name>`.
func fixture(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures/eventlog/\(name)").path
}
