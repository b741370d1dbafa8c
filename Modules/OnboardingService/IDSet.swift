import EventLog
import PlatformKit

/// A set of ids (e.g. the closed attempts'), compared by their UTF-8 bytes and kept in the order
/// they were inserted: each id is its bytes in a ``RecordArena``, its place in an ``IDIndex``.
/// A snapshot holds millions of ids: they load as the run of bytes they are encoded in, which the
/// set keeps, indexed in bulk, rather than as millions of `String`s each hashed by a seeded SipHash.
public struct IDSet: Sendable {
    private var arena = RecordArena()
    /// Where each id is, in the order they were inserted.
    private var locations: [RecordArena.Location] = []
    private var index = IDIndex()

    public init() {}

    /// The ids of `ids`, inserted in order.
    public init(_ ids: some Sequence<String>) {
        for id in ids { insert(id) }
    }

    /// The number of ids.
    public var count: Int { locations.count }

    /// Whether the set holds `id`.
    public func contains(_ id: String) -> Bool {
        id.withUTF8InPlace { number(of: $0) != nil }
    }

    /// Inserts `id`; returns whether it was new.
    @discardableResult
    public mutating func insert(_ id: String) -> Bool {
        id.withUTF8InPlace { utf8 in
            guard number(of: utf8) == nil else { return false }
            index.insert(Int32(locations.count), hash: IDIndex.hash(utf8: utf8))
            locations.append(arena.append(utf8))
            return true
        }
    }

    /// The number of the id whose UTF-8 bytes are `utf8`, if the set holds it.
    private func number(of utf8: UnsafeBufferPointer<UInt8>) -> Int32? {
        index.number(hash: IDIndex.hash(utf8: utf8)) { number in arena.withRecord(at: locations[Int(number)]) { $0.elementsEqual(utf8) } }
    }

    /// Calls `body` with the UTF-8 bytes of each id, in the order they were inserted.
    private func forEachUTF8(_ body: (UnsafeBufferPointer<UInt8>) throws -> Void) rethrows {
        for location in locations { try arena.withRecord(at: location, body) }
    }
}

extension IDSet: Sequence {
    /// The ids in the order they were inserted.
    public func makeIterator() -> some IteratorProtocol<String> {
        locations.lazy.map { location in arena.withRecord(at: location) { String(decoding: $0, as: UTF8.self) } }.makeIterator()
    }
}

extension IDSet: Equatable {
    /// The same ids, in any order.
    public static func == (lhs: IDSet, rhs: IDSet) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var same = true
        lhs.forEachUTF8 { utf8 in if same, rhs.number(of: utf8) == nil { same = false } }
        return same
    }
}

extension IDSet: CustomReflectable {
    /// The ids in order (for `print`, `dump` and test failures).
    public var customMirror: Mirror {
        Mirror(self, unlabeledChildren: Array(self), displayStyle: .set)
    }
}

// MARK: - Encoding

extension IDSet: Codable {
    /// Encoded as a `Set<String>` (or `[String]`) is, in the order the ids were inserted.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for id in self { try container.encode(id) }
    }

    /// The ids of a `Set<String>` or `[String]`.
    ///
    /// - Throws: `DecodingError` if an id is listed twice.
    public init(from decoder: any Decoder) throws {
        self.init()
        var container = try decoder.unkeyedContainer()
        while !container.isAtEnd {
            let id = try container.decode(String.self)
            guard insert(id) else { throw DecodingError.dataCorruptedError(in: container, debugDescription: "Malformed ids: id \(id) is listed twice.") }
        }
    }

    /// Writes the ids for `key` as the `Codable` encoding does, without making `String`s.
    public func encode(to writer: inout BinaryKeyedWriter, forKey key: StaticString) {
        var size = 0
        forEachUTF8 { size += LEB128.size(of: UInt($0.count)) + $0.count }
        writer.encodeElements(count: count, size: size, forKey: key) { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { header in
                forEachUTF8 { utf8 in
                    var length = 0
                    LEB128.forEachByte(of: UInt(utf8.count)) { header[length] = $0; length += 1 }
                    bytes.append(UnsafeBufferPointer(rebasing: header[..<length]))
                    bytes.append(utf8)
                }
            }
        }
    }

    /// The ids of `key`, written as the `Codable` encoding writes them. The set keeps the bytes
    /// of a reader that shares them (see ``BinaryKeyedReader/decode(_:sharing:)``).
    ///
    /// - Throws: `DecodingError` if they are malformed, not UTF-8, or list an id twice.
    public init(from reader: inout BinaryKeyedReader, forKey key: StaticString) throws {
        let (count, bytes) = try reader.encodedElements(forKey: key)
        try self.init(count: count, encoded: bytes)
    }

    /// The `count` ids of `encoded` (each a LEB128 length then its UTF-8), kept where they are.
    private init(count: Int, encoded: ArraySlice<UInt8>) throws {
        self.init()
        guard count <= Int(Int32.max) else { throw Self.corrupt("\(count) ids") }
        let block = arena.adopt(encoded)
        locations.reserveCapacity(count)
        var entries: [IDIndex.Entry] = []
        entries.reserveCapacity(count)
        try encoded.withUnsafeBufferPointer { bytes in
            var position = 0
            for number in 0..<count {
                let start = position
                guard let utf8 = LEB128.readPrefixed(bytes, at: &position) else { throw Self.corrupt("id \(number) runs past the end") }
                guard UTF8Bytes.isValid(utf8) else { throw Self.corrupt("id \(number) is not UTF-8") }
                locations.append(block.map { arena.location(at: start, in: $0) } ?? arena.append(utf8))
                entries.append(IDIndex.Entry(hash: IDIndex.hash(utf8: utf8), number: Int32(number)))
            }
            guard position == bytes.count else { throw Self.corrupt("\(bytes.count - position) byte(s) after the last id") }
        }
        var index = IDIndex()  // filled apart from `self`, which the check reads meanwhile
        let twice = index.insert(contentsOf: entries) { first, second in
            arena.withRecord(at: locations[Int(first)]) { first in arena.withRecord(at: locations[Int(second)]) { first.elementsEqual($0) } }
        }
        self.index = index
        if let twice { throw Self.corrupt("id \(arena.withRecord(at: locations[Int(twice)]) { String(decoding: $0, as: UTF8.self) }) is listed twice") }
    }

    private static func corrupt(_ description: String) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Malformed ids: \(description)."))
    }
}
