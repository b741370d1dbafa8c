import EventLog
import EventLogSQLite
import Foundation
import PlatformKit

/// One event as a JSON line of `eventlog export`, lossless: `import` rebuilds the same log.
struct ExportLine: Codable {
    var seq: Int64
    var stream: String
    var position: Int64
    var type: String
    var schemaVersion: Int
    var recordedAt: Int64
    var correlationID: String?
    var causationID: String?
    var idempotencyKey: String?
    /// Payload bytes, base64.
    var payload: String
    /// The event's chain hash, hex.
    var hash: String

    init(_ event: RecordedEvent, hash: [UInt8]) {
        seq = event.sequence
        stream = event.streamID
        position = event.position
        type = event.type
        schemaVersion = event.schemaVersion
        recordedAt = event.recordedAt.millisecondsSinceEpoch
        correlationID = event.correlationID
        causationID = event.causationID
        idempotencyKey = event.idempotencyKey
        payload = Data(event.payload).base64EncodedString()
        self.hash = hash.hexString
    }

    /// The event and hash this line describes; throws a message naming the bad field.
    func recorded() throws -> (event: RecordedEvent, hash: [UInt8]) {
        guard let bytes = Data(base64Encoded: payload) else { throw LineError("field 'payload' is not base64") }
        guard let hash = [UInt8](hexString: hash), hash.count == 32 else { throw LineError("field 'hash' is not a 32-byte hex string") }
        let recordedAt = Instant(millisecondsSinceEpoch: recordedAt)
        guard Instant.fourDigitYears.contains(recordedAt) else {
            throw LineError("field 'recordedAt' is \(recordedAt.millisecondsSinceEpoch), not a time from year 0000 through 9999")
        }
        let event = RecordedEvent(
            sequence: seq, streamID: stream, position: position, type: type, schemaVersion: schemaVersion,
            recordedAt: recordedAt, correlationID: correlationID,
            causationID: causationID, idempotencyKey: idempotencyKey, payload: [UInt8](bytes)
        )
        return (event, hash)
    }
}

/// A problem with one input line.
struct LineError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }

    /// A decoding error of `line` as a short phrase naming the field.
    init(_ error: DecodingError, line: Data) {
        switch error {
        case .keyNotFound(let key, _): description = "missing field '\(key.stringValue)'"
        case .typeMismatch(_, let context) where context.codingPath.isEmpty: description = "not a JSON object"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            description = "field '\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            description = JSONWholeNumbers.firstNotWhole(in: line).map { "field '\($0)' is not a whole number of 64 bits" } ?? "not valid JSON"
        case .dataCorrupted(let context):
            description = "field '\(context.codingPath.map(\.stringValue).joined(separator: "."))' is invalid"
        @unknown default: description = "not a valid event line"
        }
    }
}
