import EventLog
import OOAService
import PlatformKit

/// The city's own story, folded from `city.` events (arrivals, trips, kills, outages) and the OOA
/// service's decisions, for the report's hourly charts.
struct CityProjection: Projection {
    struct State: Codable, Sendable, Equatable {
        var options: SimulationOptions?
        var finished = false
        var ridersArrived = 0
        var onboarding: [String: MarketFunnel] = [:]
        var membershipJourneys: [String: Int] = [:]
        var tripsRequested = 0
        var tripsCompleted = 0
        var tripsCancelled = 0
        var cancellations: [String: Int] = [:]
        var pickupsInDarkSpots = 0
        /// Trip-state changes the OOA service received, per virtual hour (the hour each came in:
        /// of its decision that ``OOADecision/answersAChange``).
        var ooaChangesPerHour: [Int] = []
        /// Pushes the OOA service sent, per virtual hour (the hour each was sent).
        var ooaPushesPerHour: [Int] = []
        var appKills = 0
        var refusedActions: [String: Int] = [:]
        var outages = 0
        /// Gross fares of completed trips, in minor units.
        var grossFares: Int64 = 0
        /// Completed trips per virtual hour of the run.
        var completedPerHour: [Int] = []
        var cancelledPerHour: [Int] = []
    }

    /// Onboarding in one market: arrivals, sessions, failures and the round trips they took.
    struct MarketFunnel: Codable, Sendable, Equatable {
        var arrived = 0
        var onboarded = 0
        var failed = 0
        var roundTrips = 0
    }

    var name: String { "city.summary" }
    /// 2: refused actions counted by their whole reason (1 kept what came before a colon), and
    /// pushes counted per hour. 3: changes counted as the OOA service answers them (2 counted a
    /// trip's when it ended).
    var version: Int { 3 }
    var events: EventRegistry {
        var registry = CityEvents.registry
        registry.register(OOAPushSent.self)
        registry.register(OOAChangeHeld.self)
        registry.register(OOAChangeDropped.self)
        return registry
    }
    var initialState: State { State() }

    func apply(_ event: any Event, envelope: RecordedEvent, to state: inout State) {
        // First: the OOA service's decisions are most of a run's events.
        if let e = event.exactly(OOAPushSent.self) {
            Self.count(at: e.at.millisecondsSinceEpoch, in: &state.ooaPushesPerHour, options: state.options)
            if e.answersAChange { Self.countChange(at: e.at, in: &state) }
        } else if let e = event.exactly(OOAChangeHeld.self) {
            Self.countChange(at: e.at, in: &state)
        } else if let e = event.exactly(OOAChangeDropped.self) {
            if e.answersAChange { Self.countChange(at: e.at, in: &state) }
        } else if let e = event.exactly(SimulationStarted.self) {
            state.options = e.options
            state.completedPerHour = Array(repeating: 0, count: e.options.hours)
            state.cancelledPerHour = Array(repeating: 0, count: e.options.hours)
            state.ooaChangesPerHour = Array(repeating: 0, count: e.options.hours)
            state.ooaPushesPerHour = Array(repeating: 0, count: e.options.hours)
        } else if type(of: event) == SimulationFinished.self {
            state.finished = true
        } else if let e = event.exactly(RiderArrived.self) {
            state.ridersArrived += 1
            state.onboarding[e.market, default: MarketFunnel()].arrived += 1
        } else if let e = event.exactly(RiderOnboarded.self) {
            if e.succeeded {
                state.onboarding[e.market, default: MarketFunnel()].onboarded += 1
            } else {
                state.onboarding[e.market, default: MarketFunnel()].failed += 1
            }
            state.onboarding[e.market, default: MarketFunnel()].roundTrips += e.roundTrips
        } else if let e = event.exactly(MembershipVisited.self) {
            state.membershipJourneys[e.journey, default: 0] += 1
        } else if type(of: event) == TripRequested.self {
            state.tripsRequested += 1
        } else if let e = event.exactly(TripPickedUp.self) {
            if e.inDarkSpot { state.pickupsInDarkSpots += 1 }
        } else if let e = event.exactly(TripCompleted.self) {
            state.tripsCompleted += 1
            state.grossFares += e.fareMinorUnits
            Self.count(at: e.at, in: &state.completedPerHour, options: state.options)
        } else if let e = event.exactly(TripCancelled.self) {
            state.tripsCancelled += 1
            state.cancellations[e.reason, default: 0] += 1
            Self.count(at: e.at, in: &state.cancelledPerHour, options: state.options)
        } else if type(of: event) == AppKilled.self {
            state.appKills += 1
        } else if let e = event.exactly(DriverActionRefused.self) {
            state.refusedActions[e.reason, default: 0] += 1
        } else if let e = event.exactly(OutageChanged.self) {
            if e.down { state.outages += 1 }
        }
    }

    /// Counts a trip-state change the OOA service answered at `time`.
    private static func countChange(at time: Instant, in state: inout State) {
        count(at: time.millisecondsSinceEpoch, in: &state.ooaChangesPerHour, options: state.options)
    }

    private static func count(at milliseconds: Int64, in buckets: inout [Int], options: SimulationOptions?) {
        guard let options, !buckets.isEmpty else { return }
        let hour = Int((milliseconds - options.start.millisecondsSinceEpoch) / 3_600_000)
        buckets[min(max(hour, 0), buckets.count - 1)] += 1
    }
}
