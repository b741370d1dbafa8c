import Foundation
import PlatformKit

/// Encodes payloads to their JSON wire form within the platform's size limit.
public struct PayloadEncoder: Sendable {
    /// What to do with a payload over the limit.
    public enum OverLimit: Sendable, Hashable {
        /// Throw ``PayloadError/Code/tooLarge(size:limit:)``.
        case refuse
        /// Drop elements, lowest priority first (P2, then P1; never P0), until it fits.
        case trimByPriority
    }

    /// The encoded bytes and the slots trimmed to fit.
    public struct Encoded: Sendable, Hashable {
        public var bytes: [UInt8]
        public var trimmed: [Slot]
    }

    /// ActivityKit's limit for a Live Activity's content state.
    public static let activityKitLimit = 4_096

    public var limit: Int
    public var overLimit: OverLimit

    public init(limit: Int = PayloadEncoder.activityKitLimit, overLimit: OverLimit = .trimByPriority) {
        self.limit = limit
        self.overLimit = overLimit
    }

    public func encode(_ payload: Payload) throws -> Encoded {
        var payload = payload
        var trimmed: [Slot] = []
        var bytes = Self.json(payload)
        while bytes.count > limit {
            guard overLimit == .trimByPriority,
                  let victim = payload.orderedSlots.last(where: { $0.priority > .p0 })
            else {
                let what = trimmed.isEmpty ? "payload" : "payload trimmed to its P0 content"
                throw PayloadError(.tooLarge(size: bytes.count, limit: limit), path: "", "\(what) is \(bytes.count) bytes, over the \(limit)-byte limit")
            }
            payload.slots[victim] = nil
            trimmed.append(victim)
            bytes = Self.json(payload)
        }
        return Encoded(bytes: bytes, trimmed: trimmed)
    }

    /// The payload as compact JSON with sorted keys, untrimmed (the same payload always gives the same bytes).
    public static func json(_ payload: Payload) -> [UInt8] {
        var slots: [String: Any] = [:]
        for (slot, element) in payload.slots {
            var object: [String: Any] = ["type": element.typeName]
            if !element.tags.isEmpty { object["tags"] = element.tags.map(\.rawValue) }
            switch element {
            case .label(let text, _): object["text"] = text
            case .image(let url, _): object["url"] = url
            case .progress(let value, _): object["value"] = value
            }
            slots[slot.rawValue] = object
        }
        let object: [String: Any] = ["version": payload.version, "timestamp": payload.timestamp.millisecondsSinceEpoch, "slots": slots]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return Array(data)
    }
}
