import Foundation

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
