import EventLog
import OptimisticSync
import PlatformKit
import TripContract

// The trip service's snapshot holds every driver's record: it decodes without `Codable` (the
// synthesized encoding's keys, in its order).

extension TripServiceState: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        drivers = try reader.decode([String: DriverRecord].self, forKey: "drivers")
        offers = try reader.decode([String: Offer].self, forKey: "offers")
        armedRejections = try reader.decode([String].self, forKey: "armedRejections")
    }
}

extension TripServiceState.DriverRecord: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        snapshot = try reader.decode(ServerSnapshot<DriverState>.self, forKey: "snapshot")
        answers = try reader.decode([String: TripServiceState.Outcome].self, forKey: "answers")
        answerOrder = try reader.decode([String].self, forKey: "answerOrder")
    }
}

extension TripServiceState.Outcome: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        var (name, values) = try reader.enumCase()
        switch name {
        case "accepted": self = .accepted(assignedIDs: try values.decode([IDAssignment].self, forKey: "assignedIDs"))
        case "rejected": self = .rejected(reason: try values.decode(String.self, forKey: "reason"))
        case "unavailable": self = .unavailable(reason: try values.decode(String.self, forKey: "reason"))
        case "malformed": self = .malformed(reason: try values.decode(String.self, forKey: "reason"))
        default:
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "unknown outcome \"\(name)\""))
        }
    }
}

extension TripServiceState.Offer: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        driver = try reader.decode(String.self, forKey: "driver")
        estimate = try reader.decode(Money.self, forKey: "estimate")
    }
}
