import PlatformKit
import Dispatch
import EventLog
import Synchronization

/// The outcome of ``SQLiteEventLog/verify(projections:progress:)``.
public struct VerificationReport: Sendable {
    /// The first problem found: what is wrong and at which sequence number.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var sequence: Int64?
        public var message: String
        public var description: String {
            sequence.map { "sequence \($0): \(message)" } ?? message
        }
    }

    public var eventsChecked: Int64 = 0
    public var snapshotsChecked = 0
    /// Projections replayed from the start and compared with their snapshots (those with any).
    public var projectionsReplayed: [String] = []
    /// The state at the end of the log of each projection in ``projectionsReplayed``, by name
    /// (a `Projection.State`).
    public internal(set) var states: [String: any Sendable] = [:]
    public var problem: Problem?

    public var isValid: Bool { problem == nil }
}

extension SQLiteEventLog {
    /// Checks the gapless sequence, stream positions, the hash chain, the stream index (``IndexCheck``), every snapshot's checksum
    /// and, for each projection given that has snapshots, that replaying it from the start
    /// reproduces each of them; the report then holds its state at the end of the log.
    ///
    /// The checks run concurrently, one per core. The report names the earliest problem (the
    /// lowest sequence number; at the same one, the events' before a snapshot's): each check
    /// stops once it is past a problem another found. `progress` gets (the sequence number the
    /// checks have reached on average, the last sequence number), from one thread at a time
    /// while `verify` runs.
    public func verify(projections: [any Projection] = [], progress: ((Int64, Int64) -> Void)? = nil) throws -> VerificationReport {
        let last = try lastSequence()
        let snapshots = try allSnapshots()
        let withSnapshots = Set(snapshots.map(\.projection))
        let replayed = projections.filter { withSnapshots.contains($0.name) }
        let checkedByReplays = Set(replayed.map { ProjectionKey(name: $0.name, version: $0.version) })
        let others = snapshots.filter { !checkedByReplays.contains(ProjectionKey(name: $0.projection, version: $0.projectionVersion)) }

        let earliest = Atomic<Int64>(.max)
        let progress = VerificationProgress(checks: replayed.count + 2, last: last, report: progress)
        /// What check number `check` asks before each event: whether it is past a problem found.
        /// It tells its progress on the way.
        @Sendable func stop(_ check: Int) -> (Int64) -> Bool {
            var next = VerificationProgress.interval
            return { sequence in
                if sequence >= next {
                    progress.check(check, reached: sequence)
                    next = sequence + VerificationProgress.interval
                }
                return sequence > earliest.load(ordering: .relaxed)
            }
        }
        typealias Check = @Sendable () throws -> VerificationReport
        let checks: [Check] =
            [{ try self.verifyEvents(upTo: last, stop: stop(0)) }]
            + replayed.enumerated().map { index, projection -> Check in
                { try self.verifyReplay(of: projection, upTo: last, stop: stop(index + 1)) }
            }
            + [{ try self.verifyLoading(others, upTo: last, stop: stop(replayed.count + 1)) }]
        // The events' check first, then the longest replays, so that none is left alone at the end.
        let order = [0] + Self.largestFirst(replayed, snapshots).map { $0 + 1 } + [checks.count - 1]

        let results = Mutex([Result<VerificationReport, any Error>?](repeating: nil, count: checks.count))
        DispatchQueue.concurrentPerform(iterations: checks.count) { turn in
            let index = order[turn]
            let result = Result { try checks[index]() }
            if case .success(let report) = result, let sequence = report.problem?.sequence {
                earliest.min(sequence, ordering: .relaxed)
            }
            results.withLock { $0[index] = result }
            progress.check(index, reached: last)
        }
        return try VerificationReport(merging: results.withLock { $0 }.map { try $0!.get() })
    }

    /// A projection's name and version: the snapshots its replay checks.
    private struct ProjectionKey: Hashable {
        var name: String
        var version: Int
    }

    /// The indices of `projections` by the size of their newest snapshot, largest first.
    private static func largestFirst(_ projections: [any Projection], _ snapshots: [SnapshotInfo]) -> [Int] {
        var newest: [String: SnapshotInfo] = [:]
        for snapshot in snapshots where snapshot.sequence >= newest[snapshot.projection]?.sequence ?? 0 {
            newest[snapshot.projection] = snapshot
        }
        let sizes = projections.map { newest[$0.name]?.stateSize ?? 0 }
        return sizes.indices.sorted { (sizes[$0], $1) > (sizes[$1], $0) }
    }

    /// The events' check: the sequence, stream positions, hash chain and stream index up to `last`.
    private func verifyEvents(upTo last: Int64, stop: (Int64) -> Bool) throws -> VerificationReport {
        var index = try reading(IndexCheck.init)
        let events = try verifyEvents(upTo: last, index: &index, stop: stop)
        // Where the index ends is wrong from an event on; an earlier problem in the events comes first.
        return VerificationReport(merging: [events, VerificationReport(problem: index.layoutProblem)])
    }

