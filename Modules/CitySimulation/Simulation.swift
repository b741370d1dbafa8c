import EventLog
import Foundation
import DriverTrips
import OptimisticSync
import OutOfAppDSL
import PlatformKit

/// A deterministic discrete-event city simulation in virtual time, appending to one shared log.
///
/// Riders arrive and onboard, request trips, get the nearest free driver, are picked up and
/// dropped off; drivers lose coverage in dark spots; apps are killed and restarted; back ends
/// go down. Nothing sleeps: a priority queue of timed steps drives every module.
public final class Simulation {
    enum Step {
        case riderArrives(Int)
        case requestTrip(rider: Int)
        case retryMatch(trip: Int)
        case tripUpdate(trip: Int)
        case driverArrived(trip: Int)
        case beginTrip(trip: Int)
        case endTrip(trip: Int)
        case membershipVisit(rider: Int)
        case liveActivityTick
        case driverApp(Int)
        case leaveDarkSpot(driver: Int)
        case killApp(driver: Int)
        case serviceOutage(down: Bool)
        case finish
    }

    public let options: SimulationOptions
    let clock: VirtualClock
    let random: RandomSource
    let map = CityMap()
    let sink: LogSink
    private var scheduler = Scheduler<Step>()
    private var drivers: [CityDriver] = []
    /// Where each driver is (apart from `drivers`, so matching reads it without copying).
    private var positions: [Position] = []
    private var freeDrivers: DriverIndex
    private var trips: [Int: Trip] = [:]
    private var nextRider = 0
    private var nextTrip = 0
    private var finished = false
    /// A driver app's sync state as the log's projection holds it (all appended events folded),
    /// so a killed app restarts without reading its stream back; nil reads the stream.
    var projectedClientState: (String) -> OptimisticClientState<TripSync>? = { _ in nil }
    /// Steps processed, for progress reports.
    public private(set) var steps = 0
    /// Events of the run so far.
    public var events: Int64 { sink.emitted }
    /// The virtual time reached.
    public var now: Instant { clock.now }

    private let arrivalWindow: Int64
    private let onboarding: OnboardingStage
    private let membership: MembershipStage
    private let liveActivities: LiveActivityStage
    private let driverApps: DriverAppStage
    private let earnings: EarningsStage
    /// When each driver's app is next due to run, if scheduled.
    private var driverWakeUps: [Instant?] = []

    /// Prepares a run appending to `log`, whose clock must read `clock`.
    init(options: SimulationOptions, log: any EventLogStore, clock: VirtualClock, assets: SimulationAssets) throws {
        try options.validate()
        guard clock.now <= options.start else { throw SimulationError("the clock (\(clock.now)) is past the run's start (\(options.start))") }
        self.options = options
        self.clock = clock
        self.random = .seeded(options.seed)
        let sink = try LogSink(log: log, clock: .virtual(clock), batchSize: options.batchSize)
        self.sink = sink
        onboarding = OnboardingStage(flows: assets.flows, log: sink, random: random.fork("onboarding"))
        liveActivities = LiveActivityStage(log: sink)
        driverApps = DriverAppStage(drivers: options.drivers, log: sink, random: random.fork("driver-apps"))
        earnings = EarningsStage(log: sink)
        membership = MembershipStage(screens: assets.screens, log: sink, random: random.fork("membership"))
        self.freeDrivers = DriverIndex(width: map.width, height: map.height)
        // Riders arrive over the first 80 % of the run, so their trips can finish.
        self.arrivalWindow = Int64(options.hours) * 3_600_000 * 8 / 10
        clock.set(to: options.start)
    }

    /// Runs to the end; `progress` is called every few thousand steps.
    public func run(progress: (Simulation) -> Void = { _ in }) throws {
        try start()
        while let (instant, step) = scheduler.popNext(notAfter: options.end) {
            if instant > clock.now { clock.set(to: instant) }
            try handle(step)
            steps += 1
            if steps % 4_096 == 0 { progress(self) }
            if finished { break }
        }
        try sink.flush()
        progress(self)
    }

    private func start() throws {
        try sink.emit(SimulationStarted(options: options), stream: "city")
        let driverRandom = random.fork("drivers")
        for _ in 0..<options.drivers {
            let position = map.randomPosition(driverRandom, darkSpotShare: 0)
            freeDrivers.insert(drivers.count, at: position)
            drivers.append(CityDriver())
            positions.append(position)
            driverWakeUps.append(nil)
            try driverAction(drivers.count - 1, online: true) { try $0.goOnline(at: $1) }
            scheduler.schedule(.killApp(driver: drivers.count - 1), at: nextKill())
        }
        scheduler.schedule(.serviceOutage(down: true), at: nextOutage())
        scheduleNextArrival()
        scheduler.schedule(.finish, at: options.end)
    }

