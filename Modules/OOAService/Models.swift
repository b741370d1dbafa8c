import OutOfAppDSL
import PlatformKit

/// A point on the map, in degrees.
public struct Location: Sendable, Hashable, Codable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// One change of a trip's state, as the trip service reports it.
public struct TripStateChange: Sendable, Hashable {
    /// The trip, e.g. `trip-42`; one activity (and one Android notification) per trip.
    public var tripID: String
    /// The rider whose lock screen shows the activity, e.g. `rider-7`.
    public var riderID: String
    public var phase: TripPhase
    /// Seconds to pickup (before pickup) or to the destination (on trip).
    public var etaSeconds: Int
    /// The driver's (or the car's) location.
    public var location: Location
    /// When the change happened (virtual time in simulations).
    public var time: Instant

    public init(tripID: String, riderID: String, phase: TripPhase, etaSeconds: Int, location: Location, time: Instant) {
        self.tripID = tripID
        self.riderID = riderID
        self.phase = phase
        self.etaSeconds = etaSeconds
        self.location = location
        self.time = time
    }
}

/// How urgently a push goes out: high pushes skip the debounce window and the budget.
public enum PushPriority: UInt8, Sendable, Hashable, CaseIterable, Codable {
    case low
    case high
}

/// A change the service holds significant, with the priority its push gets.
///
/// Phase changes are always significant and high priority; these rules cover everything else.
public struct SignificanceRule: Sendable, Hashable, Codable {
    public enum Field: String, Sendable, Hashable, Codable {
        /// The ETA, in seconds.
        case eta
        /// The location, in metres.
        case location
    }

    public var field: Field
    /// The smallest change that counts (seconds for `eta`, metres for `location`).
    public var threshold: Int
    public var priority: PushPriority

    public init(field: Field, threshold: Int, priority: PushPriority = .low) {
        self.field = field
        self.threshold = threshold
        self.priority = priority
    }
}

/// A per-trip push budget: at most `burst` pushes at once, then one per `interval`.
public struct PushBudget: Sendable, Hashable, Codable {
    public var burst: Int
    public var interval: Duration

    public init(burst: Int, interval: Duration) {
        self.burst = burst
        self.interval = interval
    }
}

/// Everything the service decides with, as data.
public struct OOAPolicy: Sendable, Hashable, Codable {
    /// What makes a change worth a push (besides a phase change, which always is).
    public var rules: [SignificanceRule]
    /// A low-priority change is delivered after this long without a newer change…
    public var quietWindow: Duration
    /// …but never later than this after the first held change.
    public var maxDelay: Duration
    /// Low-priority pushes per trip; high-priority pushes spend it but are never held by it.
    public var budget: PushBudget
    /// The platform's activity lifetime: the activity is ended then at the latest.
    public var lifetime: Duration
    /// How long an ended trip is remembered, so a late change does not start a new activity.
    public var memoryAfterEnd: Duration

    public init(rules: [SignificanceRule], quietWindow: Duration, maxDelay: Duration, budget: PushBudget, lifetime: Duration, memoryAfterEnd: Duration) {
        self.rules = rules
        self.quietWindow = quietWindow
        self.maxDelay = maxDelay
        self.budget = budget
        self.lifetime = lifetime
        self.memoryAfterEnd = memoryAfterEnd
    }

    /// ETA changes of a minute or more and moves of 500 m or more; 3 s quiet window (15 s at most);
    /// 6 pushes at once then one per 20 s; ActivityKit's 8-hour lifetime; ended trips remembered 10 minutes.
    public static let standard = OOAPolicy(
        rules: [SignificanceRule(field: .eta, threshold: 60), SignificanceRule(field: .location, threshold: 500)],
        quietWindow: .seconds(3), maxDelay: .seconds(15),
        budget: PushBudget(burst: 6, interval: .seconds(20)), lifetime: .seconds(8 * 3600),
        memoryAfterEnd: .seconds(600)
    )
}