    private func verifyEvents(upTo last: Int64, index: inout IndexCheck, stop: (Int64) -> Bool) throws -> VerificationReport {
        var report = VerificationReport()
        var expected: Int64 = 1
        var previousHash = HashChain.genesis
        var chain = HashChain()
        var versions: [ExactString: Int64] = [:]
        struct Stop: Error {}
        do {
            try forEachRow(EventQuery(to: last)) { event, streamID, storedHash in
                if stop(event.sequence) { throw Stop() }
                if event.sequence != expected {
                    report.problem = .init(sequence: expected, message: "missing: the next stored event is \(event.sequence) (gap in the sequence)")
                    throw Stop()
                }
                let position = (versions[ExactString(event.streamID)] ?? 0) + 1
                if event.position != position {
                    report.problem = .init(sequence: event.sequence, message: "stream '\(event.streamID)' jumps to position \(event.position), expected \(position)")
                    throw Stop()
                }
                let hash = chain.hash(event, previous: previousHash)
                // A row stores its event's hash; a block its last event's, covering the block.
                if let storedHash, hash != storedHash.bytes {
                    let what = storedHash.coversFrom == event.sequence
                        ? "the stored event (\(event.type) on '\(event.streamID)')"
                        : "an event of the block of events \(storedHash.coversFrom)–\(event.sequence)"
                    report.problem = .init(sequence: storedHash.coversFrom, message: "hash chain broken: \(what) was changed or the chain was rewritten")
                    throw Stop()
                }
                if let problem = try index.check(event, streamID: streamID, pool) {
                    report.problem = problem
                    throw Stop()
                }
                versions[ExactString(event.streamID)] = position
                previousHash = hash
                expected += 1
                report.eventsChecked += 1
            }
        } catch is Stop {
            return report
        } catch {
            let unreadable = try unreadableEvent(error)
            // Events missing before an unreadable block are the earlier problem.
            report.problem = (unreadable.sequence ?? 0) > expected
                ? .init(sequence: expected, message: "missing: the next stored event is \(unreadable.sequence!) (gap in the sequence), and it is unreadable")
                : unreadable
            return report
        }
        if expected != last + 1 {
            report.problem = .init(sequence: expected, message: "missing: the log ends at \(expected - 1) but its last sequence is \(last)")
        }
        return report
    }

    /// Replays `projection` from the start, comparing each of its snapshots on the way.
    private func verifyReplay<P: Projection>(of projection: P, upTo last: Int64, stop: (Int64) -> Bool) throws -> VerificationReport {
        var report = VerificationReport()
        do {
            let replay = try projection.replayCheckingSnapshots(self, snapshots: self, upTo: last, stop: stop)
            report.snapshotsChecked = replay.snapshotsChecked
            report.problem = replay.mismatch.map { .init(sequence: $0.sequence, message: $0.message) }
            if let state = replay.state {
                report.projectionsReplayed = [projection.name]
                report.states[projection.name] = state
            }
        } catch {
            report.problem = try unreadableEvent(error)
        }
        return report
    }

    /// Loads each of `snapshots` (those no replay compares), which checks its checksum, after
    /// checking that none is damaged or outside the log ending at `last`.
    private func verifyLoading(_ snapshots: [SnapshotInfo], upTo last: Int64, stop: (Int64) -> Bool) throws -> VerificationReport {
        var report = VerificationReport()
        for snapshot in snapshots {
            guard let defect = snapshot.defect(inLogEndingAt: last) else { continue }
            report.problem = .init(sequence: nil, message: "snapshot \(snapshot.id): \(defect)")
            return report
        }
        for snapshot in snapshots.sorted(by: { $0.sequence < $1.sequence }) where !stop(snapshot.sequence) {
            do {
                _ = try loadState(snapshot)
                report.snapshotsChecked += 1
            } catch {
                report.problem = .init(sequence: snapshot.sequence, message: "\(snapshot.projection): \(error)")
                break
            }
        }
        return report
    }

    /// The problem an event that cannot be read back (a damaged compressed payload, say) makes;
    /// rethrows any other error.
    private func unreadableEvent(_ error: any Error) throws -> VerificationReport.Problem {
        guard let error = error as? EventLogError, case .corrupt(let sequence?) = error.code else { throw error }
        // The report names the file once, where it is shown.
        let message = error.message.hasPrefix("\(path): ") ? String(error.message.dropFirst(path.count + 2)) : error.message
        return .init(sequence: sequence, message: message)
    }
}

extension VerificationReport {
    /// The reports of concurrent checks as one: their counts and states, and the earliest
    /// problem (at the same sequence number, the first check's in `checks`; one without a
    /// sequence number comes after every other).
    init(merging checks: [VerificationReport]) {
        self.init()
        for check in checks {
            eventsChecked += check.eventsChecked
            snapshotsChecked += check.snapshotsChecked
            projectionsReplayed += check.projectionsReplayed
            states.merge(check.states) { first, _ in first }
            if let found = check.problem, problem.map({ (found.sequence ?? .max) < ($0.sequence ?? .max) }) ?? true {
                problem = found
            }
        }
    }
}
