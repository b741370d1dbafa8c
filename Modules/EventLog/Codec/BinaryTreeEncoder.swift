import Foundation

// The tree encoder: the fallback of `BinaryEncoder` for values that use their containers
// out of order (for example writing to a nested container after its parent wrote the
// next key). Containers are objects, so any order of use works; the tree is serialized
// to the same bytes the streaming encoder would produce. Slow, and only used when needed.

/// What a value slot holds.
enum _TreeContent {
    /// No container was requested: written as an empty container (one 0 byte).
    case empty
    /// `encodeNil()`: the empty region.
    case null
    case scalar([UInt8])
    case keyed(_TreeKeyed)
    case unkeyed(_TreeUnkeyed)
    /// A value encoded through a single value container.
    case value(_TreeSlot)
}

final class _TreeSlot {
    var content = _TreeContent.empty
}

final class _TreeKeyed {
    var entries: [(key: String, slot: _TreeSlot)] = []
}

enum _TreeElement {
    /// A built-in scalar, written without a length prefix.
    case raw([UInt8])
    /// A length-prefixed element.
    case slot(_TreeSlot)
}

final class _TreeUnkeyed {
    var elements: [_TreeElement] = []
}

/// Shared by all encoders and containers of one tree encode.
final class _TreeContext {
    let userInfo: [CodingUserInfoKey: Any]
    /// The first misuse found by a non-throwing entry point, thrown at the end.
    var error: EncodingError?

    init(userInfo: [CodingUserInfoKey: Any]) {
        self.userInfo = userInfo
    }

    func misuse(_ codingPath: [any CodingKey], _ message: String) {
        if error == nil { error = _CodecErrors.misuse(codingPath, message) }
    }
}

enum _TreeEncoder {
    static func encode<T: Encodable>(_ value: T, userInfo: [CodingUserInfoKey: Any]) throws -> [UInt8] {
        let context = _TreeContext(userInfo: userInfo)
        let root = _TreeSlot()
        try fill(root, with: value, context, [])
        if let error = context.error { throw error }
        var writer = _ByteWriter(capacity: 256)
        defer { writer.deallocate() }
        write(root, &writer)
        return writer.makeArray()
    }

    /// Encodes `value` into the empty `slot`.
    static func fill<T: Encodable>(
        _ slot: _TreeSlot, with value: T, _ context: _TreeContext, _ codingPath: [any CodingKey]
    ) throws {
        if let kind = _Builtin(T.self) {
            slot.content = .scalar(scalar(kind, value))
        } else {
            try value.encode(to: _TreeEncoderImpl(context: context, slot: slot, codingPath: codingPath))
        }
    }

    static func scalar<T>(_ kind: _Builtin, _ value: T) -> [UInt8] {
        var writer = _ByteWriter(capacity: 32)
        defer { writer.deallocate() }
        writer.builtin(kind, value)
        return writer.makeArray()
    }

    static func write(_ slot: _TreeSlot, _ writer: inout _ByteWriter) {
        switch slot.content {
        case .empty:
            writer.byte(0)
        case .null:
            break
        case .scalar(let bytes):
            bytes.withUnsafeBytes { writer.raw($0) }
        case .keyed(let keyed):
            writer.varint(UInt64(keyed.entries.count))
            for (key, value) in keyed.entries {
                writer.string(key)
                let placeholder = writer.placeholder()
                write(value, &writer)
                writer.patchLength(at: placeholder)
            }
        case .unkeyed(let unkeyed):
            writer.varint(UInt64(unkeyed.elements.count))
            for element in unkeyed.elements {
                switch element {
                case .raw(let bytes):
                    bytes.withUnsafeBytes { writer.raw($0) }
                case .slot(let value):
                    let placeholder = writer.placeholder()
                    write(value, &writer)
                    writer.patchLength(at: placeholder)
                }
            }
        case .value(let inner):
            write(inner, &writer)
        }
    }
}

