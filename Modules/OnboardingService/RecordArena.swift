import PlatformKit

/// Records of bytes (accounts' packed strings, ids) one after another in blocks of 1 MiB: a
/// record takes its bytes and a length, not an allocation of its own with its header and the
/// allocator's rounding (~50 bytes for every account). Records are never removed: one that
/// changes is appended again (rare: a password reset). A snapshot's records are not copied but
/// adopted: the block is the snapshot's buffer (see `adopt(_:)`).
struct RecordArena: Sendable {
    /// Where a record is: its block and its offset in the block.
    struct Location: Sendable, Hashable {
        fileprivate var block: UInt32
        fileprivate var offset: UInt32
    }

    /// An adopted block (see `adopt(_:)`).
    struct Block: Sendable {
        fileprivate var index: UInt32
    }

    private static let blockSize = 1 << 20
    /// Full blocks and the one being filled; a record larger than a block, and adopted bytes,
    /// have a block of their own.
    private var blocks: [ArraySlice<UInt8>] = []
    /// Whether records may be appended to the last block (it is not adopted).
    private var lastIsOpen = false

    /// Appends `record`; returns where it is.
    mutating func append(_ record: UnsafeBufferPointer<UInt8>) -> Location {
        let header = LEB128.size(of: UInt(record.count))
        if !lastIsOpen || blocks[blocks.count - 1].count + header + record.count > Self.blockSize {
            var block = ArraySlice<UInt8>()
            block.reserveCapacity(max(Self.blockSize, header + record.count))
            blocks.append(block)
            lastIsOpen = true
        }
        let index = blocks.count - 1
        let location = Location(block: UInt32(index), offset: UInt32(blocks[index].count))
        LEB128.forEachByte(of: UInt(record.count)) { blocks[index].append($0) }
        blocks[index].append(contentsOf: record)
        return location
    }

    /// Keeps `bytes` as a block without copying them, for the records in them (each a LEB128
    /// length then that many bytes, as `append` writes one): see `location(at:in:)`. `nil` when
    /// a record could not be located in them (4 GiB and more).
    mutating func adopt(_ bytes: ArraySlice<UInt8>) -> Block? {
        guard bytes.count <= Int(UInt32.max) else { return nil }
        blocks.append(bytes)
        lastIsOpen = false
        return Block(index: UInt32(blocks.count - 1))
    }

    /// The record at `offset` of the adopted `block`: its length must be there, and its bytes
    /// after it inside the block.
    func location(at offset: Int, in block: Block) -> Location {
        Location(block: block.index, offset: UInt32(offset))
    }

    /// Calls `body` with the record at `location`.
    func withRecord<R>(at location: Location, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try blocks[Int(location.block)].withUnsafeBufferPointer { block in
            var position = Int(location.offset)
            return try body(LEB128.readPrefixed(block, at: &position)!)
        }
    }
}
