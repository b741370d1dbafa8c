import PlatformKit

/// Records of bytes (accounts' packed strings) one after another in blocks of 1 MiB: a record
/// takes its bytes and a length, not an allocation of its own with its header and the
/// allocator's rounding (~50 bytes for every account). Records are never removed: one that
/// changes is appended again (rare: a password reset).
struct AccountArena: Sendable {
    /// Where a record is: its block and its offset in the block.
    struct Location: Sendable, Hashable {
        fileprivate var block: UInt32
        fileprivate var offset: UInt32
    }

    private static let blockSize = 1 << 20
    /// Full blocks and the one being filled; a record larger than a block has a block of its own.
    private var blocks: [ContiguousArray<UInt8>] = []

    /// Appends `record`; returns where it is.
    mutating func append(_ record: UnsafeBufferPointer<UInt8>) -> Location {
        let header = LEB128.size(of: UInt(record.count))
        if blocks.isEmpty || blocks[blocks.count - 1].count + header + record.count > Self.blockSize {
            var block = ContiguousArray<UInt8>()
            block.reserveCapacity(max(Self.blockSize, header + record.count))
            blocks.append(block)
        }
        let index = blocks.count - 1
        let location = Location(block: UInt32(index), offset: UInt32(blocks[index].count))
        LEB128.forEachByte(of: UInt(record.count)) { blocks[index].append($0) }
        blocks[index].append(contentsOf: record)
        return location
    }

    /// Calls `body` with the record at `location`.
    func withRecord<R>(at location: Location, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try blocks[Int(location.block)].withUnsafeBufferPointer { block in
            var position = Int(location.offset)
            let count = Int(LEB128.read(block, at: &position)!)
            return try body(UnsafeBufferPointer(rebasing: block[position..<position + count]))
        }
    }
}
