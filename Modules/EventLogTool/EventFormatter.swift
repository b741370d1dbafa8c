import EventLog
import EventLogSQLite
import Foundation
import PlatformKit

/// How `cat` and `tail` show events to people.
struct EventFormatter {
    var registry: EventRegistry = Catalog.events
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// One readable line: sequence, time, stream#position, type and version, payload as JSON;
    /// control characters in the stream and type escaped.
    func text(_ event: RecordedEvent) -> String {
        let sequence = String(event.sequence)
        let padded = String(repeating: " ", count: max(0, 8 - sequence.count)) + sequence
        let (stream, type) = (event.streamID.escapingControlCharacters, event.type.escapingControlCharacters)
        return "\(padded)  \(event.recordedAt)  \(stream)#\(event.position)  \(type) v\(event.schemaVersion)  \(payloadJSON(event))"
    }

    /// One JSON line: the envelope plus `data` (the decoded event) or, for unknown types, `payload` in base64.
    func json(_ event: RecordedEvent) -> String {
        var fields: [(String, String)] = [
            ("seq", String(event.sequence)),
            ("stream", quoted(event.streamID)),
            ("position", String(event.position)),
            ("type", quoted(event.type)),
            ("schemaVersion", String(event.schemaVersion)),
            ("recordedAt", quoted(event.recordedAt.description)),
        ]
        if let id = event.correlationID { fields.append(("correlationID", quoted(id))) }
        if let id = event.causationID { fields.append(("causationID", quoted(id))) }
        if let key = event.idempotencyKey { fields.append(("idempotencyKey", quoted(key))) }
        if let data = decodedJSON(event) {
            fields.append(("data", data))
        } else {
            fields.append(("payload", quoted(Data(event.payload).base64EncodedString())))
        }
        return "{" + fields.map { "\(quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
    }

    private func payloadJSON(_ event: RecordedEvent) -> String {
        decodedJSON(event) ?? "<\(event.payload.count) bytes, type not known to this tool>"
    }

    private func decodedJSON(_ event: RecordedEvent) -> String? {
        guard let decoded = try? registry.decode(event), let data = try? encoder.encode(decoded) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    private func quoted(_ text: String) -> String {
        String(decoding: (try? encoder.encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
    }
}
