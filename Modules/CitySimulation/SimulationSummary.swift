import Dispatch
import DriverTrips
import Earnings
import EarningsPlatform
import EarningsService
import MembershipContract
import MembershipService
import OnboardingService
import OOAService
import OptimisticSync
import PlatformKit
import Synchronization

/// What a run did, derived only from projection states (so a replay reproduces it exactly).
public struct SimulationSummary: Codable, Sendable, Equatable {
    /// Onboarding in one market.
    public struct Onboarding: Codable, Sendable, Equatable {
        public var arrived: Int
        public var onboarded: Int
        public var failed: Int
        /// Round trips per finished attempt (sessions and failures).
        public var roundTripsPerOnboarding: Double
    }

    /// What the OOA service did with the trip-state changes it got.
    public struct LiveActivities: Codable, Sendable, Equatable {
        public var changesIn: Int
        public var pushesOut: Int
        public var coalesced: Int
        public var throttled: Int
        public var dropped: Int
        public var ended: Int
        /// Changes in per virtual hour, counted in the hour their trip ended.
        public var changesPerHour: [Int]
        /// Pushes out per virtual hour, counted in the hour each was sent.
        public var pushesPerHour: [Int]
    }

    /// Drivers' operations in Optimistic Mode.
    public struct OptimisticOperations: Codable, Sendable, Equatable {
        /// Requests the apps submitted (optimistic operations, and those that wait for the server,
        /// such as accepting a trip).
        public var submitted: Int
        /// Requests the server confirmed, of every kind.
        public var requestsConfirmed: Int
        /// Optimistic operations the server confirmed.
        public var confirmed: Int
        public var averageTimeSavedMilliseconds: Int64
        public var rolledBack: Int
        public var alerts: Int
        public var rebases: Int
        /// Actions the app refused before making a request, by reason.
        public var refused: [String: Int]
        /// Each driver's average time saved, in seconds (drivers with confirmed operations).
        public var averageSecondsSavedPerDriver: [Int]
    }

    /// The earnings back end and the drivers' trackers.
    public struct EarningsCheck: Codable, Sendable, Equatable {
        public var drivers: Int
        public var tripsRecorded: Int
        /// Drivers whose tracker cards, trip history and earnings home agree to the cent.
        public var consistentDrivers: Int
        /// The first disagreements found, if any.
        public var problems: [String]
    }

    public var options: SimulationOptions?
    public var finished: Bool
    public var ridersArrived: Int
    public var onboarding: [String: Onboarding]
    /// Accounts in the onboarding back end's projection.
    public var accounts: Int
    public var membershipJourneys: [String: Int]
    /// Members by status, from the membership back end's projection.
    public var membersByStatus: [String: Int]
    public var liveActivities: LiveActivities
    public var optimistic: OptimisticOperations
    public var earnings: EarningsCheck
    public var tripsRequested: Int
    public var tripsCompleted: Int
    public var tripsCancelled: Int
    public var cancellations: [String: Int]
    public var pickupsInDarkSpots: Int
    public var appKills: Int
    public var outages: Int
    public var grossFaresMinorUnits: Int64
    public var completedPerHour: [Int]
    public var cancelledPerHour: [Int]