struct _TreeEncoderImpl: Encoder {
    let context: _TreeContext
    let slot: _TreeSlot
    let codingPath: [any CodingKey]

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let keyed: _TreeKeyed
        switch slot.content {
        case .empty:
            keyed = _TreeKeyed()
            slot.content = .keyed(keyed)
        case .keyed(let existing):
            keyed = existing
        default:
            context.misuse(codingPath, "Requested a keyed container after encoding another kind of value.")
            keyed = _TreeKeyed()
        }
        return KeyedEncodingContainer(_TreeKeyedEnc<Key>(context: context, keyed: keyed, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let unkeyed: _TreeUnkeyed
        switch slot.content {
        case .empty:
            unkeyed = _TreeUnkeyed()
            slot.content = .unkeyed(unkeyed)
        case .unkeyed(let existing):
            unkeyed = existing
        default:
            context.misuse(codingPath, "Requested an unkeyed container after encoding another kind of value.")
            unkeyed = _TreeUnkeyed()
        }
        return _TreeUnkeyedEnc(context: context, unkeyed: unkeyed, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        _TreeSingleEnc(context: context, slot: slot, codingPath: codingPath)
    }
}

struct _TreeKeyedEnc<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let context: _TreeContext
    let keyed: _TreeKeyed
    let codingPath: [any CodingKey]

    private func add(_ key: some CodingKey) -> _TreeSlot {
        let slot = _TreeSlot()
        keyed.entries.append((key.stringValue, slot))
        return slot
    }

    mutating func encodeNil(forKey key: Key) throws { add(key).content = .null }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try put(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try put(value, key) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try put(value, key) }

    private func put<T: Encodable>(_ value: T, _ key: Key) throws {
        try _TreeEncoder.fill(add(key), with: value, context, codingPath + [key])
    }

    private func putOptional<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value { try put(value, key) } else { add(key).content = .null }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try putOptional(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try putOptional(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try putOptional(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try putOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try putOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try putOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try putOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try putOptional(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try putOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try putOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try putOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try putOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try putOptional(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try putOptional(value, key) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try putOptional(value, key) }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = _TreeKeyed()
        add(key).content = .keyed(nested)
        return KeyedEncodingContainer(_TreeKeyedEnc<NestedKey>(context: context, keyed: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = _TreeUnkeyed()
        add(key).content = .unkeyed(nested)
        return _TreeUnkeyedEnc(context: context, unkeyed: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        _TreeEncoderImpl(context: context, slot: add(_BinaryKey.super), codingPath: codingPath + [_BinaryKey.super])
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        _TreeEncoderImpl(context: context, slot: add(key), codingPath: codingPath + [key])
    }
}

struct _TreeUnkeyedEnc: UnkeyedEncodingContainer {
    let context: _TreeContext
    let unkeyed: _TreeUnkeyed
    let codingPath: [any CodingKey]

    var count: Int { unkeyed.elements.count }

    private var nextKey: _BinaryKey { .index(unkeyed.elements.count) }

    /// Appends a length-prefixed element.
    private func addSlot() -> _TreeSlot {
        let slot = _TreeSlot()
        unkeyed.elements.append(.slot(slot))
        return slot
    }

    mutating func encodeNil() throws { addSlot().content = .null }
    mutating func encode(_ value: Bool) throws { try put(value) }
    mutating func encode(_ value: String) throws { try put(value) }
    mutating func encode(_ value: Double) throws { try put(value) }
    mutating func encode(_ value: Float) throws { try put(value) }
    mutating func encode(_ value: Int) throws { try put(value) }
    mutating func encode(_ value: Int8) throws { try put(value) }
    mutating func encode(_ value: Int16) throws { try put(value) }
    mutating func encode(_ value: Int32) throws { try put(value) }
    mutating func encode(_ value: Int64) throws { try put(value) }
    mutating func encode(_ value: UInt) throws { try put(value) }
    mutating func encode(_ value: UInt8) throws { try put(value) }
    mutating func encode(_ value: UInt16) throws { try put(value) }
    mutating func encode(_ value: UInt32) throws { try put(value) }
    mutating func encode(_ value: UInt64) throws { try put(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try put(value) }

    private func put<T: Encodable>(_ value: T) throws {
        if let kind = _Builtin(T.self) {
            unkeyed.elements.append(.raw(_TreeEncoder.scalar(kind, value)))
        } else {
            let key = nextKey
            try _TreeEncoder.fill(addSlot(), with: value, context, codingPath + [key])
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let key = nextKey
        let nested = _TreeKeyed()
        addSlot().content = .keyed(nested)
        return KeyedEncodingContainer(_TreeKeyedEnc<NestedKey>(context: context, keyed: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let key = nextKey
        let nested = _TreeUnkeyed()
        addSlot().content = .unkeyed(nested)
        return _TreeUnkeyedEnc(context: context, unkeyed: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let key = nextKey
        return _TreeEncoderImpl(context: context, slot: addSlot(), codingPath: codingPath + [key])
    }
}

struct _TreeSingleEnc: SingleValueEncodingContainer {
    let context: _TreeContext
    let slot: _TreeSlot
    let codingPath: [any CodingKey]

    private func claim() throws {
        guard case .empty = slot.content else {
            throw _CodecErrors.misuse(codingPath, "A single value container can encode only one value.")
        }
    }

    mutating func encodeNil() throws {
        try claim()
        slot.content = .null
    }

    mutating func encode(_ value: Bool) throws { try put(value) }
    mutating func encode(_ value: String) throws { try put(value) }
    mutating func encode(_ value: Double) throws { try put(value) }
    mutating func encode(_ value: Float) throws { try put(value) }
    mutating func encode(_ value: Int) throws { try put(value) }
    mutating func encode(_ value: Int8) throws { try put(value) }
    mutating func encode(_ value: Int16) throws { try put(value) }
    mutating func encode(_ value: Int32) throws { try put(value) }
    mutating func encode(_ value: Int64) throws { try put(value) }
    mutating func encode(_ value: UInt) throws { try put(value) }
    mutating func encode(_ value: UInt8) throws { try put(value) }
    mutating func encode(_ value: UInt16) throws { try put(value) }
    mutating func encode(_ value: UInt32) throws { try put(value) }
    mutating func encode(_ value: UInt64) throws { try put(value) }
    mutating func encode<T: Encodable>(_ value: T) throws { try put(value) }

    private func put<T: Encodable>(_ value: T) throws {
        try claim()
        if let kind = _Builtin(T.self) {
            slot.content = .scalar(_TreeEncoder.scalar(kind, value))
        } else {
            let inner = _TreeSlot()
            slot.content = .value(inner)
            try _TreeEncoder.fill(inner, with: value, context, codingPath)
        }
    }
}
