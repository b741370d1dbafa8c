/// Cuts a batch's rows into the groups whose payloads are compressed together (see
/// ``PayloadCompression``): up to `eventsPerBlock` consecutive rows whose payloads take at most
/// ``PayloadCompression/maxBlockBytes`` together; a larger payload is a group alone. Without a
/// compressor every row is a group of its own.
struct PayloadGrouper {
    struct Group {
        let rows: Range<Int>
        let compressor: PayloadCompressor?
    }

    let compressor: PayloadCompressor?
    private var start = 0
    private var bytes = 0

    init(compressor: PayloadCompressor?) {
        self.compressor = compressor
    }

    /// The open group, closed when a payload of `size` bytes at row `index` would not fit in it.
    mutating func closesGroup(before size: Int, at index: Int) -> Group? {
        guard compressor != nil, bytes + size > PayloadCompression.maxBlockBytes else { return nil }
        return close(at: index)
    }

    /// Adds the payload (`size` bytes) of the row before `end`; returns its group once full.
    mutating func add(_ size: Int, endingAt end: Int) -> Group? {
        bytes += size
        guard let compressor, end - start < compressor.eventsPerBlock, bytes <= PayloadCompression.maxBlockBytes else {
            return close(at: end)
        }
        return nil
    }

    /// The open group, through the row before `end`; nil when it is empty.
    mutating func close(at end: Int) -> Group? {
        guard end > start else { return nil }
        defer { (start, bytes) = (end, 0) }
        return Group(rows: start..<end, compressor: compressor)
    }
}
