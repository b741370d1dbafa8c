import PlatformKit

/// What a run did, derived only from projection states (so replay reproduces it exactly).
public struct SimulationSummary: Codable, Sendable, Equatable {
    public var options: SimulationOptions?
    public var finished: Bool
    public var ridersArrived: Int
    public var ridersByMarket: [String: Int]
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

    init(city: CityProjection.State) {
        options = city.options
        finished = city.finished
        ridersArrived = city.ridersArrived
        ridersByMarket = city.ridersByMarket
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
        let markets = ridersByMarket.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        lines.append("riders arrived: \(ridersArrived) (\(markets))")
        let reasons = cancellations.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        lines.append("trips: \(tripsRequested) requested, \(tripsCompleted) completed, \(tripsCancelled) cancelled (\(reasons)); \(pickupsInDarkSpots) pickups in dark spots")
        lines.append("gross fares: \(Money(minorUnits: grossFaresMinorUnits, currency: .usd))")
        lines.append("app kills: \(appKills); back-end outages: \(outages)")
        return lines
    }
}
