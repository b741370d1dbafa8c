import CommandLineSupport
import Earnings
import Foundation
import PlatformKit
import RealtimeAPI

/// A `--cards` file: a JSON array of tracker cards, or
/// `{"services": [{"service": "earnings", "outage": true, "lastUpdatedAt": 1763280000, "cards": [...]}]}`.
enum CardFile {
    private struct Services: Decodable {
        var services: [Service]
    }

    private struct Service: Decodable {
        var service: TrackerService
        var outage: Bool?
        var lastUpdatedAt: TimestampInSec?
        var cards: TrackerCardList
    }

    /// The fields that are times (Unix seconds): a card's and a service's.
    private static let timeFields: Set<String> = ["lastUpdatedAt", "expiresAt"]

    /// The streams in the file; a contract violation names the file, the JSON path and the card,
    /// and a time outside years 0000–9999 (``Instant/fourDigitYearSeconds``) the file and the JSON path.
    static func load(_ path: String) throws -> [TrackerCardStream] {
        let data = try readFile(path)
        let top: Any
        do {
            top = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ToolError("\(path): not valid JSON")
        }
        let streams = try decode(data, top: top, path: path)
        // Checked in the JSON, not the streams: a card dropped for its payload has times too.
        let range = Instant.fourDigitYearSeconds
        if let field = JSONWholeNumbers.firstNumber(in: top, fields: timeFields, where: { Int64(exactly: $0).map { !range.contains($0) } ?? true }) {
            throw ToolError("\(path): \(field): out of range: Unix seconds must be within years 0000 to 9999 (\(range.lowerBound) to \(range.upperBound))")
        }
        return streams
    }

    private static func decode(_ data: Data, top: Any, path: String) throws -> [TrackerCardStream] {
        do {
            if top is [Any] {
                let list = try JSONDecoder().decode(TrackerCardList.self, from: data)
                return [TrackerCardStream(service: "cards", cards: list.cards, dropped: list.dropped)]
            }
            return try JSONDecoder().decode(Services.self, from: data).services.map { service in
                TrackerCardStream(
                    service: service.service, cards: service.cards.cards, isInOutage: service.outage ?? false,
                    lastUpdatedAt: service.lastUpdatedAt.map(Instant.init(timestampInSec:)), dropped: service.cards.dropped
                )
            }
        } catch {
            // Foundation names no path for a number no Int64 holds (a time of 1e20, or 1.5 s).
            if case DecodingError.dataCorrupted(let context) = error, context.codingPath.isEmpty,
                let field = JSONWholeNumbers.firstNotWhole(in: data, fields: timeFields.union(["cardType"])) {
                throw ToolError("\(path): \(field): expected a whole number (Unix seconds for a time)")
            }
            let problem = DecodingProblem(error)
            let card = cardID(in: top, along: codingPath(of: error)).map { " (card \"\($0)\")" } ?? ""
            let location = problem.path + card
            throw ToolError("\(path): \(location.isEmpty ? "" : location + ": ")\(problem.message)")
        }
    }

    /// The `cardID` of the innermost array element on `path` (the card the error is in); nil if empty.
    private static func cardID(in top: Any, along path: [any CodingKey]) -> String? {
        var node: Any? = top
        var found: String?
        for key in path {
            if let index = key.intValue, let array = node as? [Any], array.indices.contains(index) {
                node = array[index]
                found = (node as? [String: Any])?["cardID"] as? String
            } else {
                node = (node as? [String: Any])?[key.stringValue]
            }
        }
        return found?.isEmpty == false ? found : nil
    }

    private static func codingPath(of error: any Error) -> [any CodingKey] {
        switch error as? DecodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            context.codingPath
        default:
            []
        }
    }
}
