import EventLog
import OptimisticSync
import PlatformKit
import TripContract

/// The trip service (server half): offers trips, accepts or rejects drivers' requests, answers with
/// versioned state, and applies each idempotency key once (a retry gets the same outcome, with
/// the driver's state as it is then).
///
/// Every change is an event folded into `state`; `takeEvents()` hands them to the caller's log.
public struct TripService: Sendable {
    public var rules: TripRules
    /// Added to the last estimate to make the final fare.
    public var bookingFee: Money
    /// The projection of the service's events.
    public private(set) var state: TripServiceState
    private var outbox: [TypedEvent] = []

    /// A service starting from `state` (empty, or replayed from a log).
    public init(rules: TripRules = TripRules(), bookingFee: Money = Money(minorUnits: 100, currency: .usd), state: TripServiceState = TripServiceState()) {
        self.rules = rules
        self.bookingFee = bookingFee
        self.state = state
    }

    /// The state the service holds for `driverID`.
    public func snapshot(for driverID: String) -> ServerSnapshot<DriverState> {
        state.drivers[driverID]?.snapshot ?? ServerSnapshot(version: 0, state: DriverState())
    }

    /// Offers `tripID` to `driverID` with a first price estimate.
    public mutating func offer(trip tripID: String, to driverID: String, estimate: Money) {
        emit(TripOffered(trip: tripID, driver: driverID, estimate: estimate), driver: driverID)
    }

    /// A new price estimate for an offered trip; returns the driver's snapshot to push if the trip is under way.
    public mutating func updateEstimate(trip tripID: String, to estimate: Money) -> (driverID: String, snapshot: ServerSnapshot<DriverState>)? {
        guard let driverID = state.offers[tripID]?.driver else { return nil }
        let before = snapshot(for: driverID).version
        emit(EstimateUpdated(trip: tripID, driver: driverID, estimate: estimate), driver: driverID)
        let after = snapshot(for: driverID)
        return after.version > before ? (driverID, after) : nil
    }

    /// Makes the next request of `kind` fail with a rejection.
    public mutating func rejectNext(_ kind: String) {
        emit(RejectionArmed(kind: kind), driver: nil)
    }

    /// Handles one request; a key seen before gets the same outcome without being applied again.
    public mutating func handle(_ message: SyncRequest) -> SyncResponse<DriverState> {
        let request = message.request
        if let record = state.drivers[message.clientID], let outcome = record.outcome(for: request.idempotencyKey, of: message.clientID) {
            return outcome.answer(with: record.snapshot)
        }
        let forced = TripKind.all.contains(request.kind) && state.armedRejections.contains(request.kind)
        let decided = forced
            ? .rejected(reason: "The server refused \(request.kind)", snapshot: snapshot(for: message.clientID).withoutAppliedKeys)
            : decide(message.clientID, request)
        emit(DriverRequestHandled(driver: message.clientID, kind: request.kind, idempotencyKey: request.idempotencyKey, answer: decided, forced: forced), driver: message.clientID)
        // Answered with the driver's snapshot as the event left it: its recent keys, this one's last.
        return TripServiceState.Outcome(decided).answer(with: snapshot(for: message.clientID))
    }

    /// Whether events wait for ``takeEvents()``.
    public var hasEvents: Bool { !outbox.isEmpty }

    /// The events since the last call, for the log (``EventLogWriter/record(_:)``), and empties the outbox.
    public mutating func takeEvents() -> [TypedEvent] {
        defer { outbox.removeAll() }
        return outbox
    }

    private mutating func emit(_ event: any Event, driver: String?) {
        state.apply(event)
        outbox.append(TypedEvent(event, stream: Self.streamID(driver)))
    }

    private mutating func decide(_ driverID: String, _ request: OptimisticRequest) -> SyncResponse<DriverState> {
        guard TripKind.all.contains(request.kind) else { return .malformed(reason: "unknown request kind \(request.kind)") }
        let stored = snapshot(for: driverID).withoutAppliedKeys
        var current = stored
        if let refusal = move(&current.state, driverID, request) {
            return .rejected(reason: refusal, snapshot: stored)
        }
        current.version += 1
        return .accepted(current, assignedIDs: [])
    }

    /// The server's move: accept needs an offer, ending sets the final fare; the rest is the shared transition.
    private func move(_ driver: inout DriverState, _ driverID: String, _ request: OptimisticRequest) -> String? {
        switch request.kind {
        case TripKind.accept:
            guard let tripID = request[TripParameter.trip], let offer = state.offers[tripID], offer.driver == driverID else {
                return "Trip \(request[TripParameter.trip] ?? "?") is no longer available"
            }
            guard driver.isOnline else { return "Go online to accept trips" }
            driver.trip = Trip(id: tripID, phase: .accepted, fareEstimate: offer.estimate)
            return nil
        default:
            if let refusal = driver.perform(request, rules: rules) { return refusal }
            if request.kind == TripKind.end, let trip = driver.trip {
                driver.trip?.finalFare = (try? trip.fareEstimate.adding(bookingFee)) ?? trip.fareEstimate
            }
            return nil
        }
    }
}
