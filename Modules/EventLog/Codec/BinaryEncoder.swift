import Foundation

/// Encodes `Encodable` values in the compact binary format described in `BinaryFormat.swift`.
///
/// ```swift
/// let bytes = try BinaryEncoder().encode(event)
/// let event = try BinaryDecoder().decode(TripStarted.self, from: bytes)
/// ```
///
/// Encoding streams into one growing buffer; containers are small structs over it. When
/// a value uses its containers out of order (writing to a nested container after its
/// parent moved on), the encoder transparently re-encodes that value with a slower tree
/// encoder, so every legal use of `Encoder` produces the same bytes. A ``BinaryEncodable``
/// value, at the top or nested in a `Codable` one, writes itself without `Codable` (and
/// without `userInfo`).
public struct BinaryEncoder: Sendable {
    /// Contextual information for `encode(to:)` implementations.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// Whether ``BinaryEncodable`` values write themselves. Turn it off to encode every value
    /// through `Codable`: the bytes a conformance must reproduce, for its tests.
    public var usesBinaryEncodable = true

    public init() {}

    /// `value` in the binary format.
    public func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        try withEncoding(value) { [UInt8]($0) }
    }

    /// Calls `body` with `value` in the binary format, in the encoder's own buffer (valid only
    /// during the call): a large value is not copied into an array.
    public func withEncoding<T: Encodable, R>(_ value: T, _ body: (UnsafeRawBufferPointer) throws -> R) throws -> R {
        try encoding(value, { try body($0.bytes) }, orTree: { try $0.withUnsafeBytes(body) })
    }

    /// `value` in the binary format: the encoder's own buffer handed over (not copied), so a
    /// large value is in memory once.
    public func encodeData<T: Encodable>(_ value: T) throws -> Data {
        try encoding(value, { $0.takeData() }, orTree: { Data($0) })
    }

    /// Encodes `value` into a buffer and passes it to `finish`; `orTree` gets the bytes of the
    /// tree encoder instead when the value used its containers out of order.
    private func encoding<T: Encodable, R>(
        _ value: T, _ finish: (inout _ByteWriter) throws -> R, orTree: ([UInt8]) throws -> R
    ) throws -> R {
        if usesBinaryEncodable, _Builtin(T.self) == nil, let type = _BinaryEncodableTypes.conformance(of: T.self) {
            // A value that writes itself (most events) needs none of the `Codable` machinery.
            var writer = _ByteWriter(capacity: 256)
            defer { writer.deallocate() }
            try BinaryKeyedWriter.write(value, as: type, into: &writer)
            return try finish(&writer)
        }
        let state = _EncState(userInfo: userInfo, usesBinaryEncodable: usesBinaryEncodable)
        do {
            try state.encodeValue(value, _PathRef.root)
            if !state.broken { return try finish(&state.writer) }
        } catch {
            if !state.broken { throw error }
        }
        return try orTree(_TreeEncoder.encode(value, userInfo: userInfo))
    }
}

// MARK: - Streaming state

/// An open keyed or unkeyed container in the output stream.
struct _EncFrame {
    let id: Int
    /// The encoder slot that opened the container (0 for `nestedContainer`).
    let slot: Int
    let keyed: Bool
    /// The placeholder of the element count.
    let countPosition: Int
    var count = 0
    /// The length placeholder of a nested container or super encoder entry still being written.
    var pending = -1
}

/// The stack of open containers; the first two are stored inline, so encoding a struct
/// with a nested container allocates nothing here.
struct _FrameStack {
    private(set) var count = 0
    private var frame0 = _EncFrame(id: 0, slot: 0, keyed: false, countPosition: 0)
    private var frame1 = _EncFrame(id: 0, slot: 0, keyed: false, countPosition: 0)
    private var overflow: [_EncFrame] = []

    @inline(__always)
    subscript(index: Int) -> _EncFrame {
        switch index {
        case 0: frame0
        case 1: frame1
        default: overflow[index &- 2]
        }
    }

    /// Mutates frame `index` (a closure rather than a `_modify` accessor, whose coroutine
    /// frame would be heap-allocated when not inlined).
    @inline(__always)
    mutating func update(_ index: Int, _ body: (inout _EncFrame) -> Void) {
        switch index {
        case 0: body(&frame0)
        case 1: body(&frame1)
        default: body(&overflow[index &- 2])
        }
    }

