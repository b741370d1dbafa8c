import Foundation

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
