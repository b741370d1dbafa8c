import PlatformKit

/// The append rules every store shares: idempotency, optimistic concurrency, numbering.
///
/// Stores plan a batch against their current heads, then persist the plan.
package enum AppendPlanner {
    /// The events to write (with their sequence and position) and the result for every input event.
    ///
    /// - Parameters:
    ///   - storedEvent: looks up a stored event by idempotency key.
    ///   - streamVersion: the stream's current version.
    package static func plan(
        _ events: [NewEvent], after lastSequence: Int64, at now: Instant,
        storedEvent: (String) throws -> AppendedEvent?, streamVersion: (String) throws -> Int64
    ) throws -> (write: [RecordedEvent], result: [AppendedEvent]) {
        var heads: [String: Int64] = [:]
        var keysInBatch: [String: AppendedEvent] = [:]
        var write: [RecordedEvent] = []
        var result: [AppendedEvent] = []
        write.reserveCapacity(events.count)
        result.reserveCapacity(events.count)
        var sequence = lastSequence
        for event in events {
            try Self.validate(event)
            if let key = event.idempotencyKey {
                if let stored = try keysInBatch[key] ?? storedEvent(key) {
                    result.append(AppendedEvent(sequence: stored.sequence, streamID: stored.streamID, position: stored.position, isDuplicate: true))
                    continue
                }
            }
            let head = heads.index(forKey: event.streamID)
            let version = try head.map { heads.values[$0] } ?? streamVersion(event.streamID)
            if let expected = event.expectedPosition, expected != version + 1 {
                throw EventLogError.conflict(stream: event.streamID, expected: expected, actual: version)
            }
            sequence += 1
            if let head { heads.values[head] = version + 1 } else { heads[event.streamID] = version + 1 }
            let appended = AppendedEvent(sequence: sequence, streamID: event.streamID, position: version + 1, isDuplicate: false)
            if let key = event.idempotencyKey { keysInBatch[key] = appended }
            result.append(appended)
            write.append(RecordedEvent(
                sequence: sequence, streamID: event.streamID, position: version + 1, type: event.type,
                schemaVersion: event.schemaVersion, recordedAt: now, correlationID: event.correlationID,
                causationID: event.causationID, idempotencyKey: event.idempotencyKey, payload: event.payload
            ))
        }
        return (write, result)
    }

    private static func validate(_ event: NewEvent) throws {
        if event.streamID.isEmpty { throw EventLogError(.invalidInput, "event of type '\(event.type)': empty stream id") }
        if event.type.isEmpty { throw EventLogError(.invalidInput, "event on stream '\(event.streamID)': empty event type") }
        if event.schemaVersion < 1 {
            throw EventLogError(.invalidInput, "event '\(event.type)': schema version \(event.schemaVersion) must be at least 1")
        }
    }
}
