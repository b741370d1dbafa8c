import PlatformKit

// Collections in a keyed container, read without `Codable` exactly as their synthesized
// encodings are written (see `BinaryFormat.swift`): an array or a set is an unkeyed container
// (built-in strings as is, other elements length-prefixed), a dictionary with `String` keys (or
// other `BinaryStringKey`s) a keyed container whose keys are the dictionary's.

extension BinaryKeyedReader {
    /// The strings of `key`.
    public mutating func decode(_ type: [String].Type, forKey key: StaticString) throws -> [String] {
        try elements(key, type) { base, position, end in try _Read.string(base, &position, end) }
    }

    /// The integers of `key`, read in one loop (a snapshot's columns hold millions).
    public mutating func decode(_ type: [Int64].Type, forKey key: StaticString) throws -> [Int64] {
        guard let (start, end) = region(key) else { throw Self.missing(key) }
        return try Self.within(Key(key)) {
            guard start < end else { throw Self.nilFound(type) }
            return try Self.failing { [base] () throws(_DecodeFailure) in
                var position = start
                let count = try _Read.varint(base, &position, end)
                // Every element takes at least one byte.
                guard count <= UInt64(end &- position) else { throw .countTooLarge(count) }
                var values: [Int64] = []
                values.reserveCapacity(Int(count))
                for _ in 0..<count { values.append(_unzigzag(try _Read.varint(base, &position, end))) }
                guard position == end else { throw .trailingBytes(end &- position) }
                return values
            }
        }
    }

    /// The set of strings of `key`.
    public mutating func decode(_ type: Set<String>.Type, forKey key: StaticString) throws -> Set<String> {
        Set(try decode([String].self, forKey: key))
    }

    /// The nested values of `key`.
    public mutating func decode<T: BinaryDecodable>(_ type: [T].Type, forKey key: StaticString) throws -> [T] {
        try elements(key, type) { base, position, end in
            let (start, elementEnd) = try Self.lengthPrefixed(base, &position, end)
            return try T(region: base, start, elementEnd)
        }
    }

    /// The nested values of `key` by their string keys.
    public mutating func decode<K: BinaryStringKey, V: BinaryDecodable>(_ type: [K: V].Type, forKey key: StaticString) throws -> [K: V] {
        try keyedValues(key, type) { base, start, end in try V(region: base, start, end) }
    }

    /// The strings of `key` by their string keys.
    public mutating func decode<K: BinaryStringKey>(_ type: [K: String].Type, forKey key: StaticString) throws -> [K: String] {
        try keyedValues(key, type) { base, start, end in try Self.exact(base, start, end) { (position: inout Int) throws(_DecodeFailure) in try _Read.string(base, &position, end) } }
    }

    /// The integers of `key` by their string keys.
    public mutating func decode<K: BinaryStringKey>(_ type: [K: Int].Type, forKey key: StaticString) throws -> [K: Int] {
        try keyedValues(key, type) { base, start, end in try Self.exact(base, start, end) { (position: inout Int) throws(_DecodeFailure) in try Self.int(base, &position, end) } }
    }

    /// Calls `body` with each nested value of the dictionary of `key` and its key, in the written
    /// order (a dictionary's, or an ordered one's), without collecting them.
    ///
    /// With `reusingRepeats`, a value written byte for byte as the entry before it is not decoded
    /// again: `body` gets a copy of that entry's value. Use it for value types whose entries often
    /// repeat, never for a class (the entries would share one instance).
    public mutating func forEachEntry<K: BinaryStringKey, V: BinaryDecodable>(
        inDictionaryForKey key: StaticString, reusingRepeats: Bool = false, _ body: (K, V) throws -> Void
    ) throws {
        var previous: (start: Int, count: Int, value: V)?
        try forEachKeyedValue(key, [K: V].self, reserve: { _ in }) { key, base, start, end in
            if let previous, previous.count == end &- start, _bytesEqual(base + previous.start, base + start, previous.count) {
                return try body(key, previous.value)
            }
            let value = try V(region: base, start, end)
            if reusingRepeats { previous = (start, end &- start, value) }
            try body(key, value)
        }
    }

