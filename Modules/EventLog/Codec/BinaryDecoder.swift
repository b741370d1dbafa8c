import Foundation
import PlatformKit

/// Decodes `Decodable` values from the binary format of ``BinaryEncoder``.
///
/// The decoder reads straight from the caller's bytes (`decode(_:from:)` with an
/// `UnsafeRawBufferPointer` avoids any copy). Keyed containers look keys up in encoding
/// order first, so the synthesized `Codable` case is a sequence of byte comparisons;
/// keys in another order, missing keys and extra keys (from a newer writer) fall back
/// to a search. Malformed input always throws a `DecodingError`, never traps.
public struct BinaryDecoder: Sendable {
    /// Contextual information for `init(from:)` implementations.
    public var userInfo: [CodingUserInfoKey: any Sendable] = Dictionary()

    /// Whether ``BinaryDecodable`` values read themselves. Turn it off to decode every value
    /// through `Codable` (tests compare the two).
    public var usesBinaryDecodable = true

    public init() {}

    /// The `T` encoded in `bytes`.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return try decode(T.self, from: buffer) }
            return try decode(T.self, base: base, count: buffer.count)
        }
    }

    /// The `T` encoded in `data`.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { try decode(type, from: $0) }
    }

    /// The `T` encoded in `buffer`, which is only read during the call.
    public func decode<T: Decodable>(_ type: T.Type, from buffer: UnsafeRawBufferPointer) throws -> T {
        guard let base = buffer.baseAddress, buffer.count > 0 else {
            return try withUnsafeBytes(of: UInt8(0)) { try decode(type, base: $0.baseAddress!, count: 0) }
        }
        return try decode(type, base: base, count: buffer.count)
    }

    private func decode<T: Decodable>(_ type: T.Type, base: UnsafeRawPointer, count: Int) throws -> T {
        let state = _DecState(base: base, userInfo: userInfo, usesBinaryDecodable: usesBinaryDecodable)
        defer { state.expired = true }
        return try state.decodeValue(T.self, 0, count, _PathRef(prefix: 0, tail: []))
    }
}

// MARK: - State

/// The state of one top-level `decode`.
///
/// Also the core of the decode's first keyed container (see ``_KeyedCore``), so the
/// common single-struct decode allocates one object instead of two.
final class _DecState: _KeyedCore, _PathTracking {
    /// Kept as given; converted only when an `init(from:)` asks for it.
    let userInfo: [CodingUserInfoKey: any Sendable]

    /// The live coding path (see `_PathRef`).
    @exclusivity(unchecked) var path = _PathStack()
    /// Full coding paths of super decoders, by region start.
    @exclusivity(unchecked) var superPaths: [Int: [any CodingKey]]?

    /// Whether the embedded keyed core is taken by a container.
    @exclusivity(unchecked) var embeddedCoreUsed = false

    /// Whether ``BinaryDecodable`` values read themselves.
    let usesBinaryDecodable: Bool

    init(base: UnsafeRawPointer, userInfo: [CodingUserInfoKey: any Sendable], usesBinaryDecodable: Bool) {
        self.userInfo = userInfo
        self.usesBinaryDecodable = usesBinaryDecodable
        super.init(base: base)
    }

    func pathRef(at start: Int) -> _PathRef {
        if let superPaths, let path = superPaths[start] { return _PathRef(prefix: 0, tail: path) }
        return _PathRef(prefix: path.count, tail: [])
    }

    func codingPath(at start: Int) -> [any CodingKey] {
        if let superPaths, let path = superPaths[start] { return path }
        return path.keys
    }

    func codingPath(_ ref: _PathRef, _ key: (any CodingKey)?) -> [any CodingKey] {
        var path = ref.resolve(path)
        if let key { path.append(key) }
        return path
    }

    @inline(__always)
    func checkAlive(_ ref: _PathRef) throws {
        if _slowPath(expired) { throw _CodecErrors.decoderExpired(ref.resolve(path)) }
    }

