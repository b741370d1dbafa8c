import DriverTrips
import Earnings
import EarningsService
import EventLog
import Foundation
import MembershipService
import OnboardingService
import OptimisticSync
import Synchronization
import TripService

/// Snapshots of the projections whose state one of the city's back ends (or the drivers' apps)
/// already holds.
///
/// A back end's state is the fold of the events it appended (it applies them as it decides), and
/// a driver's app's sync state the fold of its stream, so folding them again in
/// `PlatformProjections` would keep a second copy of the largest states (every account, every
/// driver's record). These are snapshotted from the back end or the apps instead, on the
/// simulation's thread between steps, when the state matches the log up to the sink's last
/// event; the snapshot is stored once that event is appended (the batches, and so the log, are
/// the same as without it). `eventlog verify` checks each against a replay of the log, like
/// every other snapshot.
final class ServiceSnapshots {
    /// A projection and where its current state is.
    struct Source {
        let projection: any Projection
        fileprivate let prepare: (any SnapshotStore, Int64) throws -> PreparedSnapshot
        fileprivate let state: () -> Any

        init<P: Projection>(_ projection: P, state: @escaping () -> P.State) {
            self.projection = projection
            prepare = { store, sequence in try store.prepareSnapshot(of: projection, state: state(), at: sequence) }
            self.state = state
        }
    }

    private let sources: [Source]
    private let store: any SnapshotStore
    private let policy: SnapshotPolicy
    /// Per source: the sequence and the encoded size of its last snapshot.
    private var last: [(sequence: Int64, size: Int)]
    /// Prepared snapshots not stored yet: one at a time, so the run holds one compressed state.
    private let unwritten = Atomic<Int>(0)

    init(_ sources: [Source], store: any SnapshotStore, policy: SnapshotPolicy) {
        self.sources = sources
        self.store = store
        self.policy = policy
        last = Array(repeating: (0, 0), count: sources.count)
    }

    /// The projections snapshotted here.
    var projections: [any Projection] { sources.map(\.projection) }

    /// Snapshots the first state the policy says is due at the sink's last event, unless the
    /// last one is still to be stored.
    func saveIfDue(_ sink: LogSink) throws {
        guard unwritten.load(ordering: .acquiring) == 0 else { return }
        let sequence = sink.lastAssignedSequence
        guard let index = last.indices.first(where: { policy.isDue(at: sequence, lastSnapshot: last[$0].sequence, lastSize: last[$0].size) }) else { return }
        // While a resumed run re-derives the stored prefix, its snapshots are stored already.
        if sink.isResuming {
            last[index].sequence = sequence
        } else {
            try save(index, sink)
        }
    }

    /// Snapshots every state now, one after the other (at the end of a run).
    func saveAll(_ sink: LogSink) throws {
        for index in sources.indices {
            try save(index, sink)
            try sink.flush()
        }
    }

    /// Snapshots source `index` at the sink's last event: the state is encoded and compressed
    /// now (in chunks, never whole), and stored once that event is appended.
    private func save(_ index: Int, _ sink: LogSink) throws {
        let (store, sequence) = (store, sink.lastAssignedSequence)
        let prepared = try sources[index].prepare(store, sequence)
        last[index] = (sequence, prepared.stateSize)
        unwritten.add(1, ordering: .relaxed)
        sink.afterBuffered { [self] in
            try store.saveSnapshot(prepared)
            unwritten.subtract(1, ordering: .releasing)
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
    /// The projections whose state one of the run's back ends, or the drivers' apps, hold.
    var backEndStates: [ServiceSnapshots.Source] {
        let (onboarding, driverApps, earnings, membership) = (onboarding, driverApps, earnings, membership)
        return [
            .init(OnboardingProjection()) { onboarding.serviceState },
            .init(TripServiceProjection()) { driverApps.serviceState },
            .init(OptimisticProjection<TripSync>()) { driverApps.clientStates },
            .init(EarningsProjection()) { earnings.ledger },
            .init(TrackerProjection()) { earnings.trackers },
            .init(MembershipProjection()) { membership.serverState },
        ]
    }
}
