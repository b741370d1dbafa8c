import PlatformKit

/// Which events a read returns; all filters combine.
public struct EventQuery: Sendable, Hashable {
    /// First global sequence number (inclusive).
    public var from: Int64
    /// Last global sequence number (inclusive), or `nil` for the end of the log.
    public var to: Int64?
    /// Only this stream.
    public var stream: String?
    /// Only these event types.
    public var types: Set<String>?
    /// At most this many events.
    public var limit: Int?

    public init(from: Int64 = 1, to: Int64? = nil, stream: String? = nil, types: Set<String>? = nil, limit: Int? = nil) {
        self.from = from
        self.to = to
        self.stream = stream
        self.types = types
        self.limit = limit
    }

    /// Every event.
    public static let all = EventQuery()

    /// Whether `event` passes every filter except `limit`.
    public func matches(_ event: RecordedEvent) -> Bool {
        event.sequence >= from
            && (to.map { event.sequence <= $0 } ?? true)
            && (stream.map { event.streamID.hasSameUTF8(as: $0) } ?? true)
            // `Set` finds canonically equivalent types too; the log's are their bytes.
            && (types.map { $0.contains(event.type) && $0.contains { $0.hasSameUTF8(as: event.type) } } ?? true)
    }
}
