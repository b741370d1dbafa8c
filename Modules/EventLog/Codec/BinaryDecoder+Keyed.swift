import Foundation
import PlatformKit

/// A keyed container's entry table and cursor.
///
/// A class, not generic: the standard library's `KeyedDecodingContainer` box copies the
/// container for every call, so the container is just this one reference, and lookups
/// run as specialized code although `Key` comes from the caller's module.
///
/// The first keyed container of a decode uses the core embedded in its ``_DecState``
/// (a subclass); later ones allocate their own, which keeps the state alive.
class _KeyedCore {
    /// The decode's bytes.
    final let base: UnsafeRawPointer
    /// The decode's state; nil when this core is the state itself.
    private final let owner: _DecState?
    final let ref: _PathRef
    /// The first entry.
    @exclusivity(unchecked) final private(set) var first: Int
    @exclusivity(unchecked) final private(set) var count: Int
    /// Set on the state when `decode` returns: the bytes may be gone, so stashed
    /// containers must not read.
    @exclusivity(unchecked) final var expired = false

    final var state: _DecState {
        @inline(__always) get { owner ?? unsafeDowncast(self, to: _DecState.self) }
    }

    /// Whether the decode has returned.
    final var isExpired: Bool {
        @inline(__always) get {
            if let owner { return owner.expired }
            return expired
        }
    }

    @inline(__always)
    final func checkAlive() throws {
        if _slowPath(isExpired) { throw _CodecErrors.decoderExpired(ref.resolve(state.path)) }
    }

    // Confined to one decode and never accessed reentrantly through `inout`: no dynamic
    // exclusivity checks (a hot-path cost).

    /// Where the next key is expected: the entry after the last one read.
    @exclusivity(unchecked) final var cursor: Int
    @exclusivity(unchecked) final var cursorIndex = 0
    /// Built on the first miss in a large container.
    @exclusivity(unchecked) final var index: [String: (position: Int, index: Int)]?

    /// A built-in scalar filling exactly `start..<end`.
    @inline(__always)
    final func readExact<T>(_ kind: _Builtin, _ type: T.Type, _ start: Int, _ end: Int) throws(_DecodeFailure) -> T {
        guard start < end else { throw .nilValue }
        var position = start
        let value: T
        do throws(_DecodeFailure) {
            value = try _Read.builtin(kind, as: T.self, base, &position, end)
        } catch .truncated, .lengthPastEnd {
            // The region is exact: a value that does not fit it is of another type.
            throw .sizeMismatch(end &- start)
        }
        guard position == end else { throw .sizeMismatch(end &- start) }
        return value
    }

    init(state: _DecState, first: Int, count: Int, ref: _PathRef) {
        self.base = state.base
        self.owner = state
        self.first = first
        self.count = count
        self.ref = ref
        self.cursor = first
    }

    /// The embedded core of a ``_DecState`` (path: the root), unused until ``reset(first:count:)``.
    init(base: UnsafeRawPointer) {
        self.base = base
        self.owner = nil
        self.first = 0
        self.count = 0
        self.ref = _PathRef(prefix: 0, tail: [])
        self.cursor = 0
    }

    /// Sets up the embedded core for a container.
    final func reset(first: Int, count: Int) {
        self.first = first
        self.count = count
        self.cursor = first
        self.cursorIndex = 0
        self.index = nil
    }

    /// Calls `body` with each entry's key bytes, value start and end until it returns true.
    @inline(__always)
    final func forEachEntry(_ body: (UnsafeBufferPointer<UInt8>, Int, Int) -> Bool) {
        let base = self.base
        var position = first
        for _ in 0..<count {
            let keyLength = _Read.varintUnchecked(base, &position)
            let keyBytes = UnsafeBufferPointer(start: (base + position).assumingMemoryBound(to: UInt8.self), count: keyLength)
            position &+= keyLength
            let valueLength = _Read.varintUnchecked(base, &position)
            let valueStart = position
            position &+= valueLength
            if body(keyBytes, valueStart, position) { return }
        }
    }

    /// The value region of the entry with key bytes `key`, if present; `advance` moves the
    /// cursor past it.
    @inline(__always)
    final func find(_ key: UnsafeBufferPointer<UInt8>, advance: Bool) -> (start: Int, end: Int)? {
        if _fastPath(cursorIndex < count) {
            let base = self.base
            var position = cursor
            let keyLength = _Read.varintUnchecked(base, &position)
            if keyLength == key.count && _bytesEqual(base + position, UnsafeRawPointer(key.baseAddress), keyLength) {
                position &+= keyLength
                let valueLength = _Read.varintUnchecked(base, &position)
                if advance {
                    cursor = position &+ valueLength
                    cursorIndex &+= 1
                }
                return (position, position &+ valueLength)
            }
        }
        return findSlow(key, advance: advance)
    }

    /// A search over all entries, through an index for large containers.
    @inline(never)
    final func findSlow(_ key: UnsafeBufferPointer<UInt8>, advance: Bool) -> (start: Int, end: Int)? {
        var found: (start: Int, end: Int, index: Int)?
        if count > 16 {
            guard let entry = keyIndex()[String(decoding: key, as: UTF8.self)] else { return nil }
            var position = entry.position
            position &+= _Read.varintUnchecked(base, &position)
            let valueLength = _Read.varintUnchecked(base, &position)
            found = (position, position &+ valueLength, entry.index)
        } else {
            var index = 0
            forEachEntry { keyBytes, start, end in
                defer { index &+= 1 }
                guard keyBytes.count == key.count,
                      _bytesEqual(UnsafeRawPointer(keyBytes.baseAddress), UnsafeRawPointer(key.baseAddress), key.count)
                else { return false }
                found = (start, end, index)
                return true
            }
        }
        guard let found else { return nil }
        if advance {
            cursor = found.end
            cursorIndex = found.index &+ 1
        }
        return (found.start, found.end)
    }

