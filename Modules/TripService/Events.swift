import EventLog
import OptimisticSync
import PlatformKit
import TripContract

// The trip service's events: every change to its state, in the stream `trips.service/<driver>`
// (`trips.service` for scripted faults). `TripServiceState.apply` folds them.

/// A trip was offered to a driver, with a first price estimate.
public struct TripOffered: Event {
    public static let eventType = "trips.service.trip.offered"
    public var trip: String
    public var driver: String
    public var estimate: Money
}

/// A new price estimate for a trip (the driver's state changes if the trip is under way).
public struct EstimateUpdated: Event {
    public static let eventType = "trips.service.estimate.updated"
    public var trip: String
    public var driver: String
    public var estimate: Money
}

/// A driver's request was handled for the first time: the answer every retry of its key gets.
public struct DriverRequestHandled: Event {
    public static let eventType = "trips.service.request.handled"
    public var driver: String
    public var kind: String
    public var idempotencyKey: String
    public var answer: SyncResponse<DriverState>
    /// Refused because a rejection of its kind was armed.
    public var forced: Bool
}

/// The next request of `kind` will be rejected (a scripted server-side refusal).
public struct RejectionArmed: Event {
    public static let eventType = "trips.service.rejection.armed"
    public var kind: String
}

extension TripService {
    /// The service's events, for tools and replays.
    public static var eventRegistry: EventRegistry {
        var registry = EventRegistry()
        registry.register(TripOffered.self)
        registry.register(EstimateUpdated.self)
        registry.register(DriverRequestHandled.self)
        registry.register(RejectionArmed.self)
        return registry
    }

    /// The stream of `driverID`'s events (`nil`: the service's own).
    public static func streamID(_ driverID: String?) -> String {
        driverID.map { "trips.service/\($0)" } ?? "trips.service"
    }
}
