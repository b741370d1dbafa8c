import OnboardingService
import OOAService
import PlatformKit

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
        public var changesPerHour: [Int]
    }

    public var options: SimulationOptions?
    public var finished: Bool
    public var ridersArrived: Int
    public var onboarding: [String: Onboarding]
    /// Accounts in the onboarding back end's projection.
    public var accounts: Int
    public var membershipJourneys: [String: Int]
    public var liveActivities: LiveActivities
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

    init(city: CityProjection.State, ooa: OOAProjection.State, accounts: OnboardingState) {
        self.accounts = accounts.accounts.count
        liveActivities = LiveActivities(
            changesIn: city.ooaChangesPerHour.reduce(0, +), pushesOut: ooa.pushes, coalesced: ooa.coalesced,
            throttled: ooa.throttled, dropped: ooa.dropped, ended: ooa.ended, changesPerHour: city.ooaChangesPerHour
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
            lines.append("  onboarding \(market): \(funnel.onboarded) onboarded, \(funnel.failed) failed of \(funnel.arrived); \(fixed(funnel.roundTripsPerOnboarding)) round trips per onboarding")
        }
        lines.append("trips: \(tripsRequested) requested, \(tripsCompleted) completed, \(tripsCancelled) cancelled (\(listed(cancellations))); \(pickupsInDarkSpots) pickups in dark spots")
        lines.append("gross fares: \(Money(minorUnits: grossFaresMinorUnits, currency: .usd))")
        let ooa = liveActivities
        lines.append("live activities: \(ooa.changesIn) trip-state changes in, \(ooa.pushesOut) pushes out (\(ooa.ended) ends); \(ooa.coalesced) coalesced, \(ooa.throttled) throttled, \(ooa.dropped) dropped")
        lines.append("membership visits: \(listed(membershipJourneys))")
        lines.append("app kills: \(appKills); back-end outages: \(outages)")
        return lines
    }
}

/// `key value, key value` in key order.
func listed(_ counts: [String: Int]) -> String {
    counts.isEmpty ? "none" : counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
}

/// A number with two decimals, without Foundation's locale-dependent formatting.
func fixed(_ value: Double) -> String {
    let hundredths = Int64((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
}