    /// The `T` filling exactly the region `start..<end`, whose path is `ref`.
    func decodeValue<T: Decodable>(_ type: T.Type, _ start: Int, _ end: Int, _ ref: _PathRef) throws -> T {
        try checkAlive(ref)
        if let kind = _Builtin(T.self) {
            do throws(_DecodeFailure) {
                return try readExact(kind, T.self, start, end)
            } catch {
                throw error.decodingError(T.self, codingPath(ref, nil))
            }
        }
        if usesBinaryDecodable, let value = try readBinaryDecodable(T.self, start, end, { codingPath(ref, nil) }) { return value }
        return try nested(ref) { try T(from: _Decoder(state: self, start: start, end: end)) }
    }

    /// The `T` filling exactly the region `start..<end`, whose path is `ref` + `key`.
    func decodeValue<T: Decodable, K: CodingKey>(
        _ type: T.Type, _ start: Int, _ end: Int, _ ref: _PathRef, _ key: K
    ) throws -> T {
        try checkAlive(ref)
        if let kind = _Builtin(T.self) {
            do throws(_DecodeFailure) {
                return try readExact(kind, T.self, start, end)
            } catch {
                throw error.decodingError(T.self, codingPath(ref, key))
            }
        }
        if usesBinaryDecodable, let value = try readBinaryDecodable(T.self, start, end, { codingPath(ref, key) }) { return value }
        return try nested(ref, key) { try T(from: _Decoder(state: self, start: start, end: end)) }
    }

    /// The `T` in `start..<end` read without `Codable` if `T` is ``BinaryDecodable``; errors get
    /// the value's coding path, `path()`, before their own.
    @inline(__always)
    private func readBinaryDecodable<T>(_ type: T.Type, _ start: Int, _ end: Int, _ path: () -> [any CodingKey]) throws -> T? {
        do {
            return try BinaryKeyedReader.read(T.self, base, start, end)
        } catch let error as DecodingError {
            throw error.prefixingPath(path())
        }
    }

    func keyedContainer<Key: CodingKey>(_ start: Int, _ end: Int, _ ref: _PathRef) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(_KeyedDec<Key>(core: try keyedCore(start, end, ref)))
    }

    /// Validates the keyed container at `start..<end`.
    func keyedCore(_ start: Int, _ end: Int, _ ref: _PathRef) throws -> _KeyedCore {
        try checkAlive(ref)
        guard start < end else {
            throw DecodingError.valueNotFound(
                [String: Any].self,
                .init(codingPath: ref.resolve(path), debugDescription: "Expected a keyed container but found nil instead.")
            )
        }
        let (position, count): (Int, Int)
        do throws(_DecodeFailure) {
            (position, count) = try _Read.keyedEntries(base, start, end)
        } catch {
            throw _CodecErrors.corrupted(ref.resolve(path), "Malformed keyed container: \(error.message)")
        }
        if !embeddedCoreUsed && ref.prefix == 0 && ref.tail.isEmpty {
            // The embedded core's path is the root.
            embeddedCoreUsed = true
            reset(first: position, count: count)
            return self
        }
        return _KeyedCore(state: self, first: position, count: count, ref: ref)
    }

    func unkeyedContainer(_ start: Int, _ end: Int, _ ref: _PathRef) throws -> _UnkeyedDec {
        try checkAlive(ref)
        guard start < end else {
            throw DecodingError.valueNotFound(
                [Any].self,
                .init(codingPath: ref.resolve(path), debugDescription: "Expected an unkeyed container but found nil instead.")
            )
        }
        var position = start
        do throws(_DecodeFailure) {
            let raw = try _Read.varint(base, &position, end)
            // Every element takes at least one byte.
            guard raw <= UInt64(end &- position) else { throw .countTooLarge(raw) }
            if raw == 0 && position != end { throw .trailingBytes(end &- position) }
            return _UnkeyedDec(state: self, end: end, position: position, total: Int(raw), ref: ref)
        } catch {
            throw _CodecErrors.corrupted(ref.resolve(path), "Malformed unkeyed container: \(error.message)")
        }
    }

    /// A decoder for a super entry at `start..<end`, whose coding path is `path`.
    func superDecoder(_ start: Int, _ end: Int, path: [any CodingKey]) -> _Decoder {
        superPaths = superPaths ?? [:]
        superPaths?[start] = path
        return _Decoder(state: self, start: start, end: end)
    }
}

