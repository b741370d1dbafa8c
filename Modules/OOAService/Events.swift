import EventLog
import OutOfAppDSL
import PlatformKit

/// `ooa.push.sent`: a push went to the activity and to the Android notification `notificationKey`
/// (starts, updates and ends alike).
public struct OOAPushSent: Event, Equatable {
    public static let eventType = "ooa.push.sent"
    public var trip: String
    public var at: Instant
    public var kind: PushKind
    public var reason: PushReason
    public var priority: PushPriority
    public var phase: TripPhase
    public var etaSeconds: Int
    public var progressPerMille: Int
    public var version: Int
    public var coalesced: Int
    public var rider: String?
    public var notificationKey: String

    /// Whether this is the decision on a change received (see ``OOADecision/answersAChange``).
    public var answersAChange: Bool { OOAPush.answersAChange(kind: kind, reason: reason, priority: priority) }
}

/// `ooa.change.held`: a low-priority change waits for the quiet window (`debounced`) or merged
/// into a change already waiting (`coalesced`); the newest goes out at `until`.
public struct OOAChangeHeld: Event, Equatable {
    public static let eventType = "ooa.change.held"
    public enum How: String, Codable, Sendable, CaseIterable { case debounced, coalesced }
    public var trip: String
    public var at: Instant
    public var how: How
    public var until: Instant
}

/// `ooa.push.throttled`: a held push exceeded the trip's budget; it goes out at `until`.
public struct OOAPushThrottled: Event, Equatable {
    public static let eventType = "ooa.push.throttled"
    public var trip: String
    public var at: Instant
    public var until: Instant
}

/// `ooa.change.dropped`: a change produced no push, and why.
public struct OOAChangeDropped: Event, Equatable {
    public static let eventType = "ooa.change.dropped"
    public var trip: String
    public var at: Instant
    public var reason: DropReason

    /// Whether this is the decision on a change received (see ``OOADecision/answersAChange``).
    public var answersAChange: Bool { reason.answersAChange }
}

extension OOADecision {
    /// The decision an event of the shared log records, or nil for an event that is none.
    public init?(_ event: any Event) {
        switch event {
        case let sent as OOAPushSent:
            let state = DeliveredState(phase: sent.phase, etaSeconds: sent.etaSeconds, progressPerMille: sent.progressPerMille)
            self.init(tripID: sent.trip, time: sent.at, outcome: .pushed(OOAPush(
                kind: sent.kind, reason: sent.reason, priority: sent.priority, state: state, version: sent.version,
                coalesced: sent.coalesced, riderID: sent.rider
            )))
        case let held as OOAChangeHeld:
            self.init(tripID: held.trip, time: held.at, outcome: held.how == .debounced ? .debounced(until: held.until) : .coalesced(until: held.until))
        case let throttled as OOAPushThrottled:
            self.init(tripID: throttled.trip, time: throttled.at, outcome: .throttled(until: throttled.until))
        case let dropped as OOAChangeDropped:
            self.init(tripID: dropped.trip, time: dropped.at, outcome: .dropped(dropped.reason))
        default:
            return nil
        }
    }

    /// The decision as an event of the shared log.
    public var event: any Event {
        switch outcome {
        case .pushed(let push):
            OOAPushSent(
                trip: tripID, at: time, kind: push.kind, reason: push.reason, priority: push.priority,
                phase: push.state.phase, etaSeconds: push.state.etaSeconds, progressPerMille: push.state.progressPerMille,
                version: push.version, coalesced: push.coalesced, rider: push.riderID, notificationKey: notificationKey
            )
        case .debounced(let until): OOAChangeHeld(trip: tripID, at: time, how: .debounced, until: until)
        case .coalesced(let until): OOAChangeHeld(trip: tripID, at: time, how: .coalesced, until: until)
        case .throttled(let until): OOAPushThrottled(trip: tripID, at: time, until: until)
        case .dropped(let reason): OOAChangeDropped(trip: tripID, at: time, reason: reason)
        }
    }

    /// The stream of the trip's decisions: `ooa-trip-<n>`.
    public var streamID: String { Self.streamID(ofTrip: tripID) }

    /// The stream of the decisions on trip `tripID`.
    public static func streamID(ofTrip tripID: String) -> String { String(concatenating: "ooa-", tripID) }

    /// The decision ready to record in the shared log.
    public var typedEvent: TypedEvent {
        TypedEvent(event, stream: streamID)
    }
}
