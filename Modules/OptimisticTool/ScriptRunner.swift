import DriverTrips
import EventLog
import OptimisticSync
import PlatformKit
import TripContract
import TripService

/// Plays a `Script` against a `TripWorld`, turning every event of the app into timeline entries.
public struct ScriptRunner {
    public private(set) var entries: [TimelineEntry] = []
    private var world: TripWorld
    private let script: Script
    private let clock: VirtualClock
    /// The app's state as the timeline has seen it: the fold of the same events.
    private var shown = OptimisticClientState<TripSync>()
    private var restarts = 0

    /// `clock` is the log's clock: it follows the script's virtual time.
    public init(_ script: Script, log: any EventLogStore, clock: VirtualClock) {
        self.script = script
        self.clock = clock
        world = TripWorld(driverID: script.driverID, log: log, seed: script.seed, conditions: script.conditions, configuration: script.configuration)
    }

    /// Runs every step, then lets delivery finish (or stops at the script's `until`).
    public mutating func run() throws -> RunSummary {
        for step in script.steps {
            let instant = Script.start.advanced(by: .seconds(step.second))
            try deliver(before: instant)
            try perform(step.action, at: instant)
        }
        let lastStep = Script.start.advanced(by: .seconds(script.steps.last?.second ?? 0))
        let limit = script.until.map { Script.start.advanced(by: .seconds($0)) } ?? lastStep.advanced(by: .seconds(86_400))
        try deliver(before: limit.advanced(by: .milliseconds(1)))
        let stats = world.app.state.stats
        return RunSummary(
            operations: stats.submitted, confirmed: stats.confirmed, optimisticConfirmed: stats.optimisticConfirmed,
            averageTimeSavedMilliseconds: stats.averageTimeSaved.wholeMilliseconds,
            rollbacks: stats.rolledBack, alerts: stats.alerts, restarts: restarts
        )
    }

    /// Advances through every wake-up (answers, retries, deadlines) before `instant`.
    private mutating func deliver(before instant: Instant) throws {
        while let wake = world.nextWakeUp, wake < instant {
            clock.set(to: wake)
            show(try world.advance(to: wake), at: wake)
        }
    }

    private mutating func perform(_ action: Script.Action, at now: Instant) throws {
        clock.set(to: now)
        switch action {
        case .goOnline: try act(now) { try $0.goOnline(at: now) }
        case .accept(let trip): try act(now) { try $0.accept(trip: trip, at: now) }
        case .arrive: try act(now) { try $0.arrive(at: now) }
        case .begin: try act(now) { try $0.beginTrip(at: now) }
        case .end: try act(now) { try $0.endTrip(at: now) }
        case .rateRider(let stars): try act(now) { try $0.rateRider(stars: stars, at: now) }
        case .confirmCash: try act(now) { try $0.confirmCashCollected(at: now) }
        case .markRead(let message): try act(now) { try $0.markRead(message: message, at: now) }
        case .offer(let trip, let estimate):
            let driverID = script.driverID
            try world.serve { $0.offer(trip: trip, to: driverID, estimate: estimate) }
            note(now, "server", "offers \(trip) at \(estimate)")
        case .estimate(let trip, let amount):
            note(now, "server", "new estimate for \(trip): \(amount)")
            show(try world.updateEstimate(trip: trip, to: amount, at: now), at: now)
        case .dark(let seconds):
            note(now, "network", "dark spot: no network until +\(Describe.seconds(Script.start.duration(to: now.advanced(by: .seconds(seconds))).wholeMilliseconds))")
        case .latency(let range):
            world.conditions.latencyMilliseconds = range
            note(now, "network", "one-way latency now \(range.lowerBound)..\(range.upperBound) ms")
        case .reject(let kind):
            try world.serve { $0.rejectNext(kind) }
            note(now, "server", "will reject the next \(kind)")
        case .push:
            note(now, "server", "pushes state v\(world.server.service.snapshot(for: script.driverID).version)")
            show(try world.push(at: now), at: now)
        case .restart:
            restarts += 1
            let stream = OptimisticClient<TripSync>.streamID(script.driverID)
            note(now, "restart", "app killed; rebuilt from the \(try world.log.streamVersion(of: stream)) events of \(stream) in the log")
            show(try world.restart(at: now), at: now)
        }
    }

    /// A driver action: its events, or why the app refused it before making a request.
    private mutating func act(_ now: Instant, _ action: (inout OptimisticClient<TripSync>) throws -> OptimisticRequest) throws {
        do {
            show(try world.act(at: now, action), at: now)
        } catch let refusal as TripActionError {
            note(now, "refused", refusal.description, sees: Describe.state(shown.optimistic))
        }
    }

    private mutating func note(_ now: Instant, _ kind: String, _ detail: String, sees: String? = nil) {
        entries.append(TimelineEntry(at: Script.start.duration(to: now).wholeMilliseconds, kind: kind, detail: detail, sees: sees))
    }

    /// Folds each event into `shown` and describes it.
    private mutating func show(_ outbox: SyncOutbox<TripSync>, at now: Instant) {
        let at = Script.start.duration(to: now).wholeMilliseconds
        for event in outbox.events {
            let before = shown
            shown.apply(event)
            entries += TimelineDescriber(before: before, after: shown, at: at).describe(event)
        }
    }
}