// MARK: - Decoder

struct _Decoder: Decoder {
    let state: _DecState
    let start: Int
    let end: Int

    var codingPath: [any CodingKey] { state.codingPath(at: start) }
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo.isEmpty ? [:] : state.userInfo.mapValues { $0 } }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try state.keyedContainer(start, end, state.pathRef(at: start))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try state.unkeyedContainer(start, end, state.pathRef(at: start))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        _SingleDec(state: state, start: start, end: end)
    }
}

// MARK: - Keyed

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

// MARK: - Unkeyed

struct _UnkeyedDec: UnkeyedDecodingContainer {
    let state: _DecState
    let end: Int
    var position: Int
    let total: Int
    let ref: _PathRef
    private(set) var currentIndex = 0

    init(state: _DecState, end: Int, position: Int, total: Int, ref: _PathRef) {
        self.state = state
        self.end = end
        self.position = position
        self.total = total
        self.ref = ref
    }

    var codingPath: [any CodingKey] { ref.resolve(state.path) }
    var count: Int? { total }
    var isAtEnd: Bool { currentIndex >= total }

    private var elementPath: [any CodingKey] { codingPath + [_BinaryKey.index(currentIndex)] }

    /// Checks that an element remains to be read.
    @inline(__always)
    private func checkElement(_ type: Any.Type) throws {
        try state.checkAlive(ref)
        guard currentIndex < total else { throw _CodecErrors.atEnd(type, elementPath) }
    }

    /// Moves past the element ending at `next`.
    @inline(__always)
    private mutating func advance(to next: Int) throws(_DecodeFailure) {
        if currentIndex &+ 1 == total && next != end { throw .trailingBytes(end &- next) }
        position = next
        currentIndex &+= 1
    }

    @inline(__always)
    private mutating func element<T>(_ kind: _Builtin, _ type: T.Type) throws -> T {
        try checkElement(T.self)
        do throws(_DecodeFailure) {
            var next = position
            let value = try _Read.builtin(kind, as: T.self, state.base, &next, end)
            try advance(to: next)
            return value
        } catch {
            throw error.decodingError(T.self, elementPath)
        }
    }

    /// The region of the next length-prefixed element and where the element ends.
    @inline(__always)
    private func lengthPrefixed(_ type: Any.Type) throws -> (start: Int, end: Int) {
        try checkElement(type)
        do throws(_DecodeFailure) {
            var start = position
            let length = try _Read.length(state.base, &start, end)
            return (start, start &+ length)
        } catch {
            throw error.decodingError(type, elementPath)
        }
    }

    @inline(__always)
    private mutating func finish(_ region: (start: Int, end: Int), _ type: Any.Type) throws {
        do throws(_DecodeFailure) {
            try advance(to: region.end)
        } catch {
            throw error.decodingError(type, elementPath)
        }
    }

