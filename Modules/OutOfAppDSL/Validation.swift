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

    /// Checks a decoded payload: its size against `limit`, its P0 content.
    public init(_ decoded: PayloadDecoder.Result, limit: Int = PayloadEncoder.activityKitLimit) {
        let payload = decoded.payload
        size = PayloadEncoder.json(payload).count
        self.limit = limit
        ignored = decoded.ignored
        errors = []
        if !payload.hasP0 { errors.append("missing P0 content: neither \"headline\" nor \"eta\"") }
        for (slot, element) in payload.slots.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard case .label(let text, _) = element, let control = text.unicodeScalars.first(where: TerminalColumns.isControl) else { continue }
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
