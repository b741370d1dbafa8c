import DriverTrips
import EventLog
import Foundation
import OptimisticSync
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
    var scheduler = Scheduler<Step>()
    var drivers: [CityDriver] = []
    /// Where each driver is (apart from `drivers`, so matching reads it without copying).
    var positions: [Position] = []
    var freeDrivers: DriverIndex
    var trips: [Int: Trip] = [:]
    var nextRider = 0
    var nextTrip = 0
    var finished = false
    /// A driver app's sync state as the log's projection holds it (all appended events folded),
    /// so a killed app restarts without reading its stream back; nil reads the stream.
    var projectedClientState: (String) -> OptimisticClientState<TripSync>? = { _ in nil }
    /// Steps processed, for progress reports.
    public private(set) var steps = 0
    /// Events of the run so far.
    public var events: Int64 { sink.emitted }
    /// The virtual time reached.
    public var now: Instant { clock.now }

    let arrivalWindow: Int64
    let onboarding: OnboardingStage
    let membership: MembershipStage
    let liveActivities: LiveActivityStage
    let driverApps: DriverAppStage
    let earnings: EarningsStage
    /// When each driver's app is next due to run, if scheduled.
    var driverWakeUps: [Instant?] = []

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

    func start() throws {
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

    func handle(_ step: Step) throws {
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

    func scheduleNextArrival() {
        guard nextRider < options.riders else { return }
        let meanGap = Double(arrivalWindow) / Double(options.riders)
        let gap = Int64(-meanGap * log(1 - random.double()))
        let base = nextRider == 0 ? options.start : clock.now
        scheduler.schedule(.riderArrives(nextRider), at: base.advanced(by: .milliseconds(gap)))
        nextRider += 1
    }

    func riderArrives(_ rider: Int) throws {
        scheduleNextArrival()
        let market = onboarding.markets[random.int(in: 0..<onboarding.markets.count)]
        try sink.emit(RiderArrived(rider: rider, market: market), stream: EntityID.rider(rider))
        let onboarded = try onboarding.onboard(rider: rider, market: market, start: clock.now, poorNetwork: random.bool(probability: 0.2))
        try sink.emit(onboarded, stream: EntityID.rider(rider))
        guard onboarded.succeeded else { return }
        let firstRequest = Instant(millisecondsSinceEpoch: onboarded.finishedAt).advanced(by: .seconds(random.int(in: 30..<600)))
        scheduler.schedule(.requestTrip(rider: rider), at: firstRequest)
    }
}
