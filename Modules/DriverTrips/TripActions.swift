import OptimisticSync
import PlatformKit
import TripContract

/// The driver app's actions on its sync engine: each one is a request that depends on the pending
/// request the server must know about first (ending a trip waits for the server to know it began).
extension OptimisticClient where Domain == TripSync {
    /// What the driver sees.
    public var screen: DriverState { optimisticState }

    public mutating func goOnline(at instant: Instant) throws(TripActionError) -> OptimisticRequest {
        try submit(TripKind.goOnline, [], after: [], at: instant)
    }

    /// Accepts an offered trip; shows when the server confirms it (not optimistic).
    public mutating func accept(trip tripID: String, at instant: Instant) throws(TripActionError) -> OptimisticRequest {
        try submit(TripKind.accept, [Parameter(TripParameter.trip, tripID)], after: [TripKind.goOnline], at: instant)
    }

    public mutating func arrive(at instant: Instant) throws(TripActionError) -> OptimisticRequest {
        try submitOnTrip(TripKind.arrive, after: [TripKind.accept], at: instant)
    }

    public mutating func beginTrip(at instant: Instant) throws(TripActionError) -> OptimisticRequest {
        try submitOnTrip(TripKind.begin, after: [TripKind.accept, TripKind.arrive], at: instant)
    }

    /// Ends the trip; the fare shown stays the last estimate until the server's final fare arrives.
    /// A trip too short to end is refused here (the server's rule), before any request is made.
    public mutating func endTrip(at instant: Instant) throws(TripActionError) -> OptimisticRequest {
        try submitOnTrip(TripKind.end, after: [TripKind.begin], at: instant)
    }

    public mutating func rateRider(stars: Int, at instant: Instant) throws(TripActionError) -> OptimisticRequest {
        try submitOnTrip(TripKind.rateRider, [Parameter(TripParameter.rating, String(stars))], after: [TripKind.end], at: instant)
    }

    public mutating func confirmCashCollected(at instant: Instant) throws(TripActionError) -> OptimisticRequest {
        try submitOnTrip(TripKind.confirmCash, after: [TripKind.end], at: instant)
    }

    public mutating func markRead(message: String, at instant: Instant) throws(TripActionError) -> OptimisticRequest {
        try submit(TripKind.markRead, [Parameter(TripParameter.message, message)], after: [], at: instant)
    }

    // MARK: - Private

    private mutating func submitOnTrip(_ kind: String, _ extra: [Parameter] = [], after kinds: [String], at instant: Instant) throws(TripActionError) -> OptimisticRequest {
        guard let trip = screen.trip else { throw TripActionError(description: "\(kind): no current trip") }
        let parameters = [Parameter(TripParameter.trip, trip.id), Parameter(TripParameter.at, String(instant.millisecondsSinceEpoch))] + extra
        var preview = screen
        if let refusal = preview.perform(OptimisticRequest(id: "", kind: kind, idempotencyKey: "", parameters: parameters, submittedAt: instant), rules: TripSync.rules) {
            throw TripActionError(description: refusal)
        }
        return try submit(kind, parameters, after: kinds, at: instant)
    }

    /// Submits `kind`, depending on the pending requests of the kinds `after` (same trip).
    private mutating func submit(_ kind: String, _ parameters: [Parameter], after kinds: [String], at instant: Instant) throws(TripActionError) -> OptimisticRequest {
        let trip = parameters.first { $0.name == TripParameter.trip }?.value
        let dependencies = state.pending
            .filter { kinds.contains($0.request.kind) && ($0.request[TripParameter.trip] ?? trip) == trip }
            .map(\.request.id)
        do {
            return try submit(kind, parameters, dependsOn: dependencies, at: instant)
        } catch {
            throw TripActionError(description: error.description)
        }
    }
}

/// An action the app refuses before making any request (a trip too short to end, no current trip).
public struct TripActionError: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
}
