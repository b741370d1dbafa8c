import EventLog
import OutOfAppDSL
import PlatformKit

// The service's decisions are half of a simulation's events: they also encode without `Codable`
// (the synthesized encoding's keys, in its order; `TripPhase` is its name).

extension OOAPushSent: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(trip, forKey: "trip")
        writer.encode(at, forKey: "at")
        writer.encode(kind, forKey: "kind")
        writer.encode(reason, forKey: "reason")
        writer.encode(priority, forKey: "priority")
        writer.encode(phase.name, forKey: "phase")
        writer.encode(etaSeconds, forKey: "etaSeconds")
        writer.encode(progressPerMille, forKey: "progressPerMille")
        writer.encode(version, forKey: "version")
        writer.encode(coalesced, forKey: "coalesced")
        writer.encodeIfPresent(rider, forKey: "rider")
        writer.encode(notificationKey, forKey: "notificationKey")
    }
}

extension OOAChangeHeld: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(trip, forKey: "trip")
        writer.encode(at, forKey: "at")
        writer.encode(how, forKey: "how")
        writer.encode(until, forKey: "until")
    }
}

extension OOAPushThrottled: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(trip, forKey: "trip")
        writer.encode(at, forKey: "at")
        writer.encode(until, forKey: "until")
    }
}

extension OOAChangeDropped: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(trip, forKey: "trip")
        writer.encode(at, forKey: "at")
        writer.encode(reason, forKey: "reason")
    }
}
