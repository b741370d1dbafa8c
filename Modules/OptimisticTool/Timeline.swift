import Foundation
import PlatformKit
import TripContract

/// One line of `optimistic run`'s timeline.
public struct TimelineEntry: Encodable, Sendable, Equatable {
    /// Milliseconds since the start of the script.
    public var at: Int64
    /// `submit`, `send`, `retry`, `confirm`, `rebase`, `rollback`, `alert`, `restart`, `refused`, `network`, `server`.
    public var kind: String
    public var request: String?
    public var operation: String?
    public var detail: String
    /// What the user saw after it.
    public var sees: String?
    /// What the server had confirmed (the client's confirmed base), after it.
    public var confirmed: String?
    /// For `confirm`: between the user seeing the operation and the server confirming it.
    public var timeSavedMilliseconds: Int64?
}

/// The last line: totals over the run.
public struct RunSummary: Encodable, Sendable, Equatable {
    public var operations: Int
    public var confirmed: Int
    public var optimisticConfirmed: Int
    public var averageTimeSavedMilliseconds: Int64
    public var rollbacks: Int
    public var alerts: Int
    public var restarts: Int
}

/// Human-readable forms of times and states.
enum Describe {
    /// `95.3s`.
    static func seconds(_ milliseconds: Int64) -> String {
        let sign = milliseconds < 0 ? "-" : ""
        let magnitude = milliseconds.magnitude
        return "\(sign)\(magnitude / 1_000).\(magnitude % 1_000 / 100)s"
    }

    /// `online, trip-1 on trip, fare USD 12.00 (estimate)`.
    static func state(_ state: DriverState) -> String {
        var parts = [state.isOnline ? "online" : "offline"]
        if let trip = state.trip {
            parts.append("\(trip.id) \(phase(trip.phase))")
            if let fare = state.displayedFare { parts.append("fare \(fare) (\(trip.finalFare == nil ? "estimate" : "final"))") }
            if let rating = trip.riderRating { parts.append("rider rated \(rating)") }
            if trip.cashCollected { parts.append("cash collected") }
        }
        if !state.readMessages.isEmpty { parts.append("read \(state.readMessages.joined(separator: " "))") }
        if state.completedTrips > 0 { parts.append("trips done: \(state.completedTrips)") }
        return parts.joined(separator: ", ")
    }

    static func phase(_ phase: TripPhase) -> String {
        switch phase {
        case .accepted: "accepted"
        case .arrived: "arrived"
        case .onTrip: "on trip"
        case .ended: "ended"
        }
    }
}

extension TimelineEntry {
    /// `text` padded with spaces to `width`; a longer text keeps all of it and one space.
    private static func column(_ text: String, _ width: Int) -> String {
        text.count < width ? text + String(repeating: " ", count: width - text.count) : text + " "
    }

    /// One text line: time, kind, request, detail, and what the user and the server had.
    public var text: String {
        // Padded, never cut: a time past +99999.9s keeps its digits and a space.
        var line = Self.column("+\(Describe.seconds(at))", 10) + Self.column(kind, 9)
        if let request, let operation { line += "\(request) \(operation)  " }
        line += detail
        if let timeSavedMilliseconds { line += " (saved \(Describe.seconds(timeSavedMilliseconds)))" }
        if let sees { line += " | sees: \(sees)" }
        if let confirmed { line += " | confirmed: \(confirmed)" }
        return line
    }
}

extension RunSummary {
    /// `operations: 9, confirmed: 9, average time saved: 13.5s, rollbacks: 2, alerts: 1, restarts: 1`.
    public var text: String {
        "operations: \(operations), confirmed: \(confirmed), average time saved: \(Describe.seconds(averageTimeSavedMilliseconds)) over \(optimisticConfirmed) optimistic, rollbacks: \(rollbacks), alerts: \(alerts), restarts: \(restarts)"
    }
}
