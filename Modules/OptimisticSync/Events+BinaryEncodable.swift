import EventLog

// A driver's sync events are a third of a simulation's: they encode without `Codable` when the
// domain's state does (the synthesized encoding's keys, in its order).

extension OptimisticRequest: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(id, forKey: "id")
        writer.encode(kind, forKey: "kind")
        writer.encode(idempotencyKey, forKey: "idempotencyKey")
        writer.encode(parameters, forKey: "parameters")
        writer.encode(dependsOn, forKey: "dependsOn")
        writer.encode(submittedAt, forKey: "submittedAt")
    }
}

extension Parameter: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(name, forKey: "name")
        writer.encode(value, forKey: "value")
    }
}

extension IDAssignment: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(temporary, forKey: "temporary")
        writer.encode(assigned, forKey: "assigned")
    }
}

extension ServerSnapshot: BinaryEncodable where State: BinaryEncodable, State.BinaryEncodingFailure == Never {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(version, forKey: "version")
        writer.encode(state, forKey: "state")
        writer.encode(applied, forKey: "applied")
    }
}

extension SyncResponse: BinaryEncodable where State: BinaryEncodable, State.BinaryEncodingFailure == Never {
    public func encode(to writer: inout BinaryKeyedWriter) {
        switch self {
        case .accepted(let snapshot, let assignedIDs):
            writer.encodeNested(forKey: "accepted") {
                $0.encode(snapshot, forKey: "_0")
                $0.encode(assignedIDs, forKey: "assignedIDs")
            }
        case .rejected(let reason, let snapshot):
            writer.encodeNested(forKey: "rejected") {
                $0.encode(reason, forKey: "reason")
                $0.encode(snapshot, forKey: "snapshot")
            }
        case .unavailable(let reason):
            writer.encodeNested(forKey: "unavailable") { $0.encode(reason, forKey: "reason") }
        case .malformed(let reason):
            writer.encodeNested(forKey: "malformed") { $0.encode(reason, forKey: "reason") }
        }
    }
}

extension RequestSubmitted: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(request, forKey: "request")
    }
}

extension RequestSent: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(id, forKey: "id")
        writer.encode(attempt, forKey: "attempt")
        writer.encode(at, forKey: "at")
    }
}

extension DeliveryFailed: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(id, forKey: "id")
        writer.encode(reason, forKey: "reason")
        writer.encode(retryAt, forKey: "retryAt")
    }
}

extension RequestConfirmed: BinaryEncodable where Domain.State: BinaryEncodable, Domain.State.BinaryEncodingFailure == Never {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(id, forKey: "id")
        writer.encode(at, forKey: "at")
        writer.encode(snapshot, forKey: "snapshot")
        writer.encode(assignedIDs, forKey: "assignedIDs")
    }
}

extension StatePushed: BinaryEncodable where Domain.State: BinaryEncodable, Domain.State.BinaryEncodingFailure == Never {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(at, forKey: "at")
        writer.encode(snapshot, forKey: "snapshot")
    }
}

extension RequestsRolledBack: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(id, forKey: "id")
        writer.encode(rolledBack, forKey: "rolledBack")
        writer.encode(cause, forKey: "cause")
        writer.encode(at, forKey: "at")
    }
}

extension ClientRestarted: BinaryEncodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(at, forKey: "at")
    }
}