    private final func keyIndex() -> [String: (position: Int, index: Int)] {
        if let index { return index }
        var index: [String: (position: Int, index: Int)] = [:]
        let base = self.base
        var position = first
        for entry in 0..<count {
            let entryStart = position
            let keyLength = _Read.varintUnchecked(base, &position)
            let name = String(decoding: UnsafeRawBufferPointer(start: base + position, count: keyLength), as: UTF8.self)
            position &+= keyLength
            position &+= _Read.varintUnchecked(base, &position)
            if index[name] == nil { index[name] = (entryStart, entry) }
        }
        self.index = index
        return index
    }

    /// The value region of the key named `name`.
    @inline(__always)
    final func find(_ name: String, advance: Bool) -> (start: Int, end: Int)? {
        name.withUTF8InPlace { find($0, advance: advance) }
    }

    /// The built-in scalar at `region`, or the decoding error at `key`.
    @inline(__always)
    final func scalar<T>(_ kind: _Builtin, _ type: T.Type, _ region: (start: Int, end: Int), _ key: @autoclosure () -> any CodingKey) throws -> T {
        do throws(_DecodeFailure) {
            return try readExact(kind, T.self, region.start, region.end)
        } catch {
            throw error.decodingError(T.self, state.codingPath(ref, key()))
        }
    }
}

/// `a[0..<count] == b[0..<count]`, inline for the short keys of coding keys.
@inline(__always)
func _bytesEqual(_ a: UnsafeRawPointer?, _ b: UnsafeRawPointer?, _ count: Int) -> Bool {
    guard count > 0, let a, let b else { return true }
    var offset = 0
    while offset &+ 8 <= count {
        guard a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        else { return false }
        offset &+= 8
    }
    while offset < count {
        guard a.load(fromByteOffset: offset, as: UInt8.self) == b.load(fromByteOffset: offset, as: UInt8.self) else { return false }
        offset &+= 1
    }
    return true
}

struct _KeyedDec<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let core: _KeyedCore

    var codingPath: [any CodingKey] { core.ref.resolve(core.state.path) }

    var allKeys: [Key] {
        guard !core.isExpired else { return [] }
        var keys: [Key] = []
        keys.reserveCapacity(core.count)
        core.forEachEntry { keyBytes, _, _ in
            guard let name = UTF8Bytes.string(keyBytes) else { return false }
            if let key = Key(stringValue: name) ?? Int(name).flatMap(Key.init(intValue:)) { keys.append(key) }
            return false
        }
        return keys
    }

    func contains(_ key: Key) -> Bool {
        guard !core.isExpired else { return false }
        return core.find(key.stringValue, advance: false) != nil
    }

    /// The value region of `key`, throwing `keyNotFound` if absent.
    @inline(__always)
    private func region(_ key: Key) throws -> (start: Int, end: Int) {
        try core.checkAlive()
        guard let region = core.find(key.stringValue, advance: true) else {
            throw _CodecErrors.keyNotFound(key, codingPath)
        }
        return region
    }

    @inline(__always)
    private func scalar<T>(_ kind: _Builtin, _ type: T.Type, _ key: Key) throws -> T {
        try core.scalar(kind, T.self, try region(key), key)
    }

    @inline(__always)
    private func scalarIfPresent<T>(_ kind: _Builtin, _ type: T.Type, _ key: Key) throws -> T? {
        try core.checkAlive()
        guard let region = core.find(key.stringValue, advance: true), region.start < region.end else { return nil }
        return try core.scalar(kind, T.self, region, key)
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        try core.checkAlive()
        guard let (start, end) = core.find(key.stringValue, advance: false) else {
            throw _CodecErrors.keyNotFound(key, codingPath)
        }
        guard start == end else { return false }
        _ = core.find(key.stringValue, advance: true)
        return true
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(.bool, type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(.string, type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(.double, type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(.float, type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(.int, type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(.int8, type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(.int16, type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(.int32, type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(.int64, type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(.uint, type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(.uint8, type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(.uint16, type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(.uint32, type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(.uint64, type, key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let (start, end) = try region(key)
        return try core.state.decodeValue(T.self, start, end, core.ref, key)
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try scalarIfPresent(.bool, type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try scalarIfPresent(.string, type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try scalarIfPresent(.double, type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try scalarIfPresent(.float, type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try scalarIfPresent(.int, type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try scalarIfPresent(.int8, type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try scalarIfPresent(.int16, type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try scalarIfPresent(.int32, type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try scalarIfPresent(.int64, type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try scalarIfPresent(.uint, type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try scalarIfPresent(.uint8, type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try scalarIfPresent(.uint16, type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try scalarIfPresent(.uint32, type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try scalarIfPresent(.uint64, type, key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try core.checkAlive()
        guard let (start, end) = core.find(key.stringValue, advance: true), start < end else { return nil }
        return try core.state.decodeValue(T.self, start, end, core.ref, key)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let (start, end) = try region(key)
        return try core.state.keyedContainer(start, end, core.ref.appending(key))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let (start, end) = try region(key)
        return try core.state.unkeyedContainer(start, end, core.ref.appending(key))
    }

    func superDecoder() throws -> any Decoder {
        try superDecoder(named: _BinaryKey.super)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder(named: key)
    }

    private func superDecoder(named key: any CodingKey) throws -> any Decoder {
        try core.checkAlive()
        // A missing entry decodes as nil, like a missing value in JSON.
        let (start, end) = core.find(key.stringValue, advance: true) ?? (Int.max, Int.max)
        return core.state.superDecoder(start, end, path: codingPath + [key])
    }
}