    // MARK: - Steps

    private func handle(_ step: Step) throws {
        switch step {
        case .riderArrives(let rider): try riderArrives(rider)
        case .requestTrip(let rider): try requestTrip(rider: rider)
        case .retryMatch(let trip): try match(trip)
        case .tripUpdate(let trip): try tripUpdate(trip)
        case .driverArrived(let trip): try driverArrived(trip)
        case .beginTrip(let trip): try beginTrip(trip)
        case .endTrip(let trip): try endTrip(trip)
        case .driverApp(let driver):
            if driverWakeUps[driver] == clock.now { driverWakeUps[driver] = nil }
            wake(driver, at: try driverApps.advance(driver, now: clock.now, online: hasCoverage(driver)))
        case .leaveDarkSpot(let driver):
            guard case .closing = drivers[driver].activity, !map.hasCoverage(at: positions[driver]) else { break }
            positions[driver] = map.nearestCovered(to: positions[driver])
            wake(driver, at: try driverApps.advance(driver, now: clock.now, online: true))
        case .killApp(let driver):
            try sink.emit(AppKilled(client: EntityID.driver(driver)), stream: EntityID.driver(driver))
            try sink.flush()
            let projected = sink.isResuming ? nil : projectedClientState(EntityID.driver(driver))
            wake(driver, at: try driverApps.restart(driver, now: clock.now, online: hasCoverage(driver), projected: projected))
            scheduler.schedule(.killApp(driver: driver), at: nextKill())
        case .serviceOutage(let down):
            driverApps.serviceDown = down
            try sink.emit(OutageChanged(service: "trips", down: down), stream: "city")
            scheduler.schedule(.serviceOutage(down: !down), at: down ? clock.now.advanced(by: .seconds(random.int(in: 60..<300))) : nextOutage())
        case .liveActivityTick:
            scheduleLiveActivityTick(try liveActivities.tick(now: clock.now))
        case .membershipVisit(let rider):
            let visit = try membership.visit(rider: rider, at: clock.now)
            try sink.emit(MembershipVisited(rider: rider, journey: visit.journey), stream: EntityID.rider(rider))
        case .finish:
            try sink.emit(SimulationFinished(at: clock.now.millisecondsSinceEpoch), stream: "city")
            finished = true
        }
    }

    private func scheduleNextArrival() {
        guard nextRider < options.riders else { return }
        let meanGap = Double(arrivalWindow) / Double(options.riders)
        let gap = Int64(-meanGap * log(1 - random.double()))
        let base = nextRider == 0 ? options.start : clock.now
        scheduler.schedule(.riderArrives(nextRider), at: base.advanced(by: .milliseconds(gap)))
        nextRider += 1
    }

    private func riderArrives(_ rider: Int) throws {
        scheduleNextArrival()
        let market = onboarding.markets[random.int(in: 0..<onboarding.markets.count)]
        try sink.emit(RiderArrived(rider: rider, market: market), stream: EntityID.rider(rider))
        let onboarded = try onboarding.onboard(rider: rider, market: market, start: clock.now, poorNetwork: random.bool(probability: 0.2))
        try sink.emit(onboarded, stream: EntityID.rider(rider))
        guard onboarded.succeeded else { return }
        let firstRequest = Instant(millisecondsSinceEpoch: onboarded.finishedAt).advanced(by: .seconds(random.int(in: 30..<600)))
        scheduler.schedule(.requestTrip(rider: rider), at: firstRequest)
    }

    private func requestTrip(rider: Int) throws {
        let id = nextTrip
        nextTrip += 1
        let pickup = map.randomPosition(random)
        var dropoff = map.randomPosition(random)
        while dropoff.distance(to: pickup) < 800 { dropoff = map.randomPosition(random) }
        trips[id] = Trip(id: id, rider: rider, pickup: pickup, dropoff: dropoff, requestedAt: clock.now)
        try sink.emit(TripRequested(trip: id, rider: rider, at: clock.now.millisecondsSinceEpoch), stream: EntityID.trip(id))
        try match(id)
    }

