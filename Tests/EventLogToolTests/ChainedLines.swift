import EventLog
import EventLogSQLite
@testable import EventLogTool
import Foundation
import PlatformKit

/// Export lines for events on `streams` (one each, of type `x.y` unless `change` sets it
/// otherwise), numbered from 1 and hash-chained as `eventlog export` writes them: crafted import
/// input that only the checks of its content refuse.
func chainedLines(_ streams: [String], _ change: (Int, inout RecordedEvent) -> Void = { _, _ in }) throws -> [String] {
    var chain = HashChain()
    var previous = HashChain.genesis
    var positions: [String: Int64] = [:]
    return try streams.enumerated().map { index, stream in
        positions[stream, default: 0] += 1
        var event = RecordedEvent(
            sequence: Int64(index + 1), streamID: stream, position: positions[stream]!, type: "x.y", schemaVersion: 1,
            recordedAt: Instant(millisecondsSinceEpoch: 1_790_000_000_000), correlationID: nil, causationID: nil, idempotencyKey: nil, payload: [1]
        )
        change(index, &event)
        previous = chain.hash(event, previous: previous)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(ExportLine(event, hash: previous)), as: UTF8.self)
    }
}
