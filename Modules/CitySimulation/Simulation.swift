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
        case retryMatch(trip: TripRef)
        case tripUpdate(trip: TripRef)
        case driverArrived(trip: TripRef)
        case beginTrip(trip: TripRef)
        case endTrip(trip: TripRef)
        case membershipVisit(rider: Int)
        /// The next step of a member's visit to the membership screens.
        case membershipStep(rider: Int)
        case liveActivityTick
        case driverApp(Int)
        case leaveDarkSpot(driver: Int)
        case killApp(driver: Int)
        case serviceOutage(down: Bool)
        /// The hourly expiry of the onboarding back end's rate-limit entries.
        case expireOnboardingEntries
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
    var trips = TripBook()
    var nextRider = 0
    var nextTrip = 0
    var finished = false
    /// Snapshots of the back ends' states, taken between steps.
    var serviceSnapshots: ServiceSnapshots?
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

    /// Prepares a run appending to `log`, whose clock must read `logClock`: the run sets it to
    /// each batch's virtual time as it appends that batch.
    init(options: SimulationOptions, log: any EventLogStore, logClock: VirtualClock, assets: SimulationAssets) throws {
        try options.validate()
        guard logClock.now <= options.start else { throw SimulationError("the clock (\(logClock.now)) is past the run's start (\(options.start))") }
        self.options = options
        self.clock = VirtualClock(start: options.start)
        self.random = .seeded(options.seed)
        logClock.set(to: options.start)
        let sink = try LogSink(log: log, time: clock, stamp: logClock, batchSize: options.batchSize, folding: Self.foldedOnEmit)
        self.sink = sink
        onboarding = OnboardingStage(flows: assets.flows, log: sink, random: random.fork("onboarding"))
        liveActivities = LiveActivityStage(log: sink)
        driverApps = DriverAppStage(drivers: options.drivers, log: sink, random: random.fork("driver-apps"))
        earnings = EarningsStage(log: sink)
        membership = MembershipStage(screens: assets.screens, log: sink, random: random.fork("membership"))
        self.freeDrivers = DriverIndex(width: map.width, height: map.height, fleet: options.drivers)
        // Riders arrive over the first 80 % of the run, so their trips can finish.
        self.arrivalWindow = Int64(options.hours) * 3_600_000 * 8 / 10
    }

    /// Runs to the end; `progress` is called every few thousand steps, and stops the run where
    /// it is by throwing (the log then ends at the last whole batch, which `--resume` continues).
    public func run(progress: (Simulation) throws -> Void = { _ in }) throws {
        do {
            try start()
            while let (instant, step) = scheduler.popNext(notAfter: options.end) {
                if instant > clock.now { clock.set(to: instant) }
                if let upcoming = scheduler.upcoming { prefetch(for: upcoming) }
                try handle(step)
                try serviceSnapshots?.saveIfDue(sink)
                steps += 1
                if steps % 4_096 == 0 { try progress(self) }
                if finished { break }
            }
            try sink.flush()
        } catch {
            sink.abandon()
            throw error
        }
        try progress(self)
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
        scheduler.schedule(.expireOnboardingEntries, at: clock.now.advanced(bySeconds: 3_600))
        scheduleNextArrival()
        scheduler.schedule(.finish, at: options.end)
    }

    // MARK: - Steps

    /// Starts loading what `step` reads first into the caches, while the step before it runs:
    /// at scale its trip is cold in memory.
    private func prefetch(for step: Step) {
        switch step {
        case .tripUpdate(let trip), .driverArrived(let trip), .beginTrip(let trip), .endTrip(let trip):
            trips.prefetch(trip)
            liveActivities.prefetch(trip: trip.id)
        case .retryMatch(let trip):
            trips.prefetch(trip)
        case .driverApp(let driver):
            prefetchDriver(driver)
        default:
            break
        }
    }

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
            try wake(driver, at: try driverApps.advance(driver, now: clock.now, online: hasCoverage(driver)))
        case .leaveDarkSpot(let driver):
            guard case .closing = drivers[driver].activity, !map.hasCoverage(at: positions[driver]) else { break }
            positions[driver] = map.nearestCovered(to: positions[driver])
            try wake(driver, at: try driverApps.advance(driver, now: clock.now, online: true))
        case .killApp(let driver):
            try killApp(driver)
            scheduler.schedule(.killApp(driver: driver), at: nextKill())
        case .serviceOutage(let down):
            driverApps.serviceDown = down
            try sink.emit(OutageChanged(service: "trips", down: down), stream: "city")
            scheduler.schedule(.serviceOutage(down: !down), at: down ? clock.now.advanced(bySeconds: random.int(in: 60..<300)) : nextOutage())
        case .expireOnboardingEntries:
            onboarding.expireEntries(at: clock.now)
            scheduler.schedule(.expireOnboardingEntries, at: clock.now.advanced(bySeconds: 3_600))
        case .liveActivityTick:
            scheduleLiveActivityTick(try liveActivities.tick(now: clock.now))
        case .membershipVisit(let rider):
            if let due = try membership.begin(rider: rider, at: clock.now) { scheduler.schedule(.membershipStep(rider: rider), at: due) }
        case .membershipStep(let rider):
            switch try membership.step(rider: rider, at: clock.now) {
            case .due(let instant): scheduler.schedule(.membershipStep(rider: rider), at: instant)
            case .ended(let journey): try sink.emit(MembershipVisited(rider: rider, journey: journey), stream: EntityID.rider(rider))
            }
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
        scheduler.schedule(.riderArrives(nextRider), at: base.advanced(byMilliseconds: gap))
        nextRider += 1
    }

    func riderArrives(_ rider: Int) throws {
        scheduleNextArrival()
        let market = onboarding.markets[random.int(in: 0..<onboarding.markets.count)]
        try sink.emit(RiderArrived(rider: rider, market: market), stream: EntityID.rider(rider))
        let onboarded = try onboarding.onboard(rider: rider, market: market, start: clock.now, poorNetwork: random.bool(probability: 0.2))
        try sink.emit(onboarded, stream: EntityID.rider(rider))
        guard onboarded.succeeded else { return }
        let firstRequest = Instant(millisecondsSinceEpoch: onboarded.finishedAt).advanced(bySeconds: random.int(in: 30..<600))
        scheduler.schedule(.requestTrip(rider: rider), at: firstRequest)
    }
}
