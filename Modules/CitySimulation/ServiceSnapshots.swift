import ActionCards
import DriverTrips
import Earnings
import EarningsService
import EventLog
import Foundation
import MembershipService
import OnboardingService
import OOAService
import OptimisticSync
import Synchronization
import TripService

/// Snapshots of every projection during a run, from where its state already is: one of the
/// city's back ends, the drivers' apps, or the sink's folds.
///
/// A back end's state is the fold of the events it appended (it applies them as it decides), and
/// a driver's app's sync state the fold of its stream, so folding them again would keep a second
/// copy of the largest states (every account, every driver's record); the few projections no
/// back end holds are folded by the sink as events are emitted. All are snapshotted on the
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

        /// `projection`, snapshotted from `view` (which encodes as its state does) instead of
        /// building the state: `state` is built for the summary only.
        init<P: Projection, View: BinaryEncodable>(_ projection: P, encodedAs view: @escaping () -> View, state: @escaping () -> P.State) {
            self.projection = projection
            prepare = { store, sequence in try store.prepareSnapshot(of: projection, encodedAs: view(), at: sequence) }
            self.state = state
        }

        /// `projection`, whose state `group` folds.
        static func folded<P: Projection>(_ projection: P, in group: ProjectionGroup) -> Source {
            precondition(group.state(of: P.self) != nil, "\(projection.name) is not folded by the group")
            return Source(projection) { group.state(of: P.self)! }
        }
    }

    private let sources: [Source]
    private let store: any SnapshotStore
    private let policy: SnapshotPolicy
    /// Per source: the sequence and the encoded size of its last snapshot.
    private var last: [(sequence: Int64, size: Int)] {
        didSet { scheduleNext() }
    }
    /// Per source: the sequence of the last snapshot this process queued (a resumed run's
    /// `last` may be one the killed run had yet to store).
    private var queued: [Int64]
    /// The source due first, and the sequence it is due at (checked between every two steps).
    private var next: (index: Int, due: Int64)?
    /// Prepared snapshots not stored yet: one at a time, so the run holds one compressed state.
    private let unwritten = Atomic<Int>(0)

    init(_ sources: [Source], store: any SnapshotStore, policy: SnapshotPolicy) {
        self.sources = sources
        self.store = store
        self.policy = policy
        last = Array(repeating: (0, 0), count: sources.count)
        queued = Array(repeating: -1, count: sources.count)
        scheduleNext()
    }

    /// Finds the source due first: the most overdue when several are, so that taking one
    /// snapshot at a time never starves the sources listed last.
    private func scheduleNext() {
        next = nil
        for (index, last) in last.enumerated() {
            guard let due = policy.dueSequence(lastSnapshot: last.sequence, lastSize: last.size) else { continue }
            if due < next?.due ?? .max { next = (index, due) }
        }
    }

    /// Snapshots the state due first, if it is due at the sink's last event, unless the last
    /// snapshot is still to be stored.
    func saveIfDue(_ sink: LogSink) throws {
        let sequence = sink.lastAssignedSequence
        guard let next, sequence >= next.due, unwritten.load(ordering: .acquiring) == 0 else { return }
        let index = next.index
        // While a resumed run re-derives the stored prefix, its snapshots are stored already.
        if sink.isResuming {
            last[index].sequence = sequence
        } else {
            try save(index, sink)
        }
    }

    /// Snapshots every state now, one after the other (at the end of a run), but those already
    /// snapshotted at the sink's last event: a resumed run's log may hold them (the run had ended,
    /// or was killed while storing them), and the run may have just taken one. Calls `stored`
    /// once each is stored: an error it throws stops there.
    func saveAll(_ sink: LogSink, stored: () throws -> Void) throws {
        let sequence = sink.lastAssignedSequence
        for index in sources.indices where try !isSnapshotted(index, at: sequence) {
            try save(index, sink)
            try sink.flush()
            try stored()
        }
    }

    /// Whether source `index` has a snapshot at `sequence`, stored or queued by this process.
    private func isSnapshotted(_ index: Int, at sequence: Int64) throws -> Bool {
        let projection = sources[index].projection
        return try queued[index] == sequence
            || store.snapshots(of: projection.name).contains { $0.sequence == sequence && $0.projectionVersion == projection.version }
    }

    /// Snapshots source `index` at the sink's last event, created at that event's time: the state
    /// is encoded and compressed now (in chunks, never whole), and stored once that event is appended.
    private func save(_ index: Int, _ sink: LogSink) throws {
        let (store, sequence) = (store, sink.lastAssignedSequence)
        var prepared = try sources[index].prepare(store, sequence)
        prepared.createdAt = sink.lastEventTime
        last[index] = (sequence, prepared.stateSize)
        queued[index] = sequence
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

/// Every projection's state at the end of a run, which the summary reads.
struct ServiceStates: ProjectionStates {
    private let states: [String: Any]

    fileprivate init(_ states: [String: Any]) {
        self.states = states
    }

    func state<P: Projection>(_ projection: P) throws -> P.State {
        guard let state = states[projection.name] as? P.State else { throw SimulationError("no state for projection \(projection.name)") }
        return state
    }
}

extension Simulation {
    /// The projections no back end holds, which the sink folds as the run emits its events.
    static var foldedOnEmit: [any Projection] { [CityProjection(), ActionCardsProjection()] }

    /// Where every projection's state is during the run: one of the run's back ends, the
    /// drivers' apps, or the sink's folds (in the order snapshots were first scheduled in).
    var snapshotSources: [ServiceSnapshots.Source] {
        let (onboarding, driverApps, earnings, membership, liveActivities, folds) = (onboarding, driverApps, earnings, membership, liveActivities, sink.folds)
        return [
            .init(OnboardingProjection()) { onboarding.serviceState },
            .init(TripServiceProjection()) { driverApps.serviceState },
            .init(OptimisticProjection<TripSync>(), encodedAs: { driverApps.clientStatesView }, state: { driverApps.clientStates }),
            .init(EarningsProjection()) { earnings.ledger },
            .init(TrackerProjection(), encodedAs: { earnings.packedTrackers() }, state: { earnings.trackers }),
            .init(MembershipProjection()) { membership.serverState },
        ] + Self.foldedOnEmit.map { .folded($0, in: folds) } + [
            .init(OOAProjection()) { liveActivities.projectionState },
        ]
    }
}
