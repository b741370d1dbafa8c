import Foundation
import PlatformKit
import Synchronization

/// A log in memory with the same semantics as the SQLite store; for unit tests and simulations.
public final class InMemoryEventLog: EventLogStore, SnapshotStore, Sendable {
    private struct Storage {
        var events: [RecordedEvent] = []
        /// By their bytes, as the SQLite store keys them (see `ExactString`).
        var versions: [ExactString: Int64] = [:]
        var keys: [ExactString: AppendedEvent] = [:]
        var snapshots: [(info: SnapshotInfo, state: [UInt8])] = []
    }

    private let storage = Mutex(Storage())
    private let clock: Clock

    /// An empty log recording times from `clock`.
    public init(clock: Clock) {
        self.clock = clock
    }

    public func lastSequence() throws -> Int64 {
        storage.withLock { Int64($0.events.count) }
    }

    public func streamVersion(of stream: String) throws -> Int64 {
        storage.withLock { $0.versions[ExactString(stream)] ?? 0 }
    }

    public func forEach(_ query: EventQuery, _ body: (RecordedEvent) throws -> Void) throws {
        // Copy the matching slice so `body` may append without deadlocking.
        let slice = storage.withLock { storage -> ArraySlice<RecordedEvent> in
            let lower = Int(max(query.from, 1)) - 1
            let upper = Int(min(query.to ?? Int64.max, Int64(storage.events.count)))
            return lower < upper ? storage.events[lower..<upper] : []
        }
        var remaining = query.limit ?? Int.max
        for event in slice where remaining > 0 && query.matches(event) {
            remaining -= 1
            try body(event)
        }
    }

    @discardableResult
    public func append(_ events: [NewEvent]) throws -> [AppendedEvent] {
        let now = clock.now()
        return try storage.withLock { storage in
            var planner = AppendPlanner(after: Int64(storage.events.count), at: now)
            var planned: [RecordedEvent] = []
            var result: [AppendedEvent] = []
            for event in events {
                switch try planner.plan(event, storedEvent: { storage.keys[ExactString($0)] }, streamVersion: { storage.versions[ExactString($0)] ?? 0 }) {
                case .duplicate(let stored): result.append(stored)
                case .write(let recorded):
                    planned.append(recorded)
                    result.append(AppendedEvent(recorded))
                }
            }
            for event in planned {
                storage.events.append(event)
                storage.versions[ExactString(event.streamID)] = event.position
                if let key = event.idempotencyKey { storage.keys[ExactString(key)] = AppendedEvent(event) }
            }
            return result
        }
    }

    public func snapshots(of projection: String) throws -> [SnapshotInfo] {
        storage.withLock { storage in
            storage.snapshots.map(\.info).filter { $0.projection == projection }.sorted { ($0.sequence, $0.id) > ($1.sequence, $1.id) }
        }
    }

    public func allSnapshots() throws -> [SnapshotInfo] {
        storage.withLock { $0.snapshots.map(\.info) }
    }

    public func loadState(_ snapshot: SnapshotInfo) throws -> [UInt8] {
        try storage.withLock { storage in
            guard let stored = storage.snapshots.first(where: { $0.info.id == snapshot.id }) else {
                throw EventLogError(.invalidInput, "no snapshot with id \(snapshot.id)")
            }
            return stored.state
        }
    }

    @discardableResult
    public func saveSnapshot(projection: String, version: Int, sequence: Int64, state: consuming some ContiguousBytes) throws -> SnapshotInfo {
        let state = state.withUnsafeBytes { [UInt8]($0) }
        return store(projection: projection, version: version, sequence: sequence, state: state, createdAt: clock.now())
    }

    /// Stores the encoded state the default `prepareSnapshot` collected, created at its
    /// `createdAt`, else at the clock's time.
    @discardableResult
    public func saveSnapshot(_ prepared: PreparedSnapshot) throws -> SnapshotInfo {
        store(
            projection: prepared.projection, version: prepared.version, sequence: prepared.sequence, state: [UInt8](prepared.stored),
            createdAt: prepared.createdAt ?? clock.now()
        )
    }

    private func store(projection: String, version: Int, sequence: Int64, state: [UInt8], createdAt: Instant) -> SnapshotInfo {
        storage.withLock { storage in
            let info = SnapshotInfo(
                id: Int64(storage.snapshots.count + 1), projection: projection, projectionVersion: version,
                sequence: sequence, stateSize: state.count, storedSize: state.count, createdAt: createdAt
            )
            storage.snapshots.append((info, state))
            return info
        }
    }
}
