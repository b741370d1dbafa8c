import PlatformKit

/// What `ooa validate` reports about a payload.
public struct Validation: Sendable, Hashable {
    /// The encoded size and the platform limit.
    public var size: Int
    public var limit: Int
    /// Unknown elements, slots, tags and fields, skipped by readers.
    public var ignored: [Ignored]
    /// Slots a trim-by-priority encoding would drop to fit.
    public var trimmed: [Slot]
    /// Problems that make the payload unfit to send.
    public var errors: [String]

    public var isValid: Bool { errors.isEmpty }

    /// When a server can have built a payload: from the epoch to the end of year 9999.
    private static let timestamps = Instant.epoch...Instant.fourDigitYears.upperBound

    /// Checks a decoded payload: its version and timestamp, its P0 content (a label with text in
    /// each P0 slot it fills), control characters in labels, its size against `limit`.
    public init(_ decoded: PayloadDecoder.Result, limit: Int = PayloadEncoder.activityKitLimit) {
        let payload = decoded.payload
        size = PayloadEncoder.json(payload).count
        self.limit = limit
        ignored = decoded.ignored
        errors = []
        if payload.version < 0 { errors.append("version: \(payload.version) is negative") }
        if !Self.timestamps.contains(payload.timestamp) {
            errors.append("timestamp: \(payload.timestamp.millisecondsSinceEpoch) is out of range (0 to \(Self.timestamps.upperBound.millisecondsSinceEpoch) ms: 1970 to year 9999)")
        }
        if !payload.hasP0 { errors.append("missing P0 content: neither \"headline\" nor \"eta\"") }
        for slot in Slot.allCases where slot.priority == .p0 {
            switch payload.slots[slot] {
            case nil:
                break
            case .label(let text, _)?:
                if text.allSatisfy(\.isWhitespace) { errors.append("\"\(slot.rawValue)\": empty text; a P0 slot carries the time") }
            case let element?:
                errors.append("\"\(slot.rawValue)\": element type \"\(element.typeName)\"; a P0 slot takes a label with the time")
            }
        }
        for (slot, element) in payload.slots.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard case .label(let text, _) = element, let control = text.unicodeScalars.first(where: \.disruptsTerminalLine) else { continue }
            errors.append("\"\(slot.rawValue)\": control character \(control.codePoint) in the text")
        }
        do {
            trimmed = try PayloadEncoder(limit: limit, overLimit: .trimByPriority).encode(payload).trimmed
        } catch {
            trimmed = []
            errors.append("\(error)")
        }
    }
}
