import EventLog
import PlatformKit

// The tracker snapshot holds every driver's cards: the trackers are packed one after another in
// driver order (`TrackerState.pack(into:)`), under a third of their size as keyed containers, and
// loaded in about half the instructions. Snapshots written before hold a keyed container per
// tracker (`trackers`) and still load. `Codable` and the binary conformance write the same bytes.

extension TrackerProjection.State: Codable, BinaryEncodable, BinaryDecodable {
    private enum CodingKeys: String, CodingKey {
        case driverIDs, packedTrackers, trackers
    }

    /// Trackers unpacked from `bytes`, one per driver of `driverIDs`, in order. Errors name no
    /// coding path (the binary reader puts them under their key).
    private static func trackers(_ driverIDs: [String], packed bytes: UnsafeBufferPointer<UInt8>) throws -> TrackerTable {
        // Cards repeat their titles and ids from driver to driver.
        var reader = PackedFieldReader(bytes, interningStrings: true)
        var trackers = TrackerTable(minimumCapacity: driverIDs.count)
        do throws(PackedFieldError) {
            for driverID in driverIDs { trackers[driverID] = try TrackerState(packed: &reader) }
            guard reader.isAtEnd else { throw reader.problem("bytes left after the last tracker") }
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Malformed packed trackers at byte \(error.offset): \(error.description)."))
        }
        guard trackers.count == driverIDs.count else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "A driver id is listed more than once."))
        }
        return trackers
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let driverIDs = trackers.driverIDs.sorted()
        var bytes: [UInt8] = []
        trackers.forEachPacked(driverIDs) { bytes.append(contentsOf: $0) }
        try container.encode(driverIDs, forKey: .driverIDs)
        try container.encode(bytes, forKey: .packedTrackers)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let bytes = try container.decodeIfPresent([UInt8].self, forKey: .packedTrackers) {
            let driverIDs = try container.decode([String].self, forKey: .driverIDs)
            trackers = try bytes.withUnsafeBufferPointer { try Self.trackers(driverIDs, packed: $0) }
        } else {
            trackers = TrackerTable(try container.decode([String: TrackerState].self, forKey: .trackers))
        }
    }

    /// Packs every tracker once, their total size patched in after them.
    public func encode(to writer: inout BinaryKeyedWriter) {
        let driverIDs = trackers.driverIDs.sorted()
        writer.encode(driverIDs, forKey: "driverIDs")
        writer.encodeBytes(forKey: "packedTrackers") { bytes in trackers.forEachPacked(driverIDs) { bytes.append($0) } }
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        if reader.keys.contains("trackers") {
            trackers = TrackerTable(try reader.decode([String: TrackerState].self, forKey: "trackers"))
            return
        }
        let driverIDs = try reader.decode([String].self, forKey: "driverIDs")
        trackers = try reader.withBytes(forKey: "packedTrackers") { try Self.trackers(driverIDs, packed: $0) }
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
