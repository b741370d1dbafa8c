import Foundation
import PlatformKit

/// A type that can also decode itself from the binary format without `Codable`.
///
/// `Codable` decoding costs about 0.4 µs per small event in runtime machinery (container
/// boxes, metadata look-ups); types on hot replay paths (events, snapshot states) can conform to
/// this protocol and read their fields directly. ``BinaryDecoder`` then uses `init(from:)` for
/// every value of a conforming type, also one nested in a `Codable` value (turn
/// `usesBinaryDecodable` off to compare). The encoding stays the `Codable` one, so the two
/// decoders must agree: test it with random values (see `assertDecodesLikeCodable`).
public protocol BinaryDecodable: Decodable {
    /// Reads the fields from the keyed container `BinaryEncoder` wrote for this type.
    init(from reader: inout BinaryKeyedReader) throws
}

/// Reads one keyed container of the binary format (see `BinaryFormat.swift`) without `Codable`.
///
/// Keys are looked up in encoding order first, then by a search, so extra keys (a newer
/// writer) and missing optional keys are tolerated exactly as by ``BinaryDecoder``.
/// Malformed input throws `DecodingError`; nothing is read outside the buffer.
public struct BinaryKeyedReader {
    let base: UnsafeRawPointer
    /// Where the first entry starts, and how many entries there are.
    let entries: Int
    let count: Int
    private var cursor: Int
    private var consumed = 0
    /// The array `base` points into, when the reader may hand out slices of it (see `decode(_:sharing:)`).
    let shared: [UInt8]?

