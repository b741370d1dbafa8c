import PlatformKit

/// What a city simulation run is: its size, length and seed. Same options ⇒ same log.
public struct SimulationOptions: Sendable, Hashable, Codable {
    public var city: String
    public var riders: Int
    public var drivers: Int
    /// Virtual hours simulated.
    public var hours: Int
    public var seed: UInt64
    /// The virtual instant the run starts at.
    public var start: Instant
    /// Take a snapshot of every projection each this many events.
    public var snapshotEvery: Int64
    /// Events appended per log transaction.
    public var batchSize: Int

    public init(
        city: String = "metropolis", riders: Int = 3_000, drivers: Int = 400, hours: Int = 4, seed: UInt64 = 1,
        start: Instant = Instant(millisecondsSinceEpoch: 1_795_000_000_000),
        snapshotEvery: Int64 = 250_000, batchSize: Int = 4_096
    ) {
        self.city = city
        self.riders = riders
        self.drivers = drivers
        self.hours = hours
        self.seed = seed
        self.start = start
        self.snapshotEvery = snapshotEvery
        self.batchSize = batchSize
    }

    /// The instant the run ends.
    public var end: Instant { start.advanced(bySeconds: hours * 3_600) }

    /// The largest city a run accepts: ten times the large run (2 000 000 riders,
    /// 50 000 drivers). Beyond it a run would outgrow memory or the 1 GiB snapshot limit
    /// only after minutes or hours; it is refused at once instead.
    public static let maxRiders = 20_000_000
    public static let maxDrivers = 500_000
    /// The longest run: thirty virtual days.
    public static let maxHours = 24 * 30

    /// Checks the options; throws a message naming the bad option.
    public func validate() throws(SimulationError) {
        guard (1...Self.maxRiders).contains(riders) else { throw SimulationError("--riders must be between 1 and \(Self.maxRiders)") }
        guard (1...Self.maxDrivers).contains(drivers) else { throw SimulationError("--drivers must be between 1 and \(Self.maxDrivers)") }
        guard (1...Self.maxHours).contains(hours) else { throw SimulationError("--hours must be between 1 and \(Self.maxHours)") }
        guard !city.isEmpty else { throw SimulationError("--city must not be empty") }
        // The name heads the summary's first line: a line break or other control character would split or garble it.
        guard !city.containsControlCharacters else {
            throw SimulationError("--city must not contain control characters (line breaks, tabs)")
        }
        guard snapshotEvery >= 1 else { throw SimulationError("--snapshot-every must be at least 1") }
        guard batchSize >= 1 else { throw SimulationError("the batch size must be at least 1") }
    }
}

/// A simulation failure with a one-line message.
public struct SimulationError: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