    mutating func decodeNil() throws -> Bool {
        try checkElement(Never?.self)
        guard position < end, state.base.load(fromByteOffset: position, as: UInt8.self) == 0 else { return false }
        try finish((position, position &+ 1), Never?.self)
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try element(.bool, type) }
    mutating func decode(_ type: String.Type) throws -> String { try element(.string, type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try element(.double, type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try element(.float, type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try element(.int, type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try element(.int8, type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try element(.int16, type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try element(.int32, type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try element(.int64, type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try element(.uint, type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try element(.uint8, type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try element(.uint16, type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try element(.uint32, type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try element(.uint64, type) }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if let kind = _Builtin(T.self) { return try element(kind, T.self) }
        let region = try lengthPrefixed(T.self)
        let value = try state.decodeValue(T.self, region.start, region.end, ref, _BinaryKey.index(currentIndex))
        try finish(region, T.self)
        return value
    }

    // Optional elements are length-prefixed, nil being the empty region.
    @inline(__always)
    private mutating func optionalElement<T>(_ kind: _Builtin, _ type: T.Type) throws -> T? {
        guard !isAtEnd else { return nil }
        let region = try lengthPrefixed(T.self)
        let value: T?
        if region.start == region.end {
            value = nil
        } else {
            do throws(_DecodeFailure) {
                value = try state.readExact(kind, T.self, region.start, region.end)
            } catch {
                throw error.decodingError(T.self, elementPath)
            }
        }
        try finish(region, T.self)
        return value
    }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? { try optionalElement(.bool, type) }
    mutating func decodeIfPresent(_ type: String.Type) throws -> String? { try optionalElement(.string, type) }
    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? { try optionalElement(.double, type) }
    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? { try optionalElement(.float, type) }
    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try optionalElement(.int, type) }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try optionalElement(.int8, type) }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try optionalElement(.int16, type) }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try optionalElement(.int32, type) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try optionalElement(.int64, type) }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try optionalElement(.uint, type) }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try optionalElement(.uint8, type) }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try optionalElement(.uint16, type) }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try optionalElement(.uint32, type) }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try optionalElement(.uint64, type) }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        guard !isAtEnd else { return nil }
        let region = try lengthPrefixed(T.self)
        let value: T? =
            region.start == region.end
            ? nil : try state.decodeValue(T.self, region.start, region.end, ref, _BinaryKey.index(currentIndex))
        try finish(region, T.self)
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let region = try lengthPrefixed(KeyedDecodingContainer<NestedKey>.self)
        let container: KeyedDecodingContainer<NestedKey> = try state.keyedContainer(
            region.start, region.end, ref.appending(_BinaryKey.index(currentIndex))
        )
        try finish(region, KeyedDecodingContainer<NestedKey>.self)
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let region = try lengthPrefixed((any UnkeyedDecodingContainer).self)
        let container = try state.unkeyedContainer(region.start, region.end, ref.appending(_BinaryKey.index(currentIndex)))
        try finish(region, (any UnkeyedDecodingContainer).self)
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let region = try lengthPrefixed((any Decoder).self)
        let decoder = state.superDecoder(region.start, region.end, path: elementPath)
        try finish(region, (any Decoder).self)
        return decoder
    }
}

// MARK: - Single value

struct _SingleDec: SingleValueDecodingContainer {
    let state: _DecState
    let start: Int
    let end: Int

    var codingPath: [any CodingKey] { state.codingPath(at: start) }

    func decodeNil() -> Bool { start == end }

    @inline(__always)
    private func read<T>(_ kind: _Builtin, _ type: T.Type) throws -> T {
        if _slowPath(state.expired) { throw _CodecErrors.decoderExpired(codingPath) }
        do throws(_DecodeFailure) {
            return try state.readExact(kind, T.self, start, end)
        } catch {
            throw error.decodingError(T.self, codingPath)
        }
    }

    func decode(_ type: Bool.Type) throws -> Bool { try read(.bool, type) }
    func decode(_ type: String.Type) throws -> String { try read(.string, type) }
    func decode(_ type: Double.Type) throws -> Double { try read(.double, type) }
    func decode(_ type: Float.Type) throws -> Float { try read(.float, type) }
    func decode(_ type: Int.Type) throws -> Int { try read(.int, type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try read(.int8, type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try read(.int16, type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try read(.int32, type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try read(.int64, type) }
    func decode(_ type: UInt.Type) throws -> UInt { try read(.uint, type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try read(.uint8, type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try read(.uint16, type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try read(.uint32, type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try read(.uint64, type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try state.decodeValue(T.self, start, end, state.pathRef(at: start))
    }
}