    /// Decodes a `T` from `bytes`.
    public static func decode<T: BinaryDecodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { throw Self.nilFound(T.self) }
            var reader = try BinaryKeyedReader(base: base, start: 0, end: buffer.count, T.self)
            return try T(from: &reader)
        }
    }

    /// Decodes a `T` from `bytes`, which the `T` may keep parts of without copying them (see
    /// ``bytes(forKey:)``): a large value can then hold on to the buffer rather than copy it.
    public static func decode<T: BinaryDecodable>(_ type: T.Type, sharing bytes: [UInt8]) throws -> T {
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { throw Self.nilFound(T.self) }
            var reader = try BinaryKeyedReader(base: base, start: 0, end: buffer.count, T.self, sharing: bytes)
            return try T(from: &reader)
        }
    }

    /// Reads the region `start..<end` of `base` as a `T` if its type is `BinaryDecodable`; nil if it is not.
    static func read<T>(_ type: T.Type, _ base: UnsafeRawPointer, _ start: Int, _ end: Int) throws -> T? {
        guard let conformance = _BinaryDecodableTypes.conformance(of: T.self) else { return nil }
        func read<D: BinaryDecodable>(_: D.Type) throws -> T {
            _cast(try D(region: base, start, end), to: T.self)
        }
        return try read(conformance)
    }

    /// A reader of the keyed container in `start..<end`, which holds a `type`.
    init(base: UnsafeRawPointer, start: Int, end: Int, _ type: Any.Type, sharing shared: [UInt8]? = nil) throws {
        guard start < end else { throw Self.nilFound(type) }
        self.base = base
        self.shared = shared
        do throws(_DecodeFailure) {
            (entries, count) = try _Read.keyedEntries(base, start, end)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Malformed keyed container: \(error.message)"))
        }
        cursor = entries
    }

    static func nilFound(_ type: Any.Type) -> DecodingError {
        DecodingError.valueNotFound(type, .init(codingPath: [], debugDescription: "Found nil instead of a value."))
    }

    // MARK: - Values

    /// The `String` of `key`.
    public mutating func decode(_ type: String.Type, forKey key: StaticString) throws -> String {
        try required(key, type) { base, position, end throws(_DecodeFailure) in try _Read.string(base, &position, end) }
    }

    /// The `String` of `key`, or `nil` when the key is missing or nil.
    public mutating func decodeIfPresent(_ type: String.Type, forKey key: StaticString) throws -> String? {
        try optional(key) { base, position, end throws(_DecodeFailure) in try _Read.string(base, &position, end) }
    }

    /// The `Int64` of `key`.
    public mutating func decode(_ type: Int64.Type, forKey key: StaticString) throws -> Int64 {
        try required(key, type) { base, position, end throws(_DecodeFailure) in _unzigzag(try _Read.varint(base, &position, end)) }
    }

    /// The `Int` of `key`.
    public mutating func decode(_ type: Int.Type, forKey key: StaticString) throws -> Int {
        try required(key, type, Self.int)
    }

    static func int(_ base: UnsafeRawPointer, _ position: inout Int, _ end: Int) throws(_DecodeFailure) -> Int {
        let raw = try _Read.varint(base, &position, end)
        guard let value = Int(exactly: _unzigzag(raw)) else { throw .outOfRange(raw, signed: true) }
        return value
    }

    /// The `Bool` of `key`.
    public mutating func decode(_ type: Bool.Type, forKey key: StaticString) throws -> Bool {
        try required(key, type) { base, position, end throws(_DecodeFailure) in
            let byte = try _Read.byte(base, &position, end)
            guard byte <= 1 else { throw .invalidBool(byte) }
            return byte == 1
        }
    }

    /// The `Double` of `key`.
    public mutating func decode(_ type: Double.Type, forKey key: StaticString) throws -> Double {
        try required(key, type) { base, position, end throws(_DecodeFailure) in try _Read.double(base, &position, end) }
    }

    /// The `Double` of `key`, or `nil` when the key is missing or nil.
    public mutating func decodeIfPresent(_ type: Double.Type, forKey key: StaticString) throws -> Double? {
        try optional(key) { base, position, end throws(_DecodeFailure) in try _Read.double(base, &position, end) }
    }

    /// The `Bool` of `key`, or `nil` when the key is missing or nil.
    public mutating func decodeIfPresent(_ type: Bool.Type, forKey key: StaticString) throws -> Bool? {
        try optional(key) { base, position, end throws(_DecodeFailure) in try _Read.bool(base, &position, end) }
    }

    /// The `UInt8` of `key`.
    public mutating func decode(_ type: UInt8.Type, forKey key: StaticString) throws -> UInt8 {
        try required(key, type) { base, position, end throws(_DecodeFailure) in
            let raw = try _Read.varint(base, &position, end)
            guard let value = UInt8(exactly: raw) else { throw .outOfRange(raw, signed: false) }
            return value
        }
    }

    /// The enum case of `key`, stored as its `String` raw value.
    public mutating func decode<T: RawRepresentable & Decodable>(_ type: T.Type, forKey key: StaticString) throws -> T where T.RawValue == String {
        try Self.value(T(rawValue: decode(String.self, forKey: key)), key)
    }

    /// The enum case of `key`, stored as its `UInt8` raw value.
    public mutating func decode<T: RawRepresentable & Decodable>(_ type: T.Type, forKey key: StaticString) throws -> T where T.RawValue == UInt8 {
        try Self.value(T(rawValue: decode(UInt8.self, forKey: key)), key)
    }

    private static func value<T>(_ value: T?, _ key: StaticString) throws -> T {
        guard let value else {
            throw DecodingError.dataCorrupted(.init(codingPath: [Key(key)], debugDescription: "Cannot initialize \(T.self) from an invalid raw value"))
        }
        return value
    }

    /// The `Instant` of `key` (its milliseconds).
    public mutating func decode(_ type: Instant.Type, forKey key: StaticString) throws -> Instant {
        Instant(millisecondsSinceEpoch: try decode(Int64.self, forKey: key))
    }

    /// A nested value of `key`, without `Codable`.
    public mutating func decode<T: BinaryDecodable>(_ type: T.Type, forKey key: StaticString) throws -> T {
        guard let (start, end) = region(key) else { throw Self.missing(key) }
        return try Self.within(Key(key)) { try T(region: base, start, end) }
    }

    /// A nested value of `key`, or `nil` when the key is missing or nil.
    public mutating func decodeIfPresent<T: BinaryDecodable>(_ type: T.Type, forKey key: StaticString) throws -> T? {
        guard let (start, end) = region(key), start < end else { return nil }
        return try Self.within(Key(key)) { try T(region: base, start, end) }
    }

    /// The `Int64` of `key`, or `nil` when the key is missing or nil.
    public mutating func decodeIfPresent(_ type: Int64.Type, forKey key: StaticString) throws -> Int64? {
        try optional(key) { base, position, end throws(_DecodeFailure) in _unzigzag(try _Read.varint(base, &position, end)) }
    }

    /// The `Int` of `key`, or `nil` when the key is missing or nil.
    public mutating func decodeIfPresent(_ type: Int.Type, forKey key: StaticString) throws -> Int? {
        try optional(key, Self.int)
    }

    /// The `Instant` of `key`, or `nil` when the key is missing or nil.
    public mutating func decodeIfPresent(_ type: Instant.Type, forKey key: StaticString) throws -> Instant? {
        try decodeIfPresent(Int64.self, forKey: key).map(Instant.init(millisecondsSinceEpoch:))
    }

    /// The case of `T` named by this container's only key (a one-key container, as an enum case
    /// is written), matched on the key's bytes; `nil` if there is not exactly one key or it names
    /// no case.
    public func soleKey<T: CaseIterable & RawRepresentable>(as type: T.Type) -> T? where T.RawValue == String {
        guard count == 1 else { return nil }
        var position = entries
        return Self.matchingCase(T.self, nextEntry(at: &position).key)
    }

    /// The case of `T` whose raw value is `key`'s bytes.
    private static func matchingCase<T: CaseIterable & RawRepresentable>(_ type: T.Type, _ key: UnsafeBufferPointer<UInt8>) -> T? where T.RawValue == String {
        T.allCases.first { kind in
            kind.rawValue.withUTF8InPlace { $0.count == key.count && _bytesEqual($0.baseAddress, key.baseAddress, key.count) }
        }
    }

    /// The keys of this container's entries, in order (those that are UTF-8).
    public var keys: [String] {
        var names: [String] = []
        var position = entries
        for _ in 0..<count {
            if let name = UTF8Bytes.string(nextEntry(at: &position).key) { names.append(name) }
        }
        return names
    }

    /// The case of an enum with associated values (its synthesized encoding: one entry, named
    /// after the case, holding a keyed container of the values), as the case of `T` whose raw
    /// value is that name (matched on its bytes), and a reader of the values.
    public func enumCase<T: CaseIterable & RawRepresentable>(as type: T.Type) throws -> (case: T, values: BinaryKeyedReader) where T.RawValue == String {
        guard count == 1 else {
            throw DecodingError.typeMismatch(
                BinaryKeyedReader.self, .init(codingPath: [], debugDescription: "An enum case needs exactly one key; found \(count).")
            )
        }
        var position = entries
        let (key, start, end) = nextEntry(at: &position)
        guard let kind = Self.matchingCase(T.self, key) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "Unknown case \"\(String(decoding: key, as: UTF8.self))\"."))
        }
        let values = try Self.within(Key(kind.rawValue)) { try BinaryKeyedReader(base: base, start: start, end: end, Any.self) }
        return (kind, values)
    }

    /// Any other `Decodable` value of `key`, through ``BinaryDecoder``.
    public mutating func decode<T: Decodable>(_ type: T.Type, forKey key: StaticString) throws -> T {
        guard let (start, end) = region(key) else { throw Self.missing(key) }
        return try BinaryDecoder().decode(T.self, from: UnsafeRawBufferPointer(start: base + start, count: end - start))
    }

    /// Any other `Decodable` value of `key` through ``BinaryDecoder``, or `nil` when the key is missing or nil.
    public mutating func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: StaticString) throws -> T? {
        guard let (start, end) = region(key), start < end else { return nil }
        return try BinaryDecoder().decode(T.self, from: UnsafeRawBufferPointer(start: base + start, count: end - start))
    }

    // MARK: - Look-up

    mutating func required<T>(
        _ key: StaticString, _ type: T.Type, _ read: (UnsafeRawPointer, inout Int, Int) throws(_DecodeFailure) -> T
    ) throws -> T {
        guard let value = try optional(key, read) else {
            throw region(key) == nil
                ? Self.missing(key)
                : DecodingError.valueNotFound(T.self, .init(codingPath: [Key(key)], debugDescription: "Found nil instead of a value."))
        }
        return value
    }

    /// The value of `key` read by `read`, which must fill the value's region exactly.
    private mutating func optional<T>(
        _ key: StaticString, _ read: (UnsafeRawPointer, inout Int, Int) throws(_DecodeFailure) -> T
    ) throws -> T? {
        guard let (start, end) = region(key), start < end else { return nil }
        var position = start
        do throws(_DecodeFailure) {
            let value = try read(base, &position, end)
            guard position == end else { throw .sizeMismatch(end &- start) }
            return value
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [Key(key)], debugDescription: error.message))
        }
    }

    /// Runs `body`, which reads the value of `key`, putting `key` before the path of any error
    /// (`key` is made only then).
    static func within<T>(_ key: @autoclosure () -> Key, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as DecodingError {
            throw error.prefixingPath([key()])
        }
    }

    /// The value region of `key`: the next entry if it matches (the synthesized order), else the
    /// first with `key` (as ``BinaryDecoder`` finds it). Either way, the next look-up starts
    /// after it, so fields read in the written order after one out of it are found at once.
    mutating func region(_ key: StaticString) -> (Int, Int)? {
        var next = cursor
        if consumed < count, let found = entry(at: &next, matching: key) {
            cursor = next
            consumed &+= 1
            return found
        }
        var position = entries
        for index in 0..<count {
            if let found = entry(at: &position, matching: key) {
                cursor = position
                consumed = index &+ 1
                return found
            }
        }
        return nil
    }

    /// Reads the entry at `position` (moving past it); its value region if its key is `key`.
    @inline(__always)
    private func entry(at position: inout Int, matching key: StaticString) -> (Int, Int)? {
        let (name, start, end) = nextEntry(at: &position)
        guard name.count == key.utf8CodeUnitCount, _bytesEqual(name.baseAddress, key.utf8Start, name.count) else { return nil }
        return (start, end)
    }

    /// The entry at `position`, moving past it: its key's bytes and its value's region. The entry
    /// table was validated when the reader was made, so this reads it unchecked.
    @inline(__always)
    func nextEntry(at position: inout Int) -> (key: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
        let keyLength = _Read.varintUnchecked(base, &position)
        let key = UnsafeBufferPointer(start: (base + position).assumingMemoryBound(to: UInt8.self), count: keyLength)
        position &+= keyLength
        let valueLength = _Read.varintUnchecked(base, &position)
        let start = position
        position &+= valueLength
        return (key, start, position)
    }

    static func missing(_ key: StaticString) -> DecodingError {
        DecodingError.keyNotFound(Key(key), .init(codingPath: [], debugDescription: "No value for key '\(key)'."))
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ key: StaticString) { stringValue = "\(key)" }
        init(_ key: String) { stringValue = key }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension BinaryDecodable {
    /// Decodes the keyed container in `start..<end` of `base`.
    init(region base: UnsafeRawPointer, _ start: Int, _ end: Int) throws {
        var reader = try BinaryKeyedReader(base: base, start: start, end: end, Self.self)
        try self.init(from: &reader)
    }
}

/// Which types are `BinaryDecodable` (see ``_TypeMemo``).
enum _BinaryDecodableTypes {
    private static let known = _TypeMemo<(any BinaryDecodable.Type)?>()

    static func conformance<T>(of type: T.Type) -> (any BinaryDecodable.Type)? {
        known.value(for: type) { type as? any BinaryDecodable.Type }
    }
}

extension DecodingError {
    /// This error with `prefix` put before its coding path.
    func prefixingPath(_ prefix: [any CodingKey]) -> DecodingError {
        switch self {
        case .typeMismatch(let type, let context): .typeMismatch(type, context.prefixing(prefix))
        case .valueNotFound(let type, let context): .valueNotFound(type, context.prefixing(prefix))
        case .keyNotFound(let key, let context): .keyNotFound(key, context.prefixing(prefix))
        case .dataCorrupted(let context): .dataCorrupted(context.prefixing(prefix))
        @unknown default: self
        }
    }
}

extension DecodingError.Context {
    fileprivate func prefixing(_ prefix: [any CodingKey]) -> Self {
        .init(codingPath: prefix + codingPath, debugDescription: debugDescription, underlyingError: underlyingError)
    }
}
