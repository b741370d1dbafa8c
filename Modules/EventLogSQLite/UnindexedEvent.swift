/// An event after the last index run, as the next run needs it (see ``RunIndex``), in 16 bytes:
/// a run of 2 097 152 events then holds 32 MB of them, and as much again while it is grouped
/// by stream (``StreamOrder``).
struct UnindexedEvent: Equatable {
    /// The stream's id.
    let stream: UInt32
    /// The sequence number less the last indexed one.
    private let offset: UInt32
    /// The event's position in its stream.
    let position: Int64

    /// Event `sequence` at `position` of stream `stream`, after `indexedThrough`; nil when the
    /// stream's id or the distance past `indexedThrough` takes more than 32 bits.
    init?(stream: Int64, sequence: Int64, position: Int64, after indexedThrough: Int64) {
        guard let stream = UInt32(exactly: stream), let offset = UInt32(exactly: sequence - indexedThrough) else { return nil }
        self.stream = stream
        self.offset = offset
        self.position = position
    }

    /// The event's sequence number, `indexedThrough` being the one it was made with.
    func sequence(after indexedThrough: Int64) -> Int64 {
        indexedThrough + Int64(offset)
    }
}
