import Foundation

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
