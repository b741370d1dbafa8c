import EventLog

/// The simulation's own events (namespace `city.`): what happens in the city around the modules.
enum CityEvents {
    /// Every city event, for decoding and replay.
    static var registry: EventRegistry {
        var registry = EventRegistry()
        registry.register(SimulationStarted.self)
        registry.register(SimulationFinished.self)
        registry.register(RiderArrived.self)
        registry.register(RiderOnboarded.self)
        registry.register(MembershipVisited.self)
        registry.register(TripRequested.self)
        registry.register(TripMatched.self)
        registry.register(TripPickedUp.self)
        registry.register(TripCompleted.self)
        registry.register(TripCancelled.self)
        registry.register(AppKilled.self)
        registry.register(DriverActionRefused.self)
        registry.register(OutageChanged.self)
        return registry
    }
}

/// The run's options, first event of every simulation log.
struct SimulationStarted: Event {
    static let eventType = "city.simulation.started"
    var options: SimulationOptions
}

/// The run reached its end time.
struct SimulationFinished: Event {
    static let eventType = "city.simulation.finished"
    var at: Int64
}

struct RiderArrived: Event {
    static let eventType = "city.rider.arrived"
    var rider: Int
    var market: String
}

/// A rider's onboarding attempt ended (through the onboarding modules), with its round trips.
struct RiderOnboarded: Event {
    static let eventType = "city.rider.onboarded"
    var rider: Int
    var market: String
    var succeeded: Bool
    var roundTrips: Int
    var finishedAt: Int64
}

/// A member went through the membership card screens.
struct MembershipVisited: Event {
    static let eventType = "city.membership.visited"
    var rider: Int
    var journey: String
}

struct TripRequested: Event {
    static let eventType = "city.trip.requested"
    var trip: Int
    var rider: Int
    var at: Int64
}

struct TripMatched: Event {
    static let eventType = "city.trip.matched"
    var trip: Int
    var driver: Int
    /// Seconds until the driver reaches the pickup.
    var pickupSeconds: Int
}

struct TripPickedUp: Event {
    static let eventType = "city.trip.picked-up"
    var trip: Int
    var inDarkSpot: Bool
}

struct TripCompleted: Event {
    static let eventType = "city.trip.completed"
    var trip: Int
    var driver: Int
    var fareMinorUnits: Int64
    var at: Int64
    /// Trip-state changes the OOA service received for this trip.
    var ooaChanges: Int
}

struct TripCancelled: Event {
    static let eventType = "city.trip.cancelled"
    var trip: Int
    var reason: String
    var at: Int64
    var ooaChanges: Int
}

/// A rider's or driver's app was killed and restarted.
struct AppKilled: Event {
    static let eventType = "city.app.killed"
    var client: String
}

/// A back-end service went down or came back.
struct OutageChanged: Event {
    static let eventType = "city.outage.changed"
    var service: String
    var down: Bool
}

/// A driver's app refused an action before making a request (e.g. arriving while the accept is
/// still unconfirmed in a dark spot, so the app has no current trip).
struct DriverActionRefused: Event {
    static let eventType = "city.driver.action-refused"
    var driver: Int
    var reason: String
}