    @inline(__always)
    mutating func append(_ frame: _EncFrame) {
        switch count {
        case 0: frame0 = frame
        case 1: frame1 = frame
        default: overflow.append(frame)
        }
        count &+= 1
    }

    @inline(__always)
    mutating func removeLast() {
        count &-= 1
        if count >= 2 { overflow.removeLast() }
    }
}

/// The state of one top-level `encode`: the output and the stack of open containers.
///
/// A container is closed (its count and length placeholders patched) when its parent
/// writes again or the value that opened it returns from `encode(to:)`. Writing to a
/// closed container sets ``broken``; `BinaryEncoder` then re-encodes in tree mode.
final class _EncState: _PathTracking {
    // The state is confined to one `encode` call and never accessed reentrantly through
    // `inout`, so the properties skip dynamic exclusivity checks (a hot-path cost).

    @exclusivity(unchecked) var writer = _ByteWriter(capacity: 256)
    @exclusivity(unchecked) var frames = _FrameStack()
    @exclusivity(unchecked) var path = _PathStack()
    /// Full coding paths of super encoders' slots.
    @exclusivity(unchecked) var superPaths: [Int: [any CodingKey]]?
    @exclusivity(unchecked) var nextSlot = 1
    @exclusivity(unchecked) var nextFrameID = 1
    /// The region start where the last `encodeNil` happened (an empty region that is nil).
    @exclusivity(unchecked) var nilAt = -1
    @exclusivity(unchecked) var broken = false
    /// Kept as given; converted only when an `init(from:)` / `encode(to:)` asks for it.
    let userInfo: [CodingUserInfoKey: any Sendable]

    /// Whether ``BinaryEncodable`` values write themselves.
    let usesBinaryEncodable: Bool

    init(userInfo: [CodingUserInfoKey: any Sendable], usesBinaryEncodable: Bool) {
        self.userInfo = userInfo
        self.usesBinaryEncodable = usesBinaryEncodable
    }

    deinit {
        writer.deallocate()
    }

    func pathRef(slot: Int) -> _PathRef {
        if let superPaths, let path = superPaths[slot] { return _PathRef(prefix: 0, tail: path) }
        return _PathRef(prefix: path.count, tail: [])
    }

    func codingPath(slot: Int) -> [any CodingKey] {
        if let superPaths, let path = superPaths[slot] { return path }
        return path.keys
    }

    func fail(_ ref: _PathRef) -> EncodingError {
        broken = true
        return _CodecErrors.streamOrder(ref.resolve(path))
    }

    /// Encodes `value`, whose path is `ref`, as the region starting at the end of the output.
    func encodeValue<T: Encodable>(_ value: T, _ ref: _PathRef) throws {
        if let kind = _Builtin(T.self) {
            writer.builtin(kind, value)
            return
        }
        if usesBinaryEncodable, try BinaryKeyedWriter.write(value, into: &writer) { return }
        try encodeRegion(ref) { encoder in try nested(ref) { try value.encode(to: encoder) } }
    }

    /// Encodes `value`, whose path is `ref` + `key`, as the region starting at the end of the output.
    func encodeValue<T: Encodable, K: CodingKey>(_ value: T, _ ref: _PathRef, _ key: K) throws {
        if let kind = _Builtin(T.self) {
            writer.builtin(kind, value)
            return
        }
        if usesBinaryEncodable, try BinaryKeyedWriter.write(value, into: &writer) { return }
        try encodeRegion(ref) { encoder in try nested(ref, key) { try value.encode(to: encoder) } }
    }

    /// Runs an `encode(to:)` for a new region, then closes the containers it opened.
    @inline(__always)
    private func encodeRegion(_ ref: _PathRef, _ body: (_Encoder) throws -> Void) throws {
        let start = writer.count
        let depth = frames.count
        let owner = depth > 0 ? frames[depth &- 1].id : 0
        let slot = nextSlot
        nextSlot &+= 1
        do {
            try body(_Encoder(state: self, slot: slot, start: start))
        } catch {
            // The region is partly written and its placeholders unpatched. If a caller
            // catches the error and continues, only the tree encoder still produces
            // well-formed bytes; if not, it rethrows the same error.
            broken = true
            throw error
        }
        guard frames.count >= depth, depth == 0 || frames[depth &- 1].id == owner else { throw fail(ref) }
        close(above: depth)
        if writer.count == start && nilAt != start { writer.byte(0) }
    }