    /// The integers of `key` by `Int64` keys (keys and values in turn, as `Codable` writes such a
    /// dictionary); a key given twice takes its later value, as with `Codable`.
    public mutating func decode<V: FixedWidthInteger & SignedInteger>(_ type: [Int64: V].Type, forKey key: StaticString) throws -> [Int64: V] {
        let flat = try elements(key, type) { base, position, end in _unzigzag(try _Read.varint(base, &position, end)) }
        guard flat.count % 2 == 0 else {
            throw DecodingError.dataCorrupted(.init(
                codingPath: [Key(key)], debugDescription: "Expected collection of key-value pairs; encountered odd-length array instead."
            ))
        }
        // `init(minimumCapacity:)` is specialized here; `reserveCapacity` calls into the standard
        // library, which looks the storage's generic type up each time (a snapshot has many small dictionaries).
        var values = [Int64: V](minimumCapacity: flat.count / 2)
        for index in stride(from: 0, to: flat.count, by: 2) {
            guard let value = V(exactly: flat[index + 1]) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [Key(key)], debugDescription: "\(flat[index + 1]) does not fit \(V.self)."))
            }
            values[flat[index]] = value
        }
        return values
    }

    /// The instants of `key` by their string keys.
    public mutating func decode<K: BinaryStringKey>(_ type: [K: [Instant]].Type, forKey key: StaticString) throws -> [K: [Instant]] {
        try keyedValues(key, type) { base, start, end in
            try Self.unkeyed(base, start, end) { base, position, end in
                let (start, elementEnd) = try Self.lengthPrefixed(base, &position, end)
                let milliseconds = try Self.exact(base, start, elementEnd) { (position: inout Int) throws(_DecodeFailure) in
                    _unzigzag(try _Read.varint(base, &position, elementEnd))
                }
                return Instant(millisecondsSinceEpoch: milliseconds)
            }
        }
    }

    // MARK: - Containers

    /// The elements of the unkeyed container of `key`, each read by `element`.
    private mutating func elements<E>(
        _ key: StaticString, _ type: Any.Type, _ element: (UnsafeRawPointer, inout Int, Int) throws -> E
    ) throws -> [E] {
        guard let (start, end) = region(key) else { throw Self.missing(key) }
        return try Self.within(Key(key)) {
            guard start < end else { throw Self.nilFound(type) }
            return try Self.unkeyed(base, start, end, element)
        }
    }

    /// The entries of the keyed container of `key`, each value read by `value` from its region.
    private mutating func keyedValues<K: BinaryStringKey, V>(
        _ key: StaticString, _ type: [K: V].Type, _ value: (UnsafeRawPointer, Int, Int) throws -> V
    ) throws -> [K: V] {
        var result: [K: V] = [:]
        try forEachKeyedValue(key, type, reserve: { result = [K: V](minimumCapacity: $0) }) { key, base, start, end in
            result[key] = try value(base, start, end)
        }
        return result
    }

    /// Calls `body` with each entry of the keyed container of `key` in the written order: its key
    /// and its value's region. `reserve` is first told how many entries there are.
    private mutating func forEachKeyedValue<K: BinaryStringKey>(
        _ key: StaticString, _ type: Any.Type, reserve: (Int) -> Void, _ body: (K, UnsafeRawPointer, Int, Int) throws -> Void
    ) throws {
        guard let (start, end) = region(key) else { throw Self.missing(key) }
        try Self.within(Key(key)) {
            let container = try BinaryKeyedReader(base: base, start: start, end: end, type)
            reserve(container.count)
            try container.forEachEntry(body)
        }
    }

    /// Calls `body` with each entry of this container in the written order, read as a dictionary's:
    /// its key and its value's region.
    fileprivate func forEachEntry<K: BinaryStringKey>(_ body: (K, UnsafeRawPointer, Int, Int) throws -> Void) throws {
        var position = entries
        for _ in 0..<count {
            let (bytes, start, end) = nextEntry(at: &position)
            // Like `Codable`'s dictionaries (the keys of `allKeys`): a key that is not UTF-8 is skipped.
            guard let key = K(keyUTF8: bytes) else { continue }
            try Self.within(Key(key.codingKey.stringValue)) { try body(key, base, start, end) }
        }
    }

    /// The unkeyed container in `start..<end` (a count, then the elements), each read by `element`.
    private static func unkeyed<E>(
        _ base: UnsafeRawPointer, _ start: Int, _ end: Int, _ element: (UnsafeRawPointer, inout Int, Int) throws -> E
    ) throws -> [E] {
        var position = start
        let count = try failing { () throws(_DecodeFailure) in
            let raw = try _Read.varint(base, &position, end)
            // Every element takes at least one byte.
            guard raw <= UInt64(end &- position) else { throw .countTooLarge(raw) }
            return Int(raw)
        }
        var values: [E] = []
        values.reserveCapacity(count)
        for index in 0..<count {
            values.append(try within(Key("Index \(index)")) { try element(base, &position, end) })
        }
        guard position == end else { throw corrupted(_DecodeFailure.trailingBytes(end &- position)) }
        return values
    }

    /// The length-prefixed element at `position` (moving past it): its region.
    private static func lengthPrefixed(_ base: UnsafeRawPointer, _ position: inout Int, _ end: Int) throws -> (Int, Int) {
        let length = try failing { () throws(_DecodeFailure) in try _Read.length(base, &position, end) }
        let start = position
        position &+= length
        return (start, position)
    }

    /// The value `read` reads from `start`, which must fill `start..<end` exactly.
    private static func exact<T>(
        _ base: UnsafeRawPointer, _ start: Int, _ end: Int, _ read: (inout Int) throws(_DecodeFailure) -> T
    ) throws -> T {
        try failing { () throws(_DecodeFailure) in
            guard start < end else { throw .nilValue }
            var position = start
            let value = try read(&position)
            guard position == end else { throw .sizeMismatch(end &- start) }
            return value
        }
    }

    private static func failing<T>(_ body: () throws(_DecodeFailure) -> T) throws -> T {
        do throws(_DecodeFailure) {
            return try body()
        } catch {
            throw corrupted(error)
        }
    }

    private static func corrupted(_ failure: _DecodeFailure) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: failure.message))
    }
}

/// A dictionary of nested values by string keys reads itself without `Codable` too, also as a
/// whole state (a projection whose state is such a dictionary).
extension Dictionary: BinaryDecodable where Key: BinaryStringKey, Value: BinaryDecodable {
    public init(from reader: inout BinaryKeyedReader) throws {
        self.init(minimumCapacity: reader.count)
        try reader.forEachEntry { (key: Key, base, start, end) in self[key] = try Value(region: base, start, end) }
    }
}