    /// The summary of `states`; `earnings` and `optimistic` are those parts if they were computed already.
    init(_ states: ModuleStates, earnings: EarningsCheck? = nil, optimistic: OptimisticOperations? = nil) {
        let city = states.city, ooa = states.liveActivities
        accounts = states.accounts.accounts.count
        membersByStatus = Dictionary(states.members.members.values.map { ($0.status.rawValue, 1) }, uniquingKeysWith: +)
        self.optimistic = optimistic ?? OptimisticOperations(states.drivers, refused: city.refusedActions)
        self.earnings = earnings ?? EarningsCheck(states.earnings, trackers: states.trackers, at: city.options?.end)
        liveActivities = LiveActivities(
            changesIn: city.ooaChangesPerHour.reduce(0, +), pushesOut: ooa.pushes, coalesced: ooa.coalesced,
            throttled: ooa.throttled, dropped: ooa.dropped, ended: ooa.ended, changesPerHour: city.ooaChangesPerHour,
            pushesPerHour: city.ooaPushesPerHour
        )
        options = city.options
        finished = city.finished
        ridersArrived = city.ridersArrived
        onboarding = city.onboarding.mapValues { funnel in
            let finished = funnel.onboarded + funnel.failed
            return Onboarding(
                arrived: funnel.arrived, onboarded: funnel.onboarded, failed: funnel.failed,
                roundTripsPerOnboarding: finished == 0 ? 0 : Double(funnel.roundTrips) / Double(finished)
            )
        }
        membershipJourneys = city.membershipJourneys
        tripsRequested = city.tripsRequested
        tripsCompleted = city.tripsCompleted
        tripsCancelled = city.tripsCancelled
        cancellations = city.cancellations
        pickupsInDarkSpots = city.pickupsInDarkSpots
        appKills = city.appKills
        outages = city.outages
        grossFaresMinorUnits = city.grossFares
        completedPerHour = city.completedPerHour
        cancelledPerHour = city.cancelledPerHour
    }

    /// The summary as terminal lines.
    public var lines: [String] {
        var lines: [String] = []
        if let options {
            lines.append("city \(options.city): \(options.riders) riders, \(options.drivers) drivers, \(options.hours) h, seed \(options.seed)\(finished ? "" : " (unfinished)")")
        }
        lines.append("riders arrived: \(ridersArrived); accounts: \(accounts)")
        for (market, funnel) in onboarding.sorted(by: { $0.key < $1.key }) {
            let open = funnel.arrived - funnel.onboarded - funnel.failed
            let inProgress = open > 0 ? " (\(open) still onboarding)" : ""
            lines.append("  onboarding \(market): \(funnel.onboarded) onboarded, \(funnel.failed) failed of \(funnel.arrived)\(inProgress); \(fixed(funnel.roundTripsPerOnboarding)) round trips per onboarding")
        }
        lines.append("trips: \(tripsRequested) requested, \(tripsCompleted) completed, \(tripsCancelled) cancelled (\(listed(cancellations))); \(pickupsInDarkSpots) pickups in dark spots")
        lines.append("gross fares: \(Money(minorUnits: grossFaresMinorUnits, currency: .usd))")
        let ooa = liveActivities
        lines.append("live activities: \(ooa.changesIn) trip-state changes in, \(ooa.pushesOut) pushes out (\(ooa.ended) ends); \(ooa.coalesced) coalesced, \(ooa.throttled) throttled, \(ooa.dropped) dropped")
        lines.append("membership visits: \(listed(membershipJourneys)); members: \(listed(membersByStatus))")
        let ops = optimistic
        lines.append("optimistic operations: \(ops.confirmed) confirmed, average time saved \(fixed(Double(ops.averageTimeSavedMilliseconds) / 1_000)) s; \(ops.rolledBack) rolled back, \(ops.alerts) alerts, \(ops.rebases) rebases; requests: \(ops.submitted) submitted, \(ops.requestsConfirmed) confirmed; refused: \(tallied(ops.refused))")
        lines.append("earnings: \(earnings.tripsRecorded) trips for \(earnings.drivers) drivers; consistency verified for \(earnings.consistentDrivers) of \(earnings.drivers) drivers")
        lines += earnings.problems.map { "  earnings problem: \($0)" }
        lines.append("app kills: \(appKills); back-end outages: \(outages)")
        return lines
    }
}

/// `key value, key value` in key order.
func listed(_ counts: [String: Int]) -> String {
    counts.isEmpty ? "none" : counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
}

/// `reason (count); reason (count)`, the most frequent first (then in reason order): for counts
/// keyed by sentences, which may hold commas and colons.
func tallied(_ counts: [String: Int]) -> String {
    counts.isEmpty ? "none" : counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { "\($0.key) (\($0.value))" }.joined(separator: "; ")
}

