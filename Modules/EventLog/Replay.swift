import Foundation

/// The state a replay reached, and how it got there.
public struct ReplayResult<State: Sendable>: Sendable {
    public var state: State
    /// The last sequence number the state covers.
    public var sequence: Int64
    /// The snapshot replay started from, `nil` for the start of the log.
    public var snapshot: SnapshotInfo?
    /// Events folded after the snapshot.
    public var eventsApplied: Int
    /// Snapshots that were skipped, and why (bad checksum, older projection version, …).
    public var warnings: [String]
}

/// Ranges at least this long are read ahead on a second thread.
private let readAheadThreshold: Int64 = 8_192

extension Projection {
    /// The state at sequence `upTo` (default: the end of the log).
    ///
    /// Starts from the newest valid snapshot at or before `upTo`, then folds the later events.
    /// A snapshot that is damaged or outside the log (``SnapshotInfo/defect(inLogEndingAt:)``),
    /// whose checksum fails, whose projection version changed or whose state does not decode is
    /// skipped with a warning; replay falls back to an older one or to the start.
    public func replay(
        _ log: some EventLogReader, snapshots: (any SnapshotStore)? = nil, upTo: Int64? = nil
    ) throws -> ReplayResult<State> {
        let last = try log.lastSequence()
        let end = upTo ?? last
        var warnings: [String] = []
        var start: (state: State, snapshot: SnapshotInfo)?
        for info in try snapshots?.snapshots(of: name) ?? [] {
            if let defect = info.defect(inLogEndingAt: last) {
                warnings.append("snapshot \(info.id) of \(name): \(defect); skipped")
                continue
            }
            guard info.sequence <= end else { continue }
            guard info.projectionVersion == version else {
                warnings.append("snapshot \(info.id) of \(name) at \(info.sequence): projection version \(info.projectionVersion), expected \(version); skipped")
                continue
            }
            do {
                let bytes = try snapshots!.loadState(info)
                start = (try decodeState(bytes), info)
                break
            } catch {
                warnings.append("snapshot \(info.id) of \(name) at \(info.sequence): \(error); skipped")
            }
        }
        var state = start?.state ?? initialState
        let applied = try fold(log, into: &state, from: (start?.snapshot.sequence ?? 0) + 1, to: end)
        return ReplayResult(state: state, sequence: end, snapshot: start?.snapshot, eventsApplied: applied, warnings: warnings)
    }

    /// Folds the events in `from...to` into `state`; returns how many were applied.
    ///
    /// Long ranges are read on a second thread while this one decodes and applies.
    public func fold(_ log: some EventLogReader, into state: inout State, from: Int64, to: Int64?) throws -> Int {
        try fold(log, into: &state, from: from, to: to) { _ in }
    }

    /// ``fold(_:into:from:to:)``, calling `willApply` with each event's sequence number before
    /// decoding and applying it (it may throw to end the fold).
    func fold(
        _ log: some EventLogReader, into state: inout State, from: Int64, to: Int64?, willApply: (Int64) throws -> Void
    ) throws -> Int {
        guard to.map({ from <= $0 }) ?? true else { return 0 }
        var decoder = EventRegistry.CachingDecoder(events)
        var applied = 0
        let query = EventQuery(from: from, to: to, types: decoder.registry.typeNames)
        let body = { (recorded: RecordedEvent) throws in
            try willApply(recorded.sequence)
            guard let event = try decoder.decode(recorded) else { return }
            apply(event, envelope: recorded, to: &state)
            applied += 1
        }
        if let to, to - from < readAheadThreshold {
            try log.forEach(query, body)
        } else {
            try ReadAhead(log, query).forEach(body)
        }
        return applied
    }

    /// `state` in the snapshot encoding.
    public func encodeState(_ state: State) throws -> [UInt8] {
        try withEncodedState(state) { [UInt8]($0) }
    }

    /// Calls `body` with `state` in the snapshot encoding, valid only during the call (a big state
    /// is not copied into an array).
    public func withEncodedState<R>(_ state: State, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        try BinaryEncoder().withEncoding(state, body)
    }

    /// `state` in the snapshot encoding, handed to `sink` in chunks of about `chunkSize` bytes. A
    /// `BinaryEncodable` state is never encoded whole (see
    /// ``BinaryEncoder/encode(_:inChunksOf:to:)``); any other is, then handed on.
    public func encodeState(_ state: State, inChunksOf chunkSize: Int, to sink: EncodedStateSink) throws {
        func chunked<E: BinaryEncodable>(_ state: E) throws {
            try BinaryEncoder().encode(state, inChunksOf: chunkSize, to: sink)
        }
        if let encodable = state as? any BinaryEncodable {
            try chunked(encodable)
        } else {
            try withEncodedState(state, sink.write)
        }
    }

    /// A state from the snapshot encoding. A `BinaryDecodable` state may keep parts of `bytes`
    /// rather than copy them (see ``BinaryKeyedReader/decode(_:sharing:)``).
    public func decodeState(_ bytes: [UInt8]) throws -> State {
        func shared<D: BinaryDecodable>(_: D.Type) throws -> State {
            _cast(try BinaryKeyedReader.decode(D.self, sharing: bytes), to: State.self)
        }
        guard let conformance = _BinaryDecodableTypes.conformance(of: State.self) else { return try BinaryDecoder().decode(State.self, from: bytes) }
        return try shared(conformance)
    }
}
