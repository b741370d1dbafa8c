import EventLog
import OutOfAppDSL
import PlatformKit

// The service's decisions are half of a simulation's events: they also decode without `Codable`
// (the fields in the synthesized encoding's order; `Instant` is its milliseconds, `TripPhase` its name).

extension OOAPushSent: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        trip = try reader.decode(String.self, forKey: "trip")
        at = Instant(millisecondsSinceEpoch: try reader.decode(Int64.self, forKey: "at"))
        kind = try reader.decode(PushKind.self, forKey: "kind")
        reason = try reader.decode(PushReason.self, forKey: "reason")
        priority = try reader.decode(PushPriority.self, forKey: "priority")
        let phaseName = try reader.decode(String.self, forKey: "phase")
        guard let phase = TripPhase(name: phaseName) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown trip phase \"\(phaseName)\""))
        }
        self.phase = phase
        etaSeconds = try reader.decode(Int.self, forKey: "etaSeconds")
        progressPerMille = try reader.decode(Int.self, forKey: "progressPerMille")
        version = try reader.decode(Int.self, forKey: "version")
        coalesced = try reader.decode(Int.self, forKey: "coalesced")
        rider = try reader.decodeIfPresent(String.self, forKey: "rider")
        notificationKey = try reader.decode(String.self, forKey: "notificationKey")
    }
}

extension OOAChangeHeld: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        trip = try reader.decode(String.self, forKey: "trip")
        at = Instant(millisecondsSinceEpoch: try reader.decode(Int64.self, forKey: "at"))
        how = try reader.decode(How.self, forKey: "how")
        until = Instant(millisecondsSinceEpoch: try reader.decode(Int64.self, forKey: "until"))
    }
}

extension OOAPushThrottled: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        trip = try reader.decode(String.self, forKey: "trip")
        at = Instant(millisecondsSinceEpoch: try reader.decode(Int64.self, forKey: "at"))
        until = Instant(millisecondsSinceEpoch: try reader.decode(Int64.self, forKey: "until"))
    }
}

extension OOAChangeDropped: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        trip = try reader.decode(String.self, forKey: "trip")
        at = Instant(millisecondsSinceEpoch: try reader.decode(Int64.self, forKey: "at"))
        reason = try reader.decode(DropReason.self, forKey: "reason")
    }
}
