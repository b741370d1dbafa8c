import OptimisticSync
import PlatformKit
import TripContract

/// The trip service (server half): offers trips, accepts or rejects drivers' requests, answers with
/// versioned state, and applies each idempotency key once (a retry gets the stored answer).
public struct TripService: Sendable {
    public var rules: TripRules
    /// Added to the last estimate to make the final fare.
    public var bookingFee: Money
    private var drivers: [String: DriverRecord] = [:]
    private var offers: [String: Offer] = [:]
    /// Kinds whose next request is rejected (a scripted server-side refusal).
    private var forcedRejections: [String] = []

    public init(rules: TripRules = TripRules(), bookingFee: Money = Money(minorUnits: 100, currency: .usd)) {
        self.rules = rules
        self.bookingFee = bookingFee
    }

    /// The state the service holds for `driverID`.
    public func snapshot(for driverID: String) -> ServerSnapshot<DriverState> {
        drivers[driverID]?.snapshot ?? ServerSnapshot(version: 0, state: DriverState())
    }

    /// Offers `tripID` to `driverID` with a first price estimate.
    public mutating func offer(trip tripID: String, to driverID: String, estimate: Money) {
        offers[tripID] = Offer(driverID: driverID, estimate: estimate)
    }

    /// A new price estimate for `tripID`; returns the driver's snapshot to push, if the trip is under way.
    public mutating func updateEstimate(trip tripID: String, to estimate: Money) -> (driverID: String, snapshot: ServerSnapshot<DriverState>)? {
        offers[tripID]?.estimate = estimate
        guard let driverID = offers[tripID]?.driverID,
              let trip = drivers[driverID]?.snapshot.state.trip, trip.id == tripID, trip.phase != .ended
        else { return nil }
        return (driverID, change(driverID, key: nil) { $0.trip?.fareEstimate = estimate })
    }

    /// Makes the next request of `kind` fail with a rejection.
    public mutating func rejectNext(_ kind: String) {
        forcedRejections.append(kind)
    }

    /// Handles one request; a key seen before gets the same answer without being applied again.
    public mutating func handle(_ message: SyncRequest) -> SyncResponse<DriverState> {
        let request = message.request
        if let answer = drivers[message.clientID]?.answers[request.idempotencyKey] { return answer }
        let answer = decide(message.clientID, request)
        drivers[message.clientID, default: DriverRecord()].answers[request.idempotencyKey] = answer
        return answer
    }

    private mutating func decide(_ driverID: String, _ request: OptimisticRequest) -> SyncResponse<DriverState> {
        guard TripKind.all.contains(request.kind) else { return .malformed(reason: "unknown request kind \(request.kind)") }
        if let index = forcedRejections.firstIndex(of: request.kind) {
            forcedRejections.remove(at: index)
            return .rejected(reason: "The server refused \(request.kind)", snapshot: snapshot(for: driverID))
        }
        var state = snapshot(for: driverID).state
        if let refusal = move(&state, driverID, request) {
            return .rejected(reason: refusal, snapshot: snapshot(for: driverID))
        }
        return .accepted(change(driverID, key: request.idempotencyKey) { $0 = state }, assignedIDs: [])
    }

    /// The server's move: accept needs an offer, ending sets the final fare; the rest is the shared transition.
    private func move(_ state: inout DriverState, _ driverID: String, _ request: OptimisticRequest) -> String? {
        switch request.kind {
        case TripKind.accept:
            guard let tripID = request[TripParameter.trip], let offer = offers[tripID], offer.driverID == driverID else {
                return "Trip \(request[TripParameter.trip] ?? "?") is no longer available"
            }
            guard state.isOnline else { return "Go online to accept trips" }
            state.trip = Trip(id: tripID, phase: .accepted, fareEstimate: offer.estimate)
            return nil
        default:
            if let refusal = state.perform(request, rules: rules) { return refusal }
            if request.kind == TripKind.end, let trip = state.trip {
                state.trip?.finalFare = (try? trip.fareEstimate.adding(bookingFee)) ?? trip.fareEstimate
            }
            return nil
        }
    }

    /// Applies `update` as a new version of the driver's state, remembering `key` as included.
    private mutating func change(_ driverID: String, key: String?, _ update: (inout DriverState) -> Void) -> ServerSnapshot<DriverState> {
        var record = drivers[driverID] ?? DriverRecord()
        update(&record.snapshot.state)
        record.snapshot.version += 1
        if let key { record.snapshot.applied = Array((record.snapshot.applied + [key]).suffix(DriverRecord.recentKeys)) }
        drivers[driverID] = record
        return record.snapshot
    }
}

/// What the service keeps per driver.
private struct DriverRecord: Sendable {
    /// How many applied idempotency keys a snapshot lists.
    static let recentKeys = 16
    var snapshot = ServerSnapshot(version: 0, state: DriverState())
    var answers: [String: SyncResponse<DriverState>] = [:]
}

private struct Offer: Sendable {
    var driverID: String
    var estimate: Money
}
