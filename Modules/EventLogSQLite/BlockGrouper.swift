/// Cuts a batch's rows into the ``EventBlock``s they are stored in: up to `eventsPerBlock`
/// consecutive rows whose payloads, with ``envelopeBytes`` each, take at most
/// ``PayloadCompression/maxBlockBytes`` together; a larger payload is a block alone.
struct BlockGrouper {
    /// What an event's envelope adds to its block, about.
    static let envelopeBytes = 32

    let eventsPerBlock: Int
    private var start = 0
    private var bytes = 0

    init(eventsPerBlock: Int) {
        self.eventsPerBlock = max(1, eventsPerBlock)
    }

    /// The open block, closed when a payload of `size` bytes at row `index` would not fit in it.
    mutating func closesBlock(before size: Int, at index: Int) -> Range<Int>? {
        guard bytes + size + Self.envelopeBytes > PayloadCompression.maxBlockBytes else { return nil }
        return close(at: index)
    }

    /// Adds the payload (`size` bytes) of the row before `end`; returns its block once full.
    mutating func add(_ size: Int, endingAt end: Int) -> Range<Int>? {
        bytes += size + Self.envelopeBytes
        guard end - start < eventsPerBlock, bytes <= PayloadCompression.maxBlockBytes else { return close(at: end) }
        return nil
    }

    /// The open block, through the row before `end`; nil when it is empty.
    mutating func close(at end: Int) -> Range<Int>? {
        guard end > start else { return nil }
        defer { (start, bytes) = (end, 0) }
        return start..<end
    }
}
