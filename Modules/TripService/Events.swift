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
///
/// Version 2: the answer's snapshot lists no applied keys. The driver's recent keys are its last
/// accepted keys, so the fold derives them (``TripServiceState/recentKeys``); the service answers
/// with them, and version 1 listed them in every event.
public struct DriverRequestHandled: Event {
    public static let eventType = "trips.service.request.handled"
    public static let schemaVersion = 2
    public var driver: String
    public var kind: String
    public var idempotencyKey: String
    public var answer: SyncResponse<DriverState>
    /// Refused because a rejection of its kind was armed.
    public var forced: Bool
}

extension SyncResponse<DriverState> {
    /// The answer with its snapshot's version and state only, as an event records it.
    var withoutAppliedKeys: SyncResponse<DriverState> {
        switch self {
        case .accepted(let snapshot, let assignedIDs): .accepted(snapshot.withoutAppliedKeys, assignedIDs: assignedIDs)
        case .rejected(let reason, let snapshot): .rejected(reason: reason, snapshot: snapshot.withoutAppliedKeys)
        case .unavailable, .malformed: self
        }
    }
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
        // Version 1 has the same fields; its answers listed the keys, which version 2 derives.
        registry.register(DriverRequestHandled.self, version: 1, upcastTo: DriverRequestHandled.self) { old in
            var upcast = old
            upcast.answer = old.answer.withoutAppliedKeys
            return upcast
        }
        registry.register(RejectionArmed.self)
        return registry
    }

    /// The stream of `driverID`'s events (`nil`: the service's own).
    public static func streamID(_ driverID: String?) -> String {
        driverID.map { "trips.service/\($0)" } ?? "trips.service"
    }
}
