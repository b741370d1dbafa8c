import CommandLineSupport
import Foundation
import OOAService
import OutOfAppDSL
import PlatformKit

/// A trace of trip-state changes, one JSON object per line:
/// `{"time": 12.5, "trip": "trip-1", "rider": "rider-1", "phase": "en_route", "eta": 300, "lat": 37.77, "lon": -122.41}`
/// (`time` and `eta` in seconds). Blank lines are skipped.
enum Trace {
    private struct Line: Decodable {
        var time: Double
        var trip: String
        var rider: String
        var phase: TripPhase
        var eta: Double
        var lat: Double
        var lon: Double
    }

    static func read(_ path: String) throws -> [TripStateChange] {
        let bytes = Array(try readFile(path))
        var changes: [TripStateChange] = []
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { $0 != 0x20 && $0 != 0x0D && $0 != 0x09 }) else { continue }
            do {
                changes.append(try change(JSONDecoder().decode(Line.self, from: Data(line))))
            } catch {
                throw ToolError("\(path):\(index + 1): \(describe(error))")
            }
        }
        return changes
    }

    /// The last millisecond of year 9999 (``Instant/fourDigitYears``): the latest time a line may have.
    private static let latestMilliseconds = Double(Instant.fourDigitYears.upperBound.millisecondsSinceEpoch)

    private static func change(_ line: Line) throws -> TripStateChange {
        // Checked in milliseconds, what the service and the log count in.
        let milliseconds = (line.time * 1_000).rounded()
        guard (0...latestMilliseconds).contains(milliseconds) else {
            throw ToolError("field \"time\": out of range (0 to \(latestMilliseconds / 1_000) seconds: up to year 9999)")
        }
        try requireID(line.trip, field: "trip")
        try requireID(line.rider, field: "rider")
        // A wait: 0 once there, never negative.
        guard (0..<1e9).contains(line.eta) else { throw ToolError("field \"eta\": out of range (0 to 999999999 seconds)") }
        guard (-90...90).contains(line.lat) else { throw ToolError("field \"lat\": out of range (-90 to 90)") }
        guard (-180...180).contains(line.lon) else { throw ToolError("field \"lon\": out of range (-180 to 180)") }
        return TripStateChange(
            tripID: line.trip, riderID: line.rider, phase: line.phase, etaSeconds: Int(line.eta),
            location: Location(latitude: line.lat, longitude: line.lon),
            time: Instant(millisecondsSinceEpoch: Int64(milliseconds))
        )
    }

    /// An id names a stream and a notification and is printed: not empty, and without what would
    /// disrupt a terminal's line (a NUL ends a stored name; a line break, an escape or a bidi
    /// override garbles the terminal).
    private static func requireID(_ id: String, field: String) throws {
        guard !id.isEmpty else { throw ToolError("field \"\(field)\": must not be empty") }
        if let control = id.unicodeScalars.first(where: \.disruptsTerminalLine) {
            throw ToolError("field \"\(field)\": control character \(control.codePoint)")
        }
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing field \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "field \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\": wrong type"
        case DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty:
            "field \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\": \(context.debugDescription)"
        case DecodingError.dataCorrupted: "not a JSON object"
        default: "\(error)"
        }
    }
}
