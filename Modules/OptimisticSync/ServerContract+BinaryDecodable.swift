import EventLog

// A server keeps a snapshot per client, so its state's snapshots decode without `Codable` when
// the domain's state does (the synthesized encoding's keys, in its order).

extension ServerSnapshot: BinaryDecodable where State: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        version = try reader.decode(Int64.self, forKey: "version")
        state = try reader.decode(State.self, forKey: "state")
        applied = try reader.decode([String].self, forKey: "applied")
    }
}

extension IDAssignment: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        temporary = try reader.decode(String.self, forKey: "temporary")
        assigned = try reader.decode(String.self, forKey: "assigned")
    }
}
