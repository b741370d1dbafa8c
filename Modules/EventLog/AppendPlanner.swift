import PlatformKit

/// The append rules every store shares: idempotency, optimistic concurrency, numbering.
///
/// A store plans a batch event by event against its current heads, then persists each
/// planned event; the first error aborts the whole batch.
package struct AppendPlanner {
    /// What to do with one event.
    package enum Step {
        /// Its idempotency key is stored already: nothing to write.
        case duplicate(AppendedEvent)
        /// Write it with this sequence and position.
        case write(RecordedEvent)
    }

    /// The versions of the streams this batch appended to; nil when the caller keeps them. Names
    /// and keys are their bytes, as the log stores them (see `ExactString`).
    private var heads: [ExactString: Int64]?
    private var keysInBatch: [ExactString: AppendedEvent] = [:]
    private var sequence: Int64
    private let now: Instant

    /// A planner for a batch appended after `lastSequence`, recorded at `now` (an event that
    /// carries its own time keeps it). With
    /// `callerMovesHeads`, the caller moves a stream's version to each planned event's position
    /// before planning the next, so `streamVersion` is current and the planner keeps no heads.
    package init(after lastSequence: Int64, at now: Instant, callerMovesHeads: Bool = false) {
        self.sequence = lastSequence
        self.now = now
        heads = callerMovesHeads ? nil : [:]
    }

    /// Plans the next event of the batch; checks the type's bytes of an event it writes too
    /// (``place(streamID:type:schemaVersion:idempotencyKey:expectedPosition:recordedAt:storedEvent:streamVersion:)``
    /// leaves that to a caller that meets each type once: see ``requireStorable(_:as:)``).
    ///
    /// - Parameters:
    ///   - storedEvent: looks up a stored event by idempotency key.
    ///   - streamVersion: the stream's version before this batch (before this event, when the
    ///     caller moves the heads).
    package mutating func plan(
        _ event: NewEvent, storedEvent: (String) throws -> AppendedEvent?, streamVersion: (String) throws -> Int64
    ) throws -> Step {
        let placement = try place(
            streamID: event.streamID, type: event.type, schemaVersion: event.schemaVersion, idempotencyKey: event.idempotencyKey,
            expectedPosition: event.expectedPosition, recordedAt: event.recordedAt?.millisecondsSinceEpoch,
            storedEvent: storedEvent, streamVersion: streamVersion
        )
        switch placement {
        case .duplicate(let stored):
            return .duplicate(stored)
        case .write(let sequence, let position):
            // Where the SQLite store checks a type: for an event it writes (there, a type new to it).
            try Self.requireStorable(event.type, as: "event type")
            return .write(RecordedEvent(
                sequence: sequence, streamID: event.streamID, position: position, type: event.type,
                schemaVersion: event.schemaVersion, recordedAt: event.recordedAt ?? now, correlationID: event.correlationID,
                causationID: event.causationID, idempotencyKey: event.idempotencyKey, payload: event.payload
            ))
        }
    }

    /// Where the next event of the batch goes.
    package enum Placement {
        /// Its idempotency key is stored already: nothing to write.
        case duplicate(AppendedEvent)
        /// Write it with this sequence and position.
        case write(sequence: Int64, position: Int64)
    }

    /// Plans the next event of the batch from its envelope's fields, as ``plan(_:storedEvent:streamVersion:)``
    /// does, without building the event to write.
    package mutating func place(
        streamID: String, type: String, schemaVersion: Int, idempotencyKey: String?, expectedPosition: Int64?, recordedAt: Int64?,
        storedEvent: (String) throws -> AppendedEvent?, streamVersion: (String) throws -> Int64
    ) throws -> Placement {
        try Self.validate(streamID: streamID, type: type, schemaVersion: schemaVersion, idempotencyKey: idempotencyKey)
        // The event's own time, or the clock's: either way one an export can carry.
        let time = recordedAt ?? now.millisecondsSinceEpoch
        if !Instant.fourDigitYears.contains(Instant(millisecondsSinceEpoch: time)) {
            throw EventLogError(.invalidInput, "event '\(type)': its time \(Instant(millisecondsSinceEpoch: time)) is outside years 0000–9999")
        }
        if let key = idempotencyKey, let stored = try keysInBatch[ExactString(key)] ?? storedEvent(key) {
            return .duplicate(AppendedEvent(sequence: stored.sequence, streamID: stored.streamID, position: stored.position, isDuplicate: true))
        }
        let head = heads?.index(forKey: ExactString(streamID))
        let version = try head.map { heads!.values[$0] } ?? streamVersion(streamID)
        // A stream's name is checked once, when the stream is new.
        if version == 0 { try Self.requireStorable(streamID, as: "stream id") }
        if let expected = expectedPosition, expected != version + 1 {
            throw EventLogError.conflict(stream: streamID, expected: expected, actual: version)
        }
        sequence += 1
        if let head { heads!.values[head] = version + 1 } else { heads?[ExactString(streamID)] = version + 1 }
        if let key = idempotencyKey {
            keysInBatch[ExactString(key)] = AppendedEvent(sequence: sequence, streamID: streamID, position: version + 1, isDuplicate: false)
        }
        return .write(sequence: sequence, position: version + 1)
    }

    /// Throws unless the names are not empty, the schema version is at least 1 and the key is
    /// storable. The names' bytes are checked where they are new (``requireStorable(_:as:)``).
    package static func validate(streamID: String, type: String, schemaVersion: Int, idempotencyKey: String?) throws {
        if streamID.isEmpty { throw EventLogError(.invalidInput, "event of type '\(type)': empty stream id") }
        if type.isEmpty { throw EventLogError(.invalidInput, "event on stream '\(streamID)': empty event type") }
        if schemaVersion < 1 {
            throw EventLogError(.invalidInput, "event '\(type)': schema version \(schemaVersion) must be at least 1")
        }
        if let idempotencyKey { try requireStorable(idempotencyKey, as: "idempotency key") }
    }

    /// Throws if `text` (a stream id, event type or idempotency key, named by `field`) holds a NUL
    /// byte: a store keeps these as text that ends at the first one.
    package static func requireStorable(_ text: String, as field: String) throws {
        if text.utf8.contains(0) {
            throw EventLogError(.invalidInput, "\(field) \(text.debugDescription) contains a NUL character")
        }
    }
}

extension AppendedEvent {
    /// Where a planned event lands.
    package init(_ event: RecordedEvent) {
        self.init(sequence: event.sequence, streamID: event.streamID, position: event.position, isDuplicate: false)
    }
}