    private func match(_ id: Int) throws {
        guard var trip = trips[id], trip.phase == .searching else { return }
        guard let driver = freeDrivers.nearest(to: trip.pickup, within: 5_000, positions: positions) else {
            if trip.requestedAt.duration(to: clock.now) >= .seconds(300) {
                try cancel(id, reason: "no driver")
            } else {
                scheduler.schedule(.retryMatch(trip: id), at: clock.now.advanced(by: .seconds(30)))
            }
            return
        }
        freeDrivers.remove(driver)
        let eta = map.travelTime(from: positions[driver], to: trip.pickup)
        trip.phase = .enRoute
        trip.driver = driver
        trip.startLeg(from: positions[driver], to: trip.pickup, now: clock.now, duration: eta)
        drivers[driver].activity = .enRoute(trip: id)
        try sink.emit(TripMatched(trip: id, driver: driver, pickupSeconds: Int(eta.components.seconds)), stream: EntityID.trip(id))
        try tell(&trip, .enRoute, eta: eta)
        let estimate = fare(distance: trip.pickup.distance(to: trip.dropoff), duration: map.travelTime(from: trip.pickup, to: trip.dropoff))
        try driverApps.offer(trip: trip.streamID, to: driver, estimate: estimate)
        trips[id] = trip
        try driverAction(driver, online: hasCoverage(driver)) { try $0.accept(trip: trip.streamID, at: $1) }
        scheduler.schedule(.driverArrived(trip: id), at: clock.now.advanced(by: eta))
        scheduleUpdate(id)
    }

    private func scheduleUpdate(_ id: Int) {
        scheduler.schedule(.tripUpdate(trip: id), at: clock.now.advanced(by: .seconds(30)))
    }

    private func tripUpdate(_ id: Int) throws {
        guard var trip = trips[id], let end = trip.phaseEndsAt, clock.now < end else { return }
        if trip.phase == .enRoute, random.bool(probability: 0.003) {
            return try cancel(id, reason: "rider cancelled")
        }
        // Traffic: the ETA the rider sees wanders around the remaining driving time.
        let eta = clock.now.duration(to: end) + .seconds(random.int(in: -20..<90))
        try tell(&trip, trip.phase == .onTrip ? .onTrip : .enRoute, eta: eta)
        trips[id] = trip
        if let driver = trip.driver {
            // Driving in or out of a dark spot: the app notices and sends what it queued.
            positions[driver] = trip.position(at: clock.now)
            wake(driver, at: try driverApps.advance(driver, now: clock.now, online: hasCoverage(driver)))
        }
        scheduleUpdate(id)
    }

    /// Sends `trip`'s state to the OOA service (the rider's Live Activity).
    private func tell(_ trip: inout Trip, _ phase: TripPhase, eta: Duration) throws {
        trip.ooaChanges += 1
        scheduleLiveActivityTick(try liveActivities.change(trip, phase: phase, eta: eta, at: trip.position(at: clock.now), now: clock.now))
    }

    private func scheduleLiveActivityTick(_ due: Instant?) {
        if let due { scheduler.schedule(.liveActivityTick, at: max(due, clock.now)) }
    }

    private func driverArrived(_ id: Int) throws {
        guard var trip = trips[id], trip.phase == .enRoute, let driver = trip.driver else { return }
        trip.phase = .arrived
        positions[driver] = trip.pickup
        drivers[driver].activity = .waiting(trip: id)
        try tell(&trip, .arriving, eta: .zero)
        trips[id] = trip
        try driverAction(driver, online: hasCoverage(driver)) { try $0.arrive(at: $1) }
        scheduler.schedule(.beginTrip(trip: id), at: clock.now.advanced(by: .seconds(random.int(in: 20..<180))))
    }

    private func beginTrip(_ id: Int) throws {
        guard var trip = trips[id], trip.phase == .arrived, let driver = trip.driver else { return }
        let duration = map.travelTime(from: trip.pickup, to: trip.dropoff)
        trip.phase = .onTrip
        trip.startLeg(from: trip.pickup, to: trip.dropoff, now: clock.now, duration: duration)
        trip.fare = fare(distance: trip.pickup.distance(to: trip.dropoff), duration: duration)
        drivers[driver].activity = .onTrip(trip: id)
        try sink.emit(TripPickedUp(trip: id, inDarkSpot: !map.hasCoverage(at: trip.pickup)), stream: EntityID.trip(id))
        try tell(&trip, .onTrip, eta: duration)
        trips[id] = trip
        try driverAction(driver, online: hasCoverage(driver)) { try $0.beginTrip(at: $1) }
        scheduler.schedule(.endTrip(trip: id), at: clock.now.advanced(by: duration))
        scheduleUpdate(id)
    }

