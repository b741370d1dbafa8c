/// The quality of a simulated network link, evaluated in virtual time: latency, loss and outages.
///
/// Pure data, so a scenario file or a simulation can describe dark spots (tunnels, airport curbs)
/// and poor networks without code.
public struct NetworkConditions: Sendable, Hashable, Codable {
    /// One-way latency in milliseconds, drawn uniformly per message.
    public var latencyMilliseconds: ClosedRange<Int64>
    /// Probability that a single message (request or response, independently) is lost.
    public var lossProbability: Double
    /// Windows during which nothing gets through.
    public var outages: [Outage]

    /// A half-open window `[start, end)` with no connectivity.
    public struct Outage: Sendable, Hashable, Codable {
        public var start: Instant
        public var end: Instant

        public init(start: Instant, end: Instant) {
            self.start = start
            self.end = end
        }

        /// Whether `instant` falls inside the window.
        public func contains(_ instant: Instant) -> Bool { start <= instant && instant < end }
    }

    public init(latencyMilliseconds: ClosedRange<Int64> = 0...0, lossProbability: Double = 0, outages: [Outage] = []) {
        self.latencyMilliseconds = latencyMilliseconds
        self.lossProbability = lossProbability
        self.outages = outages
    }

    /// The longest one-way latency a scenario may name: a day, in milliseconds. A longer delay is
    /// an outage; the bound keeps every time computed from a latency far inside the clock's range.
    public static let longestLatencyMilliseconds: Int64 = 86_400_000

    /// No latency, no loss, never down.
    public static let perfect = NetworkConditions()

    /// Whether the link is up at `instant`.
    public func isReachable(at instant: Instant) -> Bool {
        !outages.contains { $0.contains(instant) }
    }
}
