import DriverTrips
import EventLog
import OptimisticSync
import PlatformKit
import TripContract
import TripService

/// Drivers' apps in Optimistic Mode: each driver's `OptimisticClient` talks to the city's one trip
/// service over a link that goes down in dark spots and during back-end outages; apps are
/// killed and rebuilt from the log.
///
/// Each app's sync state is the fold of its stream (the app applies each event as it records
/// it), so the apps' states are the log's `OptimisticProjection`: the run snapshots them from
/// here instead of folding every sync event a second time.
final class DriverAppStage {
    /// The city's trip service, shared by every driver's link.
    private final class Server {
        var service = TripService()
    }

    private typealias Link = InProcessTransport<SyncRequest, SyncResponse<DriverState>>

    private let server = Server()
    private var apps: [SyncLoop<TripSync, Link>] = []
    /// Whether each driver's app has recorded an event: the projection has an entry only then.
    private var hasRecorded: [Bool]
    /// When each app next has something to do: what its last step returned (milliseconds since
    /// the epoch, `.max` for nothing), kept apart from the apps in a compact array that stays in
    /// the cache, while at scale most apps are cold in memory.
    private var nextWakeUps: [Int64]
    /// Whether each app may show a trip with steps the service never got (rolled back or
    /// refused since the driver was last free): kept apart from the apps, so that only such an
    /// app is looked at (``tripWithLostSteps(_:)``), not every app after each step.
    private var mayHaveLostSteps: [Bool]
    private let log: any EventLogStore
    private let random: RandomSource
    private let latency: ClosedRange<Int64> = 80...600
    /// Whether the trip service is down (a back-end outage).
    var serviceDown = false

    init(drivers: Int, log: any EventLogStore, random: RandomSource) {
        self.log = log
        self.random = random
        hasRecorded = Array(repeating: false, count: drivers)
        nextWakeUps = Array(repeating: .max, count: drivers)
        mayHaveLostSteps = Array(repeating: false, count: drivers)
        apps.reserveCapacity(drivers)
        for driver in 0..<drivers {
            apps.append(makeLoop(OptimisticClient(clientID: EntityID.driver(driver), random: random.fork(EntityID.driver(driver)))))
        }
    }

    private func makeLoop(_ client: OptimisticClient<TripSync>) -> SyncLoop<TripSync, Link> {
        let server = self.server
        let link = Link(conditions: NetworkConditions(latencyMilliseconds: latency), random: random.fork("link-\(client.clientID)"), encodesMessages: false) { request, _ in
            server.service.handle(request)
        }
        return SyncLoop(client: client, link: link)
    }

    /// Runs a driver action at `now` (offline, it is queued), then delivers what is due.
    /// Returns when the app next needs to run, and why the app refused the action, if it did
    /// (no current trip yet because the accept is still unconfirmed, a trip too short).
    func act(
        _ driver: Int, now: Instant, online: Bool, _ action: (inout OptimisticClient<TripSync>) throws -> OptimisticRequest
    ) throws -> (wakeUp: Instant?, refusal: TripActionError?) {
        var refusal: TripActionError?
        do {
            _ = try action(&apps[driver].client)
        } catch let error as TripActionError {
            refusal = error
            // A refused step (a trip too short to end, say) is one the driver may have to do again.
            mayHaveLostSteps[driver] = true
        }
        return (try step(driver, now: now, online: online), refusal)
    }

    /// The trip service's state: the fold of every trip-service event of the run.
    var serviceState: TripServiceState { server.service.state }

    /// The trip service offers `trip` to `driver` with a fare estimate.
    func offer(trip: String, to driver: Int, estimate: Money) throws {
        server.service.offer(trip: trip, to: EntityID.driver(driver), estimate: estimate)
        try log.record(server.service.takeEvents())
    }

    /// Delivers answers due by `now` and sends what is due, with the link up or down; returns
    /// when the app next has something to do.
    ///
    /// An app with nothing due by `now` is left untouched: stepping it would change nothing (the
    /// network only matters to what it sends), and only its steps change when it is next due.
    /// Whether the link is up (`online`) is asked only when the app is stepped.
    func advance(_ driver: Int, now: Instant, online: @autoclosure () -> Bool) throws -> Instant? {
        let next = nextWakeUps[driver]
        guard next <= now.millisecondsSinceEpoch else { return next == .max ? nil : Instant(millisecondsSinceEpoch: next) }
        return try step(driver, now: now, online: online())
    }

