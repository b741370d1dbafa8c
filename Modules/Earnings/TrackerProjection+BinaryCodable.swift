import EventLog

// The tracker snapshot encodes and decodes without `Codable` (the synthesized encoding's keys, in
// its order).

extension TrackerProjection.State: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(trackers, forKey: "trackers")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        trackers = try reader.decode([String: TrackerState].self, forKey: "trackers")
    }
}

extension TrackerUIState: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(privacyStatus, forKey: "privacyStatus")
        writer.encodeIfPresent(selectedStatusCardID, forKey: "selectedStatusCardID")
        writer.encodeIfPresent(openBulletinCardID, forKey: "openBulletinCardID")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        privacyStatus = try reader.decode(TrackerPrivacyStatus.self, forKey: "privacyStatus")
        selectedStatusCardID = try reader.decodeIfPresent(String.self, forKey: "selectedStatusCardID")
        openBulletinCardID = try reader.decodeIfPresent(String.self, forKey: "openBulletinCardID")
    }
}