/// A number with two decimals, without Foundation's locale-dependent formatting.
func fixed(_ value: Double) -> String {
    let hundredths = Int64((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}

extension SimulationSummary.OptimisticOperations {
    init(_ drivers: OptimisticProjection<TripSync>.State, refused: [String: Int]) {
        let stats = drivers.values.map(\.stats)
        let confirmed = stats.reduce(0) { $0 + $1.optimisticConfirmed }
        let saved = stats.reduce(Int64(0)) { $0 + $1.timeSavedMilliseconds }
        self.init(
            submitted: stats.reduce(0) { $0 + $1.submitted }, requestsConfirmed: stats.reduce(0) { $0 + $1.confirmed }, confirmed: confirmed,
            averageTimeSavedMilliseconds: confirmed == 0 ? 0 : saved / Int64(confirmed),
            rolledBack: stats.reduce(0) { $0 + $1.rolledBack }, alerts: stats.reduce(0) { $0 + $1.alerts },
            rebases: stats.reduce(0) { $0 + $1.rebases }, refused: refused,
            averageSecondsSavedPerDriver: drivers.keys.sorted().compactMap { key in
                drivers[key].flatMap { $0.stats.optimisticConfirmed > 0 ? Int($0.stats.averageTimeSaved.components.seconds) : nil }
            }
        )
    }
}

extension SimulationSummary.EarningsCheck {
    /// Runs the consistency law for every driver at the end of the run, on every core.
    init(_ earnings: EarningsProjection.State, trackers: TrackerProjection.State, at end: Instant?) {
        let plan = Plan(earnings, trackers: trackers, at: end)
        let results = Mutex([Plan.Result](repeating: Plan.Result(), count: plan.chunks))
        DispatchQueue.concurrentPerform(iterations: plan.chunks) { chunk in
            let result = plan.check(chunk: chunk)
            results.withLock { $0[chunk] = result }
        }
        self = plan.merged(results.withLock { $0 })
    }

    /// The check split into chunks of drivers that can run on any thread in any order; their
    /// results merge in driver order, so the summary does not depend on it.
    struct Plan: Sendable {
        struct Result: Sendable {
            var consistent = 0
            var problems: [String] = []
        }

        private let earnings: EarningsProjection.State
        private let trackers: TrackerProjection.State
        private let end: Instant?
        // The ids sorted, not the records: sorting moves each element a dozen times or more, and
        // moving a driver's record retains and releases every array and string in it.
        private let drivers: [String]
        private static let chunkSize = 512

        init(_ earnings: EarningsProjection.State, trackers: TrackerProjection.State, at end: Instant?) {
            (self.earnings, self.trackers, self.end) = (earnings, trackers, end)
            drivers = earnings.drivers.keys.sorted()
        }

        var chunks: Int { (drivers.count + Self.chunkSize - 1) / Self.chunkSize }

        func check(chunk: Int) -> Result {
            let calendar = EarningsConfig().calendar
            // One per chunk: its plugins are resolved once, and no thread shares its references.
            let dataManager = TrackerDataManager()
            var result = Result()
            for driver in drivers[(chunk * Self.chunkSize)..<min(drivers.count, (chunk + 1) * Self.chunkSize)] {
                guard let record = earnings.drivers[driver] else { continue }
                let found = end.map {
                    EarningsConsistency.problems(
                        driverID: driver, earnings: record, tracker: trackers.trackers[driver] ?? TrackerState(), at: $0, calendar: calendar,
                        dataManager: dataManager
                    )
                } ?? []
                if found.isEmpty {
                    result.consistent += 1
                } else if result.problems.count < 5 {
                    result.problems += found.prefix(5 - result.problems.count)
                }
            }
            return result
        }

        /// The check from the results of every chunk, in chunk order.
        func merged(_ results: [Result]) -> SimulationSummary.EarningsCheck {
            SimulationSummary.EarningsCheck(
                drivers: earnings.drivers.count, tripsRecorded: earnings.drivers.values.reduce(0) { $0 + $1.trips.count },
                consistentDrivers: results.reduce(0) { $0 + $1.consistent }, problems: Array(results.flatMap(\.problems).prefix(5))
            )
        }
    }
}
