import PlatformKit

/// The payloads of consecutive events, compressed together into one row of `payload_blocks` by
/// format 6 (events since format 7 are stored whole, in ``EventBlock``s): the number of payloads
/// and each one's length (LEB128), then their bytes. Event `sequence` of a block starting at `firstSequence` is its payload number
/// `sequence - firstSequence`.
struct PayloadBlock {
    let firstSequence: Int64
    private let bytes: [UInt8]
    /// Where each payload starts in `bytes`, and where the last one ends.
    private let bounds: [Int]

    /// The block starting at `firstSequence` from its uncompressed bytes; nil when they are malformed.
    init?(firstSequence: Int64, bytes: [UInt8]) {
        let parsed: [Int]? = bytes.withUnsafeBufferPointer { buffer in
            var position = 0
            guard let count = LEB128.read(buffer, at: &position), count <= UInt(buffer.count) else { return nil }
            var lengths: [UInt] = []
            lengths.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let length = LEB128.read(buffer, at: &position), length <= UInt(buffer.count) else { return nil }
                lengths.append(length)
            }
            var bounds = [position]
            bounds.reserveCapacity(lengths.count + 1)
            for length in lengths { bounds.append(bounds[bounds.count - 1] + Int(length)) }
            return bounds.last == buffer.count ? bounds : nil
        }
        guard let parsed else { return nil }
        self.firstSequence = firstSequence
        self.bytes = bytes
        bounds = parsed
    }

    /// The payload of event `sequence`; nil when the block does not hold it.
    func payload(of sequence: Int64) -> [UInt8]? {
        let index = sequence - firstSequence
        guard index >= 0, index < bounds.count - 1 else { return nil }
        return Array(bytes[bounds[Int(index)]..<bounds[Int(index) + 1]])
    }
}