    private func endTrip(_ id: Int) throws {
        guard var trip = trips.removeValue(forKey: id), trip.phase == .onTrip, let driver = trip.driver, let fare = trip.fare else { return }
        try tell(&trip, .completed, eta: .zero)
        positions[driver] = trip.dropoff
        drivers[driver].activity = .closing
        drivers[driver].tripsCompleted += 1
        let online = hasCoverage(driver)
        try driverAction(driver, online: online) { try $0.endTrip(at: $1) }
        try driverAction(driver, online: online) { try $0.rateRider(stars: 5, at: $1) }
        try earnings.tripCompleted(driver: driver, trip: id, fare: fare, at: clock.now)
        if !online {
            scheduler.schedule(.leaveDarkSpot(driver: driver), at: clock.now.advanced(by: .seconds(random.int(in: 60..<240))))
        }
        try sink.emit(
            TripCompleted(trip: id, driver: driver, fareMinorUnits: fare.minorUnits, at: clock.now.millisecondsSinceEpoch, ooaChanges: trip.ooaChanges),
            stream: EntityID.trip(id)
        )
        if random.bool(probability: 0.15) {
            scheduler.schedule(.membershipVisit(rider: trip.rider), at: clock.now.advanced(by: .seconds(random.int(in: 60..<600))))
        }
        if random.bool(probability: 0.35) {
            scheduler.schedule(.requestTrip(rider: trip.rider), at: clock.now.advanced(by: .seconds(random.int(in: 600..<3_600))))
        }
    }

    private func cancel(_ id: Int, reason: String) throws {
        guard var trip = trips.removeValue(forKey: id) else { return }
        if let driver = trip.driver {
            positions[driver] = trip.position(at: clock.now)
            drivers[driver].activity = .free
            freeDrivers.insert(driver, at: positions[driver])
            try tell(&trip, .completed, eta: .zero)
        }
        try sink.emit(
            TripCancelled(trip: id, reason: reason, at: clock.now.millisecondsSinceEpoch, ooaChanges: trip.ooaChanges),
            stream: EntityID.trip(id)
        )
    }

    // MARK: - Drivers' apps

    private func hasCoverage(_ driver: Int) -> Bool { map.hasCoverage(at: positions[driver]) }

    /// Runs an app action of `driver` now and schedules the app's next wake-up.
    private func driverAction(
        _ driver: Int, online: Bool, _ action: (inout OptimisticClient<TripSync>, Instant) throws -> OptimisticRequest
    ) throws {
        let now = clock.now
        let (wakeUp, refusal) = try driverApps.act(driver, now: now, online: online) { try action(&$0, now) }
        if let refusal {
            try sink.emit(DriverActionRefused(driver: driver, reason: refusal.description), stream: EntityID.driver(driver))
        }
        wake(driver, at: wakeUp)
    }

    /// Schedules `driver`'s app to run at `instant` unless it already runs earlier; a driver whose
    /// trip end the service has now confirmed becomes free for dispatch.
    private func wake(_ driver: Int, at instant: Instant?) {
        if case .closing = drivers[driver].activity, driverApps.serverClosedTrip(driver) {
            drivers[driver].activity = .free
            freeDrivers.insert(driver, at: positions[driver])
        }
        guard let instant else { return }
        let due = max(instant, clock.now.advanced(by: .milliseconds(1)))
        if let scheduled = driverWakeUps[driver], scheduled <= due, scheduled >= clock.now { return }
        driverWakeUps[driver] = due
        scheduler.schedule(.driverApp(driver), at: due)
    }

    /// Each app is killed about once every twelve virtual hours.
    private func nextKill() -> Instant {
        clock.now.advanced(by: .milliseconds(Int64(-12 * 3_600_000 * log(1 - random.double()))))
    }

    /// The trip service goes down about every two virtual hours.
    private func nextOutage() -> Instant {
        clock.now.advanced(by: .milliseconds(Int64(-2 * 3_600_000 * log(1 - random.double()))))
    }

    /// Base fare plus distance and time, in US dollars.
    private func fare(distance: Double, duration: Duration) -> Money {
        let cents = 250 + Int64(distance / 1_000 * 120) + duration.components.seconds / 60 * 30
        return Money(minorUnits: cents, currency: .usd)
    }
}
