import EventLog
import OptimisticSync
import PlatformKit
import TripContract

/// The trip service's state: the projection of its events.
public struct TripServiceState: Codable, Sendable, Equatable {
    public var drivers: [String: DriverRecord] = [:]
    public var offers: [String: Offer] = [:]
    /// Kinds whose next request is rejected.
    public var armedRejections: [String] = []

    public init() {}

    /// How many of a driver's most recent answers are kept for retries (a driver never has more
    /// requests in flight than this, so an older key is never retried).
    public static let answerWindow = 64

    /// How many applied idempotency keys a driver's snapshot lists: its last accepted keys.
    public static let recentKeys = 16

    /// Appends `key` to `keys`, keeping the last ``recentKeys``.
    static func append(_ key: String, to keys: inout [String]) {
        if keys.count >= recentKeys { keys.removeFirst(keys.count - recentKeys + 1) }
        keys.append(key)
    }

    /// What the service keeps per driver.
    public struct DriverRecord: Sendable, Equatable {
        public var snapshot = ServerSnapshot(version: 0, state: DriverState())
        /// The outcome of each of the last `answerWindow` idempotency keys handled, oldest first,
        /// given again to retries, by window key (see ``windowKey(_:of:)``).
        public internal(set) var answers = AnswerWindow()

        public init() {}

        /// The outcome given to `key` of `driver`, if it is still in the window.
        public func outcome(for key: String, of driver: String) -> Outcome? {
            answers[Self.windowKey(key, of: driver)]
        }

        /// Takes an accepted answer's version and state; its key joins the recent keys, in place.
        mutating func accept(_ answered: ServerSnapshot<DriverState>, key: String) {
            snapshot.version = answered.version
            snapshot.state = answered.state
            TripServiceState.append(key, to: &snapshot.applied)
        }

        /// Remembers the outcome of `answer` for `key` of `driver`, forgetting the oldest beyond the window.
        mutating func remember(_ answer: SyncResponse<DriverState>, for key: String, of driver: String) {
            remember(Outcome(answer), for: key, of: driver)
        }

        /// Remembers `outcome` for `key` of `driver`, forgetting the oldest beyond the window.
        mutating func remember(_ outcome: Outcome, for key: String, of driver: String) {
            answers.set(outcome, for: Self.windowKey(key, of: driver), limit: TripServiceState.answerWindow)
        }

        /// `key` as the window holds it: a driver's keys mostly begin with `driver/`, which makes
        /// them longer than a `String` holds inline (an allocation each, 64 per driver), so such
        /// a key is kept as `/` and the rest, and any other as `=` and the key.
        static func windowKey(_ key: String, of driver: String) -> String {
            let utf8 = key.utf8, prefix = driver.utf8
            guard utf8.count > prefix.count, utf8.starts(with: prefix), utf8[utf8.index(utf8.startIndex, offsetBy: prefix.count)] == UInt8(ascii: "/") else {
                return "=" + key
            }
            return String(key[utf8.index(utf8.startIndex, offsetBy: prefix.count)...])
        }
    }

    /// A handled request's outcome without the state it was answered with: a retry gets the same
    /// outcome with the driver's state as it is then, which includes the request (kept this way,
    /// the service's state stays ~50× smaller than with every answer's snapshot).
    public enum Outcome: Codable, Sendable, Equatable {
        case accepted(assignedIDs: [IDAssignment])
        case rejected(reason: String)
        case unavailable(reason: String)
        case malformed(reason: String)

        init(_ answer: SyncResponse<DriverState>) {
            switch answer {
            case .accepted(_, let assignedIDs): self = .accepted(assignedIDs: assignedIDs)
            case .rejected(let reason, _): self = .rejected(reason: reason)
            case .unavailable(let reason): self = .unavailable(reason: reason)
            case .malformed(let reason): self = .malformed(reason: reason)
            }
        }

        /// The answer to a retry, with `snapshot`, the driver's current state.
        func answer(with snapshot: ServerSnapshot<DriverState>) -> SyncResponse<DriverState> {
            switch self {
            case .accepted(let assignedIDs): .accepted(snapshot, assignedIDs: assignedIDs)
            case .rejected(let reason): .rejected(reason: reason, snapshot: snapshot)
            case .unavailable(let reason): .unavailable(reason: reason)
            case .malformed(let reason): .malformed(reason: reason)
            }
        }
    }

    /// A trip offered to a driver, with its latest estimate.
    public struct Offer: Codable, Sendable, Equatable {
        public var driver: String
        public var estimate: Money
    }

    /// Folds one event.
    public mutating func apply(_ event: any Event) {
        if let offered = event.exactly(TripOffered.self) {
            offers[offered.trip] = Offer(driver: offered.driver, estimate: offered.estimate)
        } else if let update = event.exactly(EstimateUpdated.self) {
            offers[update.trip]?.estimate = update.estimate
            guard let trip = drivers[update.driver]?.snapshot.state.trip, trip.id == update.trip, trip.phase != .ended else { return }
            drivers[update.driver]?.snapshot.state.trip?.fareEstimate = update.estimate
            drivers[update.driver]?.snapshot.version += 1
        } else if let handled = event.exactly(DriverRequestHandled.self) {
            // In place: copying a record would copy every stored answer.
            drivers[handled.driver, default: DriverRecord()].remember(handled.answer, for: handled.idempotencyKey, of: handled.driver)
            if case .accepted(let snapshot, _) = handled.answer {
                drivers[handled.driver]?.accept(snapshot, key: handled.idempotencyKey)
                // An ended trip gets no more estimates or accepts: its offer is done.
                if let trip = snapshot.state.trip, trip.phase == .ended { offers[trip.id] = nil }
            }
            if handled.forced, let index = armedRejections.firstIndex(of: handled.kind) { armedRejections.remove(at: index) }
        } else if let armed = event.exactly(RejectionArmed.self) {
            armedRejections.append(armed.kind)
        }
    }
}

/// The trip service's state in a log.
public struct TripServiceProjection: Projection {
    public init() {}

    public var name: String { "trips.service" }
    /// 3: answers kept as outcomes (``TripServiceState/Outcome``); 4: by window key
    /// (``TripServiceState/DriverRecord/windowKey(_:of:)``).
    public var version: Int { 4 }
    public var initialState: TripServiceState { TripServiceState() }
    public var events: EventRegistry { TripService.eventRegistry }

    public func apply(_ event: any Event, envelope: RecordedEvent, to state: inout TripServiceState) {
        state.apply(event)
    }
}