    /// Prepares container `index` for its next entry or element.
    @inline(__always)
    func enter(_ index: Int, _ id: Int, _ ref: _PathRef) throws {
        if _fastPath(index >= 0 && index &+ 1 == frames.count && frames[index].id == id && frames[index].pending < 0) {
            frames.update(index) { $0.count &+= 1 }
            return
        }
        try enterSlow(index, id, ref)
    }

    @inline(never)
    func enterSlow(_ index: Int, _ id: Int, _ ref: _PathRef) throws {
        guard index >= 0, index < frames.count, frames[index].id == id else { throw fail(ref) }
        close(above: index &+ 1)
        finishPending(index)
        frames.update(index) { $0.count &+= 1 }
    }

    /// `enter` for the non-throwing entry points; `false` if the stream is broken.
    func tryEnter(_ index: Int, _ id: Int, _ ref: _PathRef) -> Bool {
        do {
            try enter(index, id, ref)
            return true
        } catch {
            return false
        }
    }

    func finishPending(_ index: Int) {
        let placeholder = frames[index].pending
        guard placeholder >= 0 else { return }
        frames.update(index) { $0.pending = -1 }
        let start = placeholder &+ 1
        if writer.count == start && nilAt != start { writer.byte(0) }
        writer.patchLength(at: placeholder)
    }

    /// Closes the containers at `depth` and above.
    func close(above depth: Int) {
        while frames.count > depth {
            let index = frames.count &- 1
            finishPending(index)
            writer.patch(at: frames[index].countPosition, value: UInt64(frames[index].count))
            frames.removeLast()
        }
    }

    /// The container `slot` opened before, or a new one at the end of the output.
    func openFrame(slot: Int, start: Int, keyed: Bool) -> (index: Int, id: Int) {
        var index = frames.count &- 1
        while index >= 0 {
            if frames[index].slot == slot {
                if frames[index].keyed == keyed { return (index, frames[index].id) }
                broken = true
                return (-1, -1)
            }
            index &-= 1
        }
        guard slot > 0, writer.count == start, nilAt != start else {
            broken = true
            return (-1, -1)
        }
        return push(slot: slot, keyed: keyed)
    }

    func push(slot: Int, keyed: Bool) -> (index: Int, id: Int) {
        let id = nextFrameID
        nextFrameID &+= 1
        frames.append(_EncFrame(id: id, slot: slot, keyed: keyed, countPosition: writer.placeholder()))
        return (frames.count &- 1, id)
    }

    /// Opens a length-prefixed entry of container `index` that stays open until the
    /// container writes again (nested containers and super encoders).
    func openPending(_ index: Int) {
        let placeholder = writer.placeholder()
        frames.update(index) { $0.pending = placeholder }
    }

    /// A new encoder for a super entry just opened in container `index`.
    func superEncoder(_ ref: _PathRef, _ key: any CodingKey) -> _Encoder {
        let slot = nextSlot
        nextSlot &+= 1
        superPaths = superPaths ?? [:]
        superPaths?[slot] = ref.resolve(path) + [key]
        return _Encoder(state: self, slot: slot, start: writer.count)
    }

    /// Checks that a single value container may write its region.
    @inline(__always)
    func claim(_ start: Int, _ slot: Int) throws {
        guard writer.count == start, nilAt != start else { throw fail(pathRef(slot: slot)) }
    }
}

// MARK: - Encoder

struct _Encoder: Encoder {
    let state: _EncState
    let slot: Int
    let start: Int

    var codingPath: [any CodingKey] { state.codingPath(slot: slot) }
    var userInfo: [CodingUserInfoKey: Any] { state.userInfo.isEmpty ? [:] : state.userInfo.mapValues { $0 } }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let (index, id) = state.openFrame(slot: slot, start: start, keyed: true)
        return KeyedEncodingContainer(_KeyedEnc<Key>(state: state, index: index, id: id, ref: state.pathRef(slot: slot)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let (index, id) = state.openFrame(slot: slot, start: start, keyed: false)
        return _UnkeyedEnc(state: state, index: index, id: id, ref: state.pathRef(slot: slot))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        _SingleEnc(state: state, slot: slot, start: start)
    }
}
