import Dispatch
import EventLog
import Synchronization

/// Replays several projections of one log concurrently (each from its own newest snapshot), so
/// a replay takes about as long as its largest projection rather than the sum of all of them.
final class ParallelReplays<Log: EventLogReader>: @unchecked Sendable {
    /// One projection's state, once `run()` has returned.
    final class Result<State>: @unchecked Sendable {
        fileprivate var state: State?

        func get() throws -> State {
            guard let state else { throw SimulationError("replay did not run") }
            return state
        }
    }

    private let log: Log
    private let snapshots: (any SnapshotStore)?
    private let upTo: Int64?
    private var jobs: [() throws -> Void] = []

    init(log: Log, snapshots: (any SnapshotStore)?, upTo: Int64?) {
        self.log = log
        self.snapshots = snapshots
        self.upTo = upTo
    }

    /// Adds `projection`; its state is in the result after `run()`.
    func add<P: Projection>(_ projection: P) -> Result<P.State> {
        let result = Result<P.State>()
        jobs.append { [log, snapshots, upTo] in
            result.state = try projection.replay(log, snapshots: snapshots, upTo: upTo).state
        }
        return result
    }

    /// Runs every replay, all at once; throws the first error any of them threw.
    func run() throws {
        let failures = Mutex<[any Error]>([])
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            do { try self.jobs[index]() } catch { failures.withLock { $0.append(error) } }
        }
        if let first = failures.withLock({ $0.first }) { throw first }
    }
}
