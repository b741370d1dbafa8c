import Earnings
import EarningsService
import EventLog
import OnboardingService
import TripService

/// Snapshots of the projections whose state one of the city's back ends already holds.
///
/// A back end's state is the fold of the events it appended (it applies them as it decides), so
/// folding them again in `PlatformProjections` would keep a second copy of the largest states
/// (every account, every driver's record). These are snapshotted from the back end instead, on
/// the simulation's thread between steps, when the state matches the log up to the sink's last
/// event; the snapshot is stored once that event is appended (the batches, and so the log, are
/// the same as without it). `eventlog verify` checks each against a replay of the log, like
/// every other snapshot.
final class ServiceSnapshots {
    /// A projection and where its current state is.
    struct Source {
        let projection: any Projection
        fileprivate let encode: () throws -> [UInt8]
        fileprivate let state: () -> Any

        init<P: Projection>(_ projection: P, state: @escaping () -> P.State) {
            self.projection = projection
            encode = { try projection.encodeState(state()) }
            self.state = state
        }
    }

    private let sources: [Source]
    private let store: any SnapshotStore
    private let policy: SnapshotPolicy
    private var lastSequence: Int64 = 0
    /// The encoded size of every state at the last snapshot.
    private var lastSize = 0

    init(_ sources: [Source], store: any SnapshotStore, policy: SnapshotPolicy) {
        self.sources = sources
        self.store = store
        self.policy = policy
    }

    /// The projections snapshotted here.
    var projections: [any Projection] { sources.map(\.projection) }

    /// Snapshots every state if the policy says so at the sink's last event.
    func saveIfDue(_ sink: LogSink) throws {
        let sequence = sink.lastAssignedSequence
        guard policy.isDue(at: sequence, lastSnapshot: lastSequence, lastSize: lastSize) else { return }
        lastSequence = sequence
        // While a resumed run re-derives the stored prefix, its snapshots are stored already.
        guard !sink.isResuming else { return }
        try save(sink)
    }

    /// Snapshots every state now, once everything emitted is appended.
    func save(_ sink: LogSink) throws {
        let store = self.store
        let sequence = sink.lastAssignedSequence
        let encoded = try sources.map { (projection: $0.projection, state: try $0.encode()) }
        lastSize = encoded.reduce(0) { $0 + $1.state.count }
        sink.afterBuffered {
            for (projection, state) in encoded {
                try store.saveSnapshot(projection: projection.name, version: projection.version, sequence: sequence, state: state)
            }
        }
    }

    /// The current states, for the summary.
    var states: ServiceStates {
        ServiceStates(Dictionary(uniqueKeysWithValues: sources.map { ($0.projection.name, $0.state()) }))
    }
}

/// The back ends' states at the end of a run, which the summary reads beside the projections'.
struct ServiceStates {
    private let states: [String: Any]

    fileprivate init(_ states: [String: Any]) {
        self.states = states
    }

    func state<P: Projection>(_ projection: P) -> P.State? {
        states[projection.name] as? P.State
    }
}

extension Simulation {
    /// The projections whose state one of the run's back ends holds.
    var backEndStates: [ServiceSnapshots.Source] {
        let (onboarding, driverApps, earnings) = (onboarding, driverApps, earnings)
        return [
            .init(OnboardingProjection()) { onboarding.serviceState },
            .init(TripServiceProjection()) { driverApps.serviceState },
            .init(EarningsProjection()) { earnings.ledger },
            .init(TrackerProjection()) { earnings.trackers },
        ]
    }
}
