import EventLog
import PlatformKit

// The accounts are encoded as one run of bytes, their records: the number of accounts, then for
// each its sessions (zigzag LEB128), the size of its packed strings (LEB128) and those bytes
// (see `PackedStrings`). A snapshot of a large city holds millions of accounts: loading one is
// then a check and a copy of its bytes, not a keyed container of nine fields read one by one.

extension AccountTable {
    /// Writes the records for `key`, as a `[UInt8]` of them is written (see `encode(to:)`).
    func encode(to writer: inout BinaryKeyedWriter, forKey key: StaticString) {
        writer.encodeBytes(count: recordsSize, forKey: key) { bytes in writeRecords { bytes.append($0) } }
    }

    /// The accounts of `records`, in order.
    ///
    /// - Throws: `DecodingError.dataCorrupted` if the records are malformed or list an id twice.
    init(records: UnsafeBufferPointer<UInt8>) throws {
        self.init()
        var position = 0
        guard let count = LEB128.read(records, at: &position) else { throw Self.corrupt("the number of accounts runs past the end") }
        guard count <= UInt(records.count) else { throw Self.corrupt("\(count) accounts in \(records.count) bytes") }
        reserveCapacity(Int(count))
        try appendingAll { table in try table.appendRecords(Int(count), from: records, at: &position) }
        guard position == records.count else { throw Self.corrupt("\(records.count - position) byte(s) after the last account") }
    }

    /// Appends the `count` records of `records` from `position` on (moving past them).
    private mutating func appendRecords(_ count: Int, from records: UnsafeBufferPointer<UInt8>, at position: inout Int) throws {
        func varint(_ what: @autoclosure () -> String) throws -> UInt {
            guard let value = LEB128.read(records, at: &position) else { throw Self.corrupt("\(what()) runs past the end") }
            return value
        }
        for number in 0..<count {
            let sessions = Self.unzigzag(try varint("account \(number)'s sessions"))
            let size = try varint("account \(number)'s size")
            guard size <= UInt(records.count - position) else { throw Self.corrupt("account \(number) runs past the end") }
            let packed = UnsafeBufferPointer(rebasing: records[position..<(position + Int(size))])
            position += Int(size)
            guard let fields = PackedStrings.validatedFieldCount(of: packed), fields >= Account.Field.identifierKeys,
                  let id = PackedStrings.field(Account.Field.id, of: packed), PackedStrings.hasField(Account.Field.market, of: packed)
            else { throw Self.corrupt("account \(number) is malformed") }
            guard append(id: id, packed: packed, sessions: sessions) else { throw Self.corrupt("account \(id) is listed twice") }
        }
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
        self = try records.withUnsafeBufferPointer { try AccountTable(records: $0) }
    }

    public func encode(to encoder: any Encoder) throws {
        var records: [UInt8] = []
        records.reserveCapacity(recordsSize)
        writeRecords { records.append(contentsOf: $0) }
        var container = encoder.singleValueContainer()
        try container.encode(records)
    }
}
