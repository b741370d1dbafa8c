import EventLog
import PlatformKit

// The accounts are encoded as one run of bytes, their records: the number of accounts, then for
// each its sessions (zigzag LEB128), the size of its packed strings (LEB128) and those bytes
// (see `PackedStrings`). A snapshot of a large city holds millions of accounts: loading one is
// then a check of its bytes, which the table keeps where they are, not a keyed container of nine
// fields read one by one.

extension AccountTable {
    /// Writes the records for `key`, as a `[UInt8]` of them is written (see `encode(to:)`).
    func encode(to writer: inout BinaryKeyedWriter, forKey key: StaticString) {
        writer.encodeBytes(count: recordsSize, forKey: key) { bytes in writeRecords { bytes.append($0) } }
    }

    /// The accounts of `records`, in order. The records are not copied: the table keeps the
    /// slice (of a snapshot's buffer: see `RecordArena.adopt(_:)`), and builds its indexes in bulk.
    ///
    /// - Throws: `DecodingError.dataCorrupted` if the records are malformed or list an id twice.
    init(records: ArraySlice<UInt8>) throws {
        self.init()
        let block = arena.adopt(records)
        let entries = try records.withUnsafeBufferPointer { records in
            var position = 0
            guard let count = LEB128.read(records, at: &position) else { throw Self.corrupt("the number of accounts runs past the end") }
            guard count <= UInt(min(records.count, Int(Int32.max))) else { throw Self.corrupt("\(count) accounts in \(records.count) bytes") }
            slots.reserveCapacity(Int(count))
            // An account signs in with a key or two (a mobile number, an email).
            owners.startBatch(expected: Int(count) * 2)
            defer { owners.finishBatch() }
            let entries = try (0..<Int32(count)).map { number in
                try appendRecord(number, from: records, at: &position, block: block)
            }
            guard position == records.count else { throw Self.corrupt("\(records.count - position) byte(s) after the last account") }
            return entries
        }
        var ids = IDIndex()  // filled apart from `self`, which `hasSameID` reads meanwhile
        if let twice = ids.insert(contentsOf: entries, sameID: { hasSameID($0, $1) }) {
            throw Self.corrupt("account \(id(of: twice)) is listed twice")
        }
        self.ids = ids
    }

    /// Adds account `number` from the record at `position` of `records` (moving past it), its
    /// strings where they are in `block` (or copied without one); returns its id-index entry.
    private mutating func appendRecord(
        _ number: Int32, from records: UnsafeBufferPointer<UInt8>, at position: inout Int, block: RecordArena.Block?
    ) throws -> IDIndex.Entry {
        func varint(_ what: @autoclosure () -> String) throws -> UInt {
            guard let value = LEB128.read(records, at: &position) else { throw Self.corrupt("\(what()) runs past the end") }
            return value
        }
        let sessions = Self.unzigzag(try varint("account \(number)'s sessions"))
        let start = position
        let size = try varint("account \(number)'s size")
        guard size <= UInt(records.count - position) else { throw Self.corrupt("account \(number) runs past the end") }
        let packed = UnsafeBufferPointer(rebasing: records[position..<(position + Int(size))])
        position += Int(size)
        // The account's keys are indexed as its fields are checked (one pass over them).
        let fields = PackedStrings.validatedFieldCount(of: packed, callingFrom: Account.Field.identifierKeys) { own($0, isHex: $1, by: number) }
        guard let fields, fields >= Account.Field.identifierKeys,
              let idHash = PackedStrings.fieldHash(Account.Field.id, of: packed), PackedStrings.hasField(Account.Field.market, of: packed)
        else { throw Self.corrupt("account \(number) is malformed") }
        slots.append(Slot(strings: block.map { arena.location(at: start, in: $0) } ?? arena.append(packed), sessions: sessions))
        return IDIndex.Entry(hash: IDIndex.hash(fnv1a: idHash), number: number)
    }

    /// Whether accounts `first` and `second` have the same id (byte for byte).
    private func hasSameID(_ first: Int32, _ second: Int32) -> Bool {
        arena.withRecord(at: slots[Int(first)].strings) { PackedStrings.field(Account.Field.id, of: $0, is: id(of: second)) }
    }

    /// The size of the records in bytes.
    private var recordsSize: Int {
        var size = LEB128.size(of: UInt(count))
        forEachPacked { packed, sessions in
            size += LEB128.size(of: Self.zigzag(sessions)) + LEB128.size(of: UInt(packed.count)) + packed.count
        }
        return size
    }

    /// Calls `append` with the bytes of the records in order, a piece at a time.
    private func writeRecords(_ append: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { scratch in
            var size = 0
            func put(_ value: UInt) { LEB128.forEachByte(of: value) { scratch[size] = $0; size += 1 } }
            put(UInt(count))
            append(UnsafeBufferPointer(rebasing: scratch[..<size]))
            forEachPacked { packed, sessions in
                size = 0
                put(Self.zigzag(sessions))
                put(UInt(packed.count))
                append(UnsafeBufferPointer(rebasing: scratch[..<size]))
                append(packed)
            }
        }
    }

    private static func zigzag(_ value: Int) -> UInt {
        UInt(bitPattern: (value << 1) ^ (value >> (Int.bitWidth - 1)))
    }

    private static func unzigzag(_ value: UInt) -> Int {
        Int(bitPattern: value >> 1) ^ -Int(bitPattern: value & 1)
    }

    private static func corrupt(_ description: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Malformed accounts: \(description)."))
    }
}

extension AccountTable: Codable {
    /// Written as its records (a `[UInt8]`).
    public init(from decoder: any Decoder) throws {
        let records = try decoder.singleValueContainer().decode([UInt8].self)
        self = try AccountTable(records: records[...])
    }

    public func encode(to encoder: any Encoder) throws {
        var records: [UInt8] = []
        records.reserveCapacity(recordsSize)
        writeRecords { records.append(contentsOf: $0) }
        var container = encoder.singleValueContainer()
        try container.encode(records)
    }
}
