import EventLog

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
    public var problem: Problem?

    public var isValid: Bool { problem == nil }
}

extension SQLiteEventLog {
    /// Checks the gapless sequence, stream positions, the hash chain, every snapshot's checksum
    /// and, for each projection given, that replaying from the start reproduces its snapshots.
    ///
    /// Stops at the first problem. `progress` gets (events checked, last sequence).
    public func verify(projections: [any Projection] = [], progress: ((Int64, Int64) -> Void)? = nil) throws -> VerificationReport {
        var report = VerificationReport()
        let last = try lastSequence()
        report.problem = try verifyEvents(upTo: last, report: &report, progress: progress)
        if report.problem != nil { return report }
        for snapshot in try allSnapshots() {
            do {
                _ = try loadState(snapshot)
                report.snapshotsChecked += 1
            } catch {
                report.problem = .init(sequence: snapshot.sequence, message: "\(error)")
                return report
            }
        }
        for projection in projections where try !snapshots(of: projection.name).isEmpty {
            if let problem = try verifyReplay(of: projection) {
                report.problem = problem
                return report
            }
            report.projectionsReplayed.append(projection.name)
        }
        return report
    }

    private func verifyEvents(upTo last: Int64, report: inout VerificationReport, progress: ((Int64, Int64) -> Void)?) throws -> VerificationReport.Problem? {
        var expected: Int64 = 1
        var previousHash = HashChain.genesis
        var chain = HashChain()
        var versions: [String: Int64] = [:]
        var problem: VerificationReport.Problem?
        struct Stop: Error {}
        do {
            try forEachRow(EventQuery(to: last)) { event, storedHash in
                if event.sequence != expected {
                    problem = .init(sequence: expected, message: "missing: the next stored event is \(event.sequence) (gap in the sequence)")
                    throw Stop()
                }
                let position = (versions[event.streamID] ?? 0) + 1
                if event.position != position {
                    problem = .init(sequence: event.sequence, message: "stream '\(event.streamID)' jumps to position \(event.position), expected \(position)")
                    throw Stop()
                }
                let hash = chain.hash(event, previous: previousHash)
                if hash != storedHash {
                    problem = .init(sequence: event.sequence, message: "hash chain broken: the stored event (\(event.type) on '\(event.streamID)') was changed or the chain was rewritten")
                    throw Stop()
                }
                versions[event.streamID] = position
                previousHash = hash
                expected += 1
                report.eventsChecked += 1
                if report.eventsChecked % 65_536 == 0 { progress?(report.eventsChecked, last) }
            }
        } catch is Stop {
            return problem
        } catch let error as EventLogError {
            // An event that cannot be read back (e.g. a damaged compressed payload).
            guard case .corrupt(let sequence?) = error.code else { throw error }
            return .init(sequence: sequence, message: error.message)
        }
        progress?(report.eventsChecked, last)
        if expected != last + 1 {
            return .init(sequence: expected, message: "missing: the log ends at \(expected - 1) but its last sequence is \(last)")
        }
        return nil
    }

    /// Replays `projection` from the start and compares each of its snapshots on the way.
    private func verifyReplay<P: Projection>(of projection: P) throws -> VerificationReport.Problem? {
        let snapshots = try snapshots(of: projection.name)
            .filter { $0.projectionVersion == projection.version }
            .sorted { $0.sequence < $1.sequence }
        var state = projection.initialState
        var folded: Int64 = 0
        for snapshot in snapshots {
            _ = try projection.fold(self, into: &state, from: folded + 1, to: snapshot.sequence)
            folded = snapshot.sequence
            let stored = try projection.decodeState(loadState(snapshot))
            if stored != state {
                return .init(sequence: snapshot.sequence, message: "snapshot \(snapshot.id) of \(projection.name) differs from replaying the log from the start")
            }
        }
        return nil
    }
}