    /// Starts loading what ``advance(_:now:online:)`` reads first for `driver` into the caches.
    func prefetch(_ driver: Int) {
        nextWakeUps.prefetch(driver)
        apps.prefetch(driver)
    }

    /// Steps `driver`'s app at `now`: ``advance(_:now:online:)`` even when nothing seems due (an
    /// action or a restart has just changed the app).
    private func step(_ driver: Int, now: Instant, online: Bool) throws -> Instant? {
        apps[driver].link.conditions = NetworkConditions(
            latencyMilliseconds: latency,
            outages: online && !serviceDown ? [] : [.init(start: now, end: now.advanced(bySeconds: 1))]
        )
        let rolledBack = apps[driver].client.state.stats.rolledBack
        let wakeUp = apps[driver].advance(to: now)
        nextWakeUps[driver] = wakeUp?.millisecondsSinceEpoch ?? .max
        if apps[driver].client.state.stats.rolledBack != rolledBack { mayHaveLostSteps[driver] = true }
        try record(driver)
        return wakeUp
    }

    /// Whether the trip service has confirmed that `driver`'s last trip ended (or there is none).
    func serverClosedTrip(_ driver: Int) -> Bool {
        apps[driver].client.confirmedState.trip.map { $0.phase == .ended } ?? true
    }

    /// `driver`'s trip as the app shows it when a step of it was rolled back: nothing is
    /// pending, and the trip is not ended (the service confirmed every step the app still shows).
    func tripWithLostSteps(_ driver: Int) -> TripContract.Trip? {
        guard mayHaveLostSteps[driver] else { return nil }
        let client = apps[driver].client
        guard client.state.pending.isEmpty, let trip = client.screen.trip, trip.phase != .ended else { return nil }
        return trip
    }

    /// `driver` is free for dispatch: every step of its last trip reached the service.
    func driverIsFree(_ driver: Int) {
        mayHaveLostSteps[driver] = false
    }

    /// Kills `driver`'s app (answers in flight are lost) and starts it again from `persisted`,
    /// the state its events left.
    func restart(_ driver: Int, now: Instant, online: Bool, from persisted: OptimisticClientState<TripSync>) throws -> Instant? {
        let clientID = EntityID.driver(driver)
        let random = random.fork("\(clientID)@\(now.millisecondsSinceEpoch)")
        let client = OptimisticClient<TripSync>.restore(clientID: clientID, state: persisted, configuration: apps[driver].client.configuration, random: random)
        apps[driver] = makeLoop(client)
        apps[driver].client.resume(at: now)
        return try step(driver, now: now, online: online)
    }

    /// The sync state `driver`'s app has persisted: everything its events say.
    func persistedState(_ driver: Int) -> OptimisticClientState<TripSync> {
        apps[driver].client.state
    }

    /// Every app's sync state by client id, as `OptimisticProjection` folds it from the log.
    var clientStates: OptimisticProjection<TripSync>.State {
        var states = OptimisticProjection<TripSync>.State(minimumCapacity: apps.count)
        for driver in apps.indices where hasRecorded[driver] { states[apps[driver].client.clientID] = apps[driver].client.state }
        return states
    }

    /// ``clientStates`` as a snapshot encodes it, read where the states are (not copied into a
    /// dictionary, tens of megabytes at scale).
    var clientStatesView: BinaryKeyedEntries<String, OptimisticClientState<TripSync>> {
        BinaryKeyedEntries { [self] body in
            for driver in apps.indices where hasRecorded[driver] { body(apps[driver].client.clientID, apps[driver].client.state) }
        }
    }

    /// Appends the app's and the service's new events, in one call (a batch ends after a call).
    /// Most steps produce none: neither outbox is touched then (a driver's is cold in memory at
    /// scale).
    private func record(_ driver: Int) throws {
        let fromApp = !apps[driver].client.isOutboxEmpty
        guard fromApp || server.service.hasEvents else { return }
        var events: [TypedEvent] = []
        if fromApp {
            hasRecorded[driver] = true
            events = apps[driver].client.takeOutbox().typedEvents
        }
        if server.service.hasEvents { events += server.service.takeEvents() }
        try log.record(events)
    }
}
