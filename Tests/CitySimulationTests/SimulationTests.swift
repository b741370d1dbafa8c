import CitySimulation
import EventLog
import EventLogSQLite
import EventLogTestSupport
import OnboardingService
import PlatformKit
import Synchronization
import Foundation
import XCTest

final class SimulationTests: XCTestCase {
    private let small = SimulationOptions(riders: 300, drivers: 60, hours: 2, seed: 7, snapshotEvery: 2_000, batchSize: 256)

    private let assets: SimulationAssets = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try! SimulationAssets.load(fixtures: root.appendingPathComponent("fixtures").path)
    }()

    /// Runs `options` into a fresh in-memory log.
    private func run(_ options: SimulationOptions) throws -> (InMemoryEventLog, SimulationSummary) {
        let clock = VirtualClock()
        let log = InMemoryEventLog(clock: .virtual(clock))
        let summary = try SimulationRun.run(options, log: log, clock: clock, assets: assets)
        return (log, summary)
    }

    private func fingerprint(_ log: some EventLogReader) throws -> [String] {
        try log.events().map { "\($0.sequence) \($0.streamID) \($0.type) \($0.recordedAt) \($0.payload.hashValue)" }
    }

    func test_sameSeed_writesTheSameLogEventForEvent() throws {
        let (first, summary) = try run(small)
        let (second, again) = try run(small)
        XCTAssertEqual(try fingerprint(first), try fingerprint(second))
        XCTAssertEqual(summary, again)
        XCTAssertGreaterThan(summary.tripsCompleted, 0)
        XCTAssertTrue(summary.finished)
    }

    /// A small run writes the log it has always written: work on speed must leave every event
    /// as it was. A change that means to alter what runs write updates this value, and says so.
    func test_aSmallRun_writesTheSameLogAsBefore() throws {
        let (log, _) = try run(small)
        var bytes: [UInt8] = []
        for event in try log.events() {
            bytes += Array("\(event.sequence) \(event.streamID) \(event.type) \(event.recordedAt.millisecondsSinceEpoch) ".utf8)
            bytes += event.payload
        }
        XCTAssertEqual(String(FNV1a.hash(bytes), radix: 16), "f54eaddd66c265d2", "the events of a small run changed")
    }

    /// An SQLite log whose writer keeps few stream heads (most streams go cold and are looked up
    /// in the file when appended to again) gets the same log as memory.
    func test_sqliteLog_withATinyStreamCache_getsTheSameLog() throws {
        let (memory, summary) = try run(small)
        let directory = TemporaryDirectory()
        let clock = VirtualClock()
        let options = SQLiteEventLogOptions(durability: .normal, indexRunLength: 1_000, cachedStreams: 200)
        let log = try SQLiteEventLog(path: directory.path("run.sqlite"), clock: .virtual(clock), options: options)
        XCTAssertEqual(try SimulationRun.run(small, log: log, clock: clock, assets: assets), summary)
        XCTAssertEqual(try fingerprint(log), try fingerprint(memory))
        XCTAssertTrue(try log.verify().isValid)
    }

    /// The back ends' states are snapshotted from the back ends, and the drivers' sync states from
    /// their apps (not folded a second time): every projection has snapshots before and at the
    /// end, and each equals a replay of the log there.
    func test_everyProjection_isSnapshottedDuringTheRun_andEachSnapshotEqualsAReplay() throws {
        let directory = TemporaryDirectory()
        let clock = VirtualClock()
        let log = try SQLiteEventLog(path: directory.path("run.sqlite"), clock: .virtual(clock))
        let summary = try SimulationRun.run(small, log: log, clock: clock, assets: assets)
        XCTAssertGreaterThan(summary.appKills, 0, "killed apps restart from the state they hold")
        let end = try log.lastSequence()
        let snapshots = try log.allSnapshots()
        for projection in SimulationRun.projections {
            let taken = snapshots.filter { $0.projection == projection.name }.map(\.sequence)
            XCTAssertTrue(taken.contains { $0 < end }, "\(projection.name): no snapshot before the end")
            XCTAssertTrue(taken.contains(end), "\(projection.name): no snapshot at the end")
        }
        let report = try log.verify(projections: SimulationRun.projections)
        XCTAssertTrue(report.isValid, "\(String(describing: report.problem))")
        XCTAssertEqual(report.snapshotsChecked, snapshots.count)
        XCTAssertEqual(Set(report.projectionsReplayed), Set(SimulationRun.projections.map(\.name)))
    }

    /// Every virtual hour the onboarding back end forgets the rate-limit entries no window reaches,
    /// so its state keeps the identifiers that entered lately, not every one ever seen.
    func test_onboardingRateLimitEntries_expireHourly() throws {
        let (log, _) = try run(SimulationOptions(riders: 300, drivers: 20, hours: 4, seed: 7, snapshotEvery: 100_000, batchSize: 256))
        let expiries = try log.events().filter { $0.type == EntriesExpired.eventType }
        XCTAssertGreaterThanOrEqual(expiries.count, 2)
        let last = try XCTUnwrap(try OnboardingProjection.registry.decode(try XCTUnwrap(expiries.last)) as? EntriesExpired)
        let state = try OnboardingProjection().replay(log).state
        XCTAssertGreaterThan(state.accounts.count, state.recentEntries.count, "riders who entered over an hour ago are forgotten")
        XCTAssertTrue(state.recentEntries.values.joined().allSatisfy { $0 >= last.before })
    }

    func test_differentSeed_givesADifferentRun() throws {
        var other = small
        other.seed = 8
        let (first, _) = try run(small)
        let (second, _) = try run(other)
        XCTAssertNotEqual(try fingerprint(first), try fingerprint(second))
    }

    func test_replay_fromSnapshotsAndFromStart_reproducesTheSummary() throws {
        let (log, summary) = try run(small)
        XCTAssertFalse(try log.allSnapshots().isEmpty)
        XCTAssertEqual(try SimulationRun.replay(log), summary)
        XCTAssertEqual(try SimulationRun.replay(log, fromStart: true), summary)
    }

    func test_refusedActions_areCountedByTheirWholeReason() throws {
        struct Refused: Decodable { var reason: String }
        var options = small
        options.riders = 1_500
        options.drivers = 200
        let (log, summary) = try run(options)
        var expected: [String: Int] = [:]
        for event in try log.events() where event.type == "city.driver.action-refused" {
            expected[try BinaryDecoder().decode(Refused.self, from: event.payload).reason, default: 0] += 1
        }
        XCTAssertGreaterThan(expected.count, 1, "the run should refuse actions for several reasons")
        XCTAssertEqual(summary.optimistic.refused, expected)
        let line = try XCTUnwrap(summary.lines.first { $0.hasPrefix("optimistic operations:") })
        for (reason, count) in expected { XCTAssertTrue(line.contains("\(reason) (\(count))"), line) }
    }

    /// A driver whose app rolled back a step of a trip (it waited too long in a dark spot for the
    /// step before it) used to stay closing that trip forever: the service never heard it began.
    /// Every driver with a rollback must be dispatched again.
    func test_aDriverWhoseAppRolledBackATripStep_isDispatchedAgain() throws {
        struct Matched: Decodable { var driver: Int }
        let (log, summary) = try run(SimulationOptions(riders: 300, drivers: 3, hours: 200, seed: 3, snapshotEvery: 100_000, batchSize: 256))
        var lastMatch: [Int: Int64] = [:]
        var rollbacks: [(driver: Int, sequence: Int64)] = []
        for event in try log.events() {
            if event.type == "city.trip.matched" {
                lastMatch[try BinaryDecoder().decode(Matched.self, from: event.payload).driver] = event.sequence
            } else if event.type == "optimistic.trips.requests.rolledBack", let driver = event.streamID.split(separator: "-").last.flatMap({ Int($0) }) {
                rollbacks.append((driver, event.sequence))
            }
        }
        XCTAssertFalse(rollbacks.isEmpty, "the city should roll a step back")
        for rollback in rollbacks {
            XCTAssertGreaterThan(lastMatch[rollback.driver] ?? 0, rollback.sequence, "driver-\(rollback.driver) never matched after its rollback")
        }
        XCTAssertEqual(summary.earnings.consistentDrivers, 3)
    }

    /// Each event is recorded at the virtual time it happened, not when its batch was written
    /// (a batch spans minutes of a small city: `replay --at TIME` found nothing before it).
    func test_eventsAreRecordedWhenTheyHappened() throws {
        struct Completed: Decodable { var at: Int64 }
        let directory = TemporaryDirectory()
        let clock = VirtualClock()
        let log = try SQLiteEventLog(path: directory.path("run.sqlite"), clock: .virtual(clock), options: SQLiteEventLogOptions(durability: .normal))
        _ = try SimulationRun.run(small, log: log, clock: clock, assets: assets)
        let events = try log.events()
        XCTAssertEqual(events.first?.recordedAt, small.start)
        XCTAssertEqual(zip(events, events.dropFirst()).first { $0.recordedAt > $1.recordedAt }?.1.sequence, nil, "times never go back")
        let completed = events.filter { $0.type == "city.trip.completed" }
        XCTAssertFalse(completed.isEmpty)
        for event in completed {
            XCTAssertEqual(event.recordedAt.millisecondsSinceEpoch, try BinaryDecoder().decode(Completed.self, from: event.payload).at)
        }
    }

    /// Every push but an end carries a change no other push carries, so a run has at least as
    /// many changes in; the changes of trips still under way at the end used to be left out
    /// (a one-rider city reported 0 changes in and 14 pushes out).
    func test_changesIn_countTripsStillUnderWay() throws {
        for options in [SimulationOptions(riders: 1, drivers: 1, hours: 1, seed: 1, snapshotEvery: 100_000, batchSize: 256), small] {
            let ooa = try run(options).1.liveActivities
            XCTAssertGreaterThan(ooa.changesIn, 0)
            XCTAssertGreaterThanOrEqual(ooa.changesIn, ooa.pushesOut - ooa.ended, "\(options.riders) riders")
        }
    }

    func test_hourlyCounts_addUpToTheTotals() throws {
        let (_, summary) = try run(small)
        let ooa = summary.liveActivities
        XCTAssertEqual(ooa.pushesPerHour.count, small.hours)
        XCTAssertEqual(ooa.pushesPerHour.reduce(0, +), ooa.pushesOut)
        XCTAssertEqual(ooa.changesPerHour.reduce(0, +), ooa.changesIn)
        XCTAssertEqual(summary.completedPerHour.reduce(0, +), summary.tripsCompleted)
        XCTAssertTrue(ooa.pushesPerHour.allSatisfy { $0 > 0 }, "\(ooa.pushesPerHour)")
    }

    func test_replay_atASequence_equalsTheRunCutThere() throws {
        let (log, _) = try run(small)
        let middle = try log.lastSequence() / 2
        XCTAssertEqual(try SimulationRun.replay(log, upTo: middle), try SimulationRun.replay(log, upTo: middle, fromStart: true))
        XCTAssertLessThan(try SimulationRun.replay(log, upTo: middle).tripsCompleted, try SimulationRun.replay(log).tripsCompleted)
    }

    func test_resume_fromAKilledRunsPrefix_reachesTheSameLog() throws {
        let (full, summary) = try run(small)
        let expected = try fingerprint(full)
        for appends in [0, 1, 4, 11] {
            let process = ProcessClock()
            let inner = InMemoryEventLog(clock: process.clock)
            let crashing = CrashingLog(inner, appendsBeforeCrash: appends)
            XCTAssertThrowsError(try SimulationRun.run(small, log: crashing, clock: process.current, assets: assets))
            XCTAssertLessThan(try inner.lastSequence(), Int64(expected.count))
            let resumed = try resume(inner, restarting: process)
            XCTAssertEqual(resumed, summary, "resumed after \(appends) appends")
            let actual = try fingerprint(inner)
            XCTAssertEqual(actual.count, expected.count, "resumed after \(appends) appends")
            XCTAssertEqual(zip(actual, expected).first { $0 != $1 }.map { "\($0) vs \($1)" }, nil, "resumed after \(appends) appends")
        }
    }

    /// `progress` is asked between the final snapshots too, so that an interruption seen there
    /// (`platform simulate`'s Ctrl-C) stops the run before its summary; the log then resumes to
    /// the same end.
    func test_anErrorOfProgressBetweenTheFinalSnapshots_stopsTheRun_andTheLogResumes() throws {
        let (full, summary) = try run(small)
        let snapshots = try full.allSnapshots().count
        struct Interrupted: Error {}
        let current = Mutex(VirtualClock())
        let log = InMemoryEventLog(clock: Clock { current.withLock { $0.now } })
        XCTAssertThrowsError(try SimulationRun.run(small, log: log, clock: current.withLock { $0 }, assets: assets) { _ in
            if try log.allSnapshots().count == snapshots - 1 { throw Interrupted() }
        }) { XCTAssertTrue($0 is Interrupted, "\($0)") }
        XCTAssertEqual(try log.lastSequence(), try full.lastSequence())
        let restarted = VirtualClock()
        current.withLock { $0 = restarted }
        XCTAssertEqual(try SimulationRun.run(small, log: log, clock: restarted, assets: assets), summary)
        XCTAssertEqual(try fingerprint(log), try fingerprint(full))
    }

    /// A finished run resumed (again and again) appends nothing: not an event, nor a second
    /// snapshot at the end (each resume used to store all of them again, created at the run's start).
    func test_resumeOfAFinishedRun_appendsNothing() throws {
        let process = ProcessClock()
        let log = InMemoryEventLog(clock: process.clock)
        let summary = try SimulationRun.run(small, log: log, clock: process.current, assets: assets)
        let (events, snapshots) = (try fingerprint(log), try log.allSnapshots())
        for _ in 0..<2 {
            XCTAssertEqual(try resume(log, restarting: process), summary)
            XCTAssertEqual(try fingerprint(log), events)
            XCTAssertEqual(try log.allSnapshots(), snapshots)
        }
        try assertSnapshotsAreCreatedAtTheirSequencesTime(log)
    }

    /// A run killed while it stored its final snapshots, resumed, stores those it had not stored
    /// (at the time of the run's last event), and none it had.
    func test_resumeOfARunKilledAmidItsFinalSnapshots_storesTheMissingOnes() throws {
        let (full, summary) = try run(small)
        let end = try full.lastSequence()
        let process = ProcessClock()
        let log = InMemoryEventLog(clock: process.clock)
        let crashing = CrashingLog(log, snapshotsBeforeCrash: (4, at: end))
        XCTAssertThrowsError(try SimulationRun.run(small, log: crashing, clock: process.current, assets: assets))
        XCTAssertEqual(try log.lastSequence(), end)
        let stored = try log.allSnapshots()
        XCTAssertEqual(stored.filter { $0.sequence == end }.count, 4)

        XCTAssertEqual(try resume(log, restarting: process), summary)
        XCTAssertEqual(try fingerprint(log), try fingerprint(full))
        let snapshots = try log.allSnapshots()
        XCTAssertEqual(Array(snapshots.prefix(stored.count)), stored)
        let final = snapshots.filter { $0.sequence == end }.map(\.projection)
        XCTAssertEqual(final.sorted(), SimulationRun.projections.map(\.name).sorted(), "one snapshot of each projection at the end")
        XCTAssertEqual(snapshots.count, stored.count + final.count - 4)
        try assertSnapshotsAreCreatedAtTheirSequencesTime(log)
    }

    /// Every snapshot is created at the virtual time of the log at its sequence, its last event's:
    /// not when the batch holding that event was appended (up to minutes later in a small city),
    /// nor at the run's start when a resumed run appends none.
    func test_snapshotsAreCreatedAtTheTimeOfTheirLastEvent() throws {
        let directory = TemporaryDirectory()
        let clock = VirtualClock()
        let log = try SQLiteEventLog(path: directory.path("run.sqlite"), clock: .virtual(clock))
        _ = try SimulationRun.run(small, log: log, clock: clock, assets: assets)
        XCTAssertGreaterThan(try log.allSnapshots().count, SimulationRun.projections.count, "snapshots before the end")
        try assertSnapshotsAreCreatedAtTheirSequencesTime(log)
    }

    private func assertSnapshotsAreCreatedAtTheirSequencesTime(
        _ log: some EventLogReader & SnapshotStore, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let times = Dictionary(uniqueKeysWithValues: try log.events().map { ($0.sequence, $0.recordedAt) })
        for snapshot in try log.allSnapshots() {
            XCTAssertEqual(
                snapshot.createdAt, times[snapshot.sequence], "snapshot \(snapshot.id) of \(snapshot.projection) at \(snapshot.sequence)",
                file: file, line: line
            )
        }
    }

    /// `log`'s run resumed by a restarted process, with the options the log holds.
    private func resume(_ log: InMemoryEventLog, restarting process: ProcessClock) throws -> SimulationSummary {
        let options = try SimulationRun.storedOptions(in: log) ?? small
        return try SimulationRun.run(options, log: log, clock: process.restart(), assets: assets)
    }

    func test_resume_refusesALogOfAnotherRun() throws {
        let (log, _) = try run(small)
        var other = small
        other.seed = 99
        XCTAssertThrowsError(try SimulationRun.run(other, log: log, clock: VirtualClock(), assets: assets))
    }

    func test_invalidOptions_areRejectedWithTheirName() {
        var options = small
        options.riders = 0
        XCTAssertThrowsError(try options.validate()) { XCTAssertTrue("\($0)".contains("--riders")) }
    }
}

/// The virtual clock of the process running a simulation, which a log reads: a restarted
/// process has a fresh one.
private final class ProcessClock: Sendable {
    private let clocks = Mutex(VirtualClock())

    /// The current process's clock.
    var current: VirtualClock { clocks.withLock { $0 } }

    /// What a log reads: the current process's clock.
    var clock: Clock { Clock { self.clocks.withLock { $0.now } } }

    /// A fresh clock, as the process is restarted.
    func restart() -> VirtualClock {
        let fresh = VirtualClock()
        clocks.withLock { $0 = fresh }
        return fresh
    }
}
