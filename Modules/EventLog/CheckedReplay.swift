/// A replay from the start of the log that compared the projection's snapshots on the way.
public struct CheckedReplay<State: Sendable>: Sendable {
    /// A snapshot that does not load, or whose state differs from the replay's at its sequence.
    public struct Mismatch: Sendable, Equatable {
        /// The snapshot's sequence; nil for one that cannot be at any (see ``SnapshotInfo/defect(inLogEndingAt:)``).
        public var sequence: Int64?
        public var message: String
    }

    /// The state at the end of the replay; `nil` when it stopped early (a mismatch, or `stop`).
    public var state: State?
    /// Snapshots loaded and found equal to the replay.
    public var snapshotsChecked: Int
    /// The first snapshot that failed, which ended the replay.
    public var mismatch: Mismatch?
}

extension Projection {
    /// Replays from the start of `log` up to `upTo` (default: its end), comparing each of this
    /// projection's snapshots of its version in `snapshots`, oldest first, with the state folded
    /// up to its sequence. The first that does not load or differs ends the replay; one of any
    /// version that is damaged or outside the log ends it before it starts.
    ///
    /// `stop` is asked before each event with its sequence number: once it says yes the replay
    /// ends without a state (another check found an earlier problem, say).
    public func replayCheckingSnapshots(
        _ log: some EventLogReader, snapshots: some SnapshotStore, upTo: Int64? = nil, stop: (Int64) -> Bool = { _ in false }
    ) throws -> CheckedReplay<State> {
        let last = try log.lastSequence()
        let end = upTo ?? last
        let stored = try snapshots.snapshots(of: name)
        var replay = CheckedReplay<State>(state: nil, snapshotsChecked: 0)
        for snapshot in stored.sorted(by: { $0.id < $1.id }) {
            guard let defect = snapshot.defect(inLogEndingAt: last) else { continue }
            replay.mismatch = .init(sequence: nil, message: "snapshot \(snapshot.id) of \(name): \(defect)")
            return replay
        }
        let checkpoints = stored
            .filter { $0.projectionVersion == version && $0.sequence <= end }
            .sorted { $0.sequence < $1.sequence }
        var state = initialState
        var folded: Int64 = 0
        for snapshot in checkpoints {
            guard try fold(log, into: &state, from: folded + 1, to: snapshot.sequence, stop: stop) else { return replay }
            folded = snapshot.sequence
            let message: String
            do {
                if try decodeState(snapshots.loadState(snapshot)) == state {
                    replay.snapshotsChecked += 1
                    continue
                }
                message = "snapshot \(snapshot.id) of \(name) differs from replaying the log from the start"
            } catch {
                message = "\(name): \(error)"  // with the sequence; the store's errors name the id
            }
            replay.mismatch = .init(sequence: snapshot.sequence, message: message)
            return replay
        }
        guard try fold(log, into: &state, from: folded + 1, to: end, stop: stop) else { return replay }
        replay.state = state
        return replay
    }

    /// ``fold(_:into:from:to:)`` asking `stop` before each event; false if it stopped.
    private func fold(_ log: some EventLogReader, into state: inout State, from: Int64, to: Int64, stop: (Int64) -> Bool) throws -> Bool {
        do {
            _ = try fold(log, into: &state, from: from, to: to) { sequence in
                if stop(sequence) { throw Stopped() }
            }
            return true
        } catch is Stopped {
            return false
        }
    }
}

/// Ends a fold that was asked to stop.
private struct Stopped: Error {}
