import EventLog

// The tracker snapshot decodes without `Codable` (the synthesized encoding's keys, in its order).

extension TrackerProjection.State: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        trackers = try reader.decode([String: TrackerState].self, forKey: "trackers")
    }
}

extension TrackerUIState: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        privacyStatus = try reader.decode(TrackerPrivacyStatus.self, forKey: "privacyStatus")
        selectedStatusCardID = try reader.decodeIfPresent(String.self, forKey: "selectedStatusCardID")
        openBulletinCardID = try reader.decodeIfPresent(String.self, forKey: "openBulletinCardID")
    }
}
