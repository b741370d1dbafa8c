import EventLog
import OutOfAppDSL

// The projection's state is snapshotted on the log writer's thread: it also encodes without
// `Codable` (the synthesized encoding's keys, in its order; `TripPhase` is its name).

extension OOAProjection.State: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(pushes, forKey: "pushes")
        writer.encode(held, forKey: "held")
        writer.encode(coalesced, forKey: "coalesced")
        writer.encode(throttled, forKey: "throttled")
        writer.encode(dropped, forKey: "dropped")
        writer.encode(ended, forKey: "ended")
        writer.encode(activities, forKey: "activities")
    }
}

extension OOAProjection.Activity: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(version, forKey: "version")
        writer.encode(phase.name, forKey: "phase")
        writer.encode(etaSeconds, forKey: "etaSeconds")
        writer.encode(lastDecision, forKey: "lastDecision")
    }
}

extension OOAProjection.Decision: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        switch self {
        case .pushed(let kind, let reason):
            writer.encodeNested(forKey: "pushed") {
                $0.encode(kind, forKey: "_0")
                $0.encode(reason, forKey: "_1")
            }
        case .held(let how, let until):
            writer.encodeNested(forKey: "held") {
                $0.encode(how, forKey: "_0")
                $0.encode(until, forKey: "until")
            }
        case .throttled(let until):
            writer.encodeNested(forKey: "throttled") { $0.encode(until, forKey: "until") }
        case .dropped(let reason):
            writer.encodeNested(forKey: "dropped") { $0.encode(reason, forKey: "_0") }
        }
    }
}
