import PlatformKit

/// Optional strings packed into one byte buffer: one allocation for all of them, where each
/// `String` longer than 15 bytes takes its own (with its header). Read back one by one.
///
/// Each field is a LEB128 varint header, `0` for `nil`, else `(size << 1 | hex) + 1`, then its
/// `size` bytes: its UTF-8, or, for a field of lowercase hex digits (keys, digests, salts: most
/// of an account), the bytes the digits spell, in half the space. A finished buffer is exactly as
/// large as its fields (see ``shrinkToFit()``): grown by appends, it would keep up to half again
/// as much spare capacity for as long as its account lives.
struct PackedStrings: Sendable {
    private var bytes: ContiguousArray<UInt8> = []

    /// No fields yet.
    init() {}

    /// No fields yet, with room for `capacity` bytes of them (call ``shrinkToFit()`` once filled).
    init(reservingCapacity capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// The fields of `packed`, bytes a `PackedStrings` held (see ``withPackedBytes(_:)``).
    init(packed: UnsafeBufferPointer<UInt8>) {
        bytes = ContiguousArray(packed)
    }

    /// Packs `fields` in order, in a buffer of exactly their size.
    init(_ fields: some Collection<String?>) {
        bytes.reserveCapacity(fields.reduce(0) { $0 + Self.packedSize(of: $1) })
        for field in fields { append(field) }
        shrinkToFit()
    }

    /// The most bytes `field` takes when packed (its UTF-8 and a header).
    private static func packedSize(of field: String?) -> Int {
        guard let field else { return 1 }
        let count = field.utf8.count
        return Header.size(count: count, hex: false) + count
    }

    /// Drops the spare capacity appends left (one copy of the packed bytes).
    mutating func shrinkToFit() {
        guard bytes.capacity > bytes.count else { return }
        bytes = bytes.withUnsafeBufferPointer { packed in
            ContiguousArray(unsafeUninitializedCapacity: packed.count) { buffer, initialized in
                initialized = buffer.initialize(fromContentsOf: packed)
            }
        }
    }

    /// The packed bytes.
    var byteCount: Int { bytes.count }

    /// Bytes allocated beyond the packed fields (at most the allocator's rounding once finished).
    var spareCapacity: Int { bytes.capacity - bytes.count }

    /// The number of fields.
    var count: Int { withFields { $0.reduce(0) { count, _ in count + 1 } } }

    /// Field `index`, as it was packed; `nil` if it was `nil` or is past the end.
    subscript(index: Int) -> String? {
        withPackedBytes { Self.field(index, of: $0) }
    }

    /// Field `index` of the packed bytes `packed`, as ``subscript(_:)`` reads it.
    static func field(_ index: Int, of packed: UnsafeBufferPointer<UInt8>) -> String? {
        packedField(index, of: packed)?.string
    }

    /// The FNV-1a hash of field `index` of the packed bytes `packed` as ``subscript(_:)`` reads
    /// it (hex spelled out again), without making a `String` of it; `nil` for a `nil` field.
    static func fieldHash(_ index: Int, of packed: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard let field = packedField(index, of: packed), let payload = field.payload else { return nil }
        guard field.isHex else { return FNV1a.hash(payload) }
        return FNV1a.hash((0..<(payload.count * 2)).lazy.map { digit in
            HexDigit.character(digit & 1 == 0 ? payload[digit >> 1] >> 4 : payload[digit >> 1] & 0xF)
        })
    }

    /// Whether field `index` of the packed bytes `packed` is there and not `nil`.
    static func hasField(_ index: Int, of packed: UnsafeBufferPointer<UInt8>) -> Bool {
        packedField(index, of: packed)?.payload != nil
    }

    /// Whether field `index` of the packed bytes `packed` is `text` (byte for byte, as packed).
    static func field(_ index: Int, of packed: UnsafeBufferPointer<UInt8>, is text: String) -> Bool {
        guard let field = packedField(index, of: packed), let payload = field.payload else { return false }
        return text.withUTF8InPlace { utf8 in
            guard field.isHex else { return utf8.elementsEqual(payload) }
            return utf8.count == payload.count * 2 && payload.indices.allSatisfy { index in
                utf8[2 * index] == HexDigit.character(payload[index] >> 4) && utf8[2 * index + 1] == HexDigit.character(payload[index] & 0xF)
            }
        }
    }

    /// Field `index` of `packed` as packed, `nil` past the end.
    private static func packedField(_ index: Int, of packed: UnsafeBufferPointer<UInt8>) -> Fields.Packed? {
        var fields = Fields(bytes: packed)
        for _ in 0..<index { _ = fields.nextPacked() }
        return fields.nextPacked()
    }

    /// The number of fields of `packed` if they are well-formed packed fields (every header and
    /// payload inside it, every text field valid UTF-8), else `nil`: bytes from outside (a
    /// snapshot) are checked before they are read as fields. `body` is called with each field from
    /// `index` on as it is checked (as ``forEachPackedField(of:from:_:)`` does), so that a record
    /// is read once; the fields given before a malformed one were well-formed, and the caller
    /// drops them on `nil`.
    static func validatedFieldCount(
        of packed: UnsafeBufferPointer<UInt8>, callingFrom index: Int, _ body: (UnsafeBufferPointer<UInt8>?, _ isHex: Bool) -> Void
    ) -> Int? {
        var position = 0, count = 0
        while position < packed.count {
            guard let header = LEB128.read(packed, at: &position) else { return nil }
            count += 1
            guard header > 0 else {
                if count > index { body(nil, false) }
                continue
            }
            let size = (header - 1) >> 1
            guard size <= UInt(packed.count - position) else { return nil }
            let payload = UnsafeBufferPointer(rebasing: packed[position..<position + Int(size)])
            position += Int(size)
            let isHex = (header - 1) & 1 == 1
            if !isHex, !UTF8Bytes.isValid(payload) { return nil }
            if count > index { body(payload, isHex) }
        }
        return count
    }

    /// The fields from `index` on.
    func suffix(from index: Int) -> [String?] {
        withFields { $0.dropFirst(index).map { $0.map { String(decoding: $0, as: UTF8.self) } } }
    }

    /// The same fields with field `index` set to `value` (it must exist).
    func replacing(_ index: Int, with value: String?) -> PackedStrings {
        var copy = PackedStrings()
        copy.bytes.reserveCapacity(bytes.count + Self.packedSize(of: value))
        withFields { fields in
            for (position, field) in fields.enumerated() {
                position == index ? copy.append(value) : copy.append(utf8: field)
            }
        }
        copy.shrinkToFit()
        return copy
    }

    /// Whether both hold the same strings (canonically equal, as `String`'s `==` compares).
    func sameStrings(as other: PackedStrings) -> Bool {
        if bytes == other.bytes { return true }
        return count == other.count && (0..<count).allSatisfy { self[$0] == other[$0] }
    }

    /// Appends a field.
    mutating func append(_ field: String?) {
        guard let field else { return appendHeader(0) }
        field.withUTF8InPlace { append(utf8: $0) }
    }

    /// Appends a field given as its UTF-8, which must be valid: as the bytes its digits spell if
    /// it is an even number of lowercase hex digits.
    mutating func append(utf8 field: UnsafeBufferPointer<UInt8>?) {
        guard let field else { return appendHeader(0) }
        let packed = field.count >= 2 && field.count % 2 == 0 && withUnsafeTemporaryAllocation(of: UInt8.self, capacity: field.count / 2) { digitBytes in
            var nibbles: UInt8 = 0
            for index in digitBytes.indices {
                let high = HexDigit.nibble(ofLowercase: field[2 &* index]), low = HexDigit.nibble(ofLowercase: field[2 &* index &+ 1])
                nibbles |= high | low
                digitBytes[index] = high << 4 | low
            }
            guard nibbles < 16 else { return false }
            appendHeader(Header.value(count: digitBytes.count, hex: true))
            bytes.append(contentsOf: digitBytes)
            return true
        }
        guard !packed else { return }
        appendHeader(Header.value(count: field.count, hex: false))
        bytes.append(contentsOf: field)
    }

    private mutating func appendHeader(_ value: UInt) {
        LEB128.append(value, to: &bytes)
    }

    /// No fields, keeping the buffer (to pack again).
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Calls `body` with the packed bytes.
    func withPackedBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer(body)
    }

    /// Calls `body` with the fields in order, each as its UTF-8 bytes or `nil` (hex fields are
    /// spelled out again in a temporary buffer).
    func withFields<R>(_ body: (Fields) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try Self.withFields(of: $0, body) }
    }

    /// Calls `body` with the fields of the packed bytes `packed`, as ``withFields(_:)`` does.
    static func withFields<R>(of packed: UnsafeBufferPointer<UInt8>, _ body: (Fields) throws -> R) rethrows -> R {
        let spelledSize = Self.spelledSize(of: packed)
        guard spelledSize > packed.count else { return try body(Fields(bytes: packed)) }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: spelledSize) { buffer in
            var spelled = Fields.Writer(buffer: buffer)
            var fields = Fields(bytes: packed)
            while let field = fields.nextPacked() { spelled.write(field) }
            return try body(Fields(bytes: UnsafeBufferPointer(buffer)))
        }
    }

    /// Calls `body` with each field of the packed bytes `packed` from field `index` on, as it is
    /// packed: its payload (`nil` for a `nil` field) and whether that is the bytes hex digits
    /// spell (else it is UTF-8). Reads no field twice and spells none out.
    static func forEachPackedField(of packed: UnsafeBufferPointer<UInt8>, from index: Int, _ body: (UnsafeBufferPointer<UInt8>?, _ isHex: Bool) -> Void) {
        var fields = Fields(bytes: packed), position = 0
        while let field = fields.nextPacked() {
            if position >= index { body(field.payload, field.isHex) }
            position += 1
        }
    }

    /// The size of `packed` with its hex fields spelled out as digits.
    private static func spelledSize(of packed: UnsafeBufferPointer<UInt8>) -> Int {
        var size = 0, fields = Fields(bytes: packed)
        while let field = fields.nextPacked() {
            guard let payload = field.payload else { size += 1; continue }
            let count = field.isHex ? payload.count * 2 : payload.count
            size += Header.size(count: count, hex: false) + count
        }
        return size
    }

    /// A field's header: `0` for `nil`, else `(count << 1 | hex) + 1`.
    private enum Header {
        static func value(count: Int, hex: Bool) -> UInt {
            (UInt(count) << 1 | (hex ? 1 : 0)) + 1
        }

        static func size(count: Int, hex: Bool) -> Int {
            LEB128.size(of: value(count: count, hex: hex))
        }
    }

    /// The packed fields, read in order.
    struct Fields: Sequence, IteratorProtocol {
        /// A field as packed: its payload (`nil` for a `nil` field) and whether it is hex.
        fileprivate struct Packed {
            var payload: UnsafeBufferPointer<UInt8>?
            var isHex: Bool

            /// The field as it was packed (hex spelled out again).
            var string: String? {
                guard let payload else { return nil }
                guard isHex else { return String(decoding: payload, as: UTF8.self) }
                return String(unsafeUninitializedCapacity: payload.count * 2) { digits in
                    for (index, byte) in payload.enumerated() {
                        digits[2 * index] = HexDigit.character(byte >> 4)
                        digits[2 * index + 1] = HexDigit.character(byte & 0xF)
                    }
                    return payload.count * 2
                }
            }
        }

        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// The next field's UTF-8 (of a buffer whose hex fields are spelled out).
        mutating func next() -> UnsafeBufferPointer<UInt8>?? {
            nextPacked().map(\.payload)
        }

        fileprivate mutating func nextPacked() -> Packed? {
            guard position < bytes.count, let header = LEB128.read(bytes, at: &position).map({ Int(truncatingIfNeeded: $0) }) else { return nil }
            guard header > 0 else { return Packed(payload: nil, isHex: false) }
            let start = position
            position += (header - 1) >> 1
            return Packed(payload: UnsafeBufferPointer(rebasing: bytes[start..<position]), isHex: (header - 1) & 1 == 1)
        }

        /// Writes fields with their hex fields spelled out as digits.
        fileprivate struct Writer {
            let buffer: UnsafeMutableBufferPointer<UInt8>
            var position = 0

            mutating func write(_ field: Packed) {
                guard let payload = field.payload else { return byte(0) }
                LEB128.forEachByte(of: Header.value(count: field.isHex ? payload.count * 2 : payload.count, hex: false)) { byte($0) }
                guard field.isHex else {
                    for character in payload { byte(character) }
                    return
                }
                for packed in payload {
                    byte(HexDigit.character(packed >> 4))
                    byte(HexDigit.character(packed & 0xF))
                }
            }

            private mutating func byte(_ value: UInt8) {
                buffer[position] = value
                position += 1
            }
        }
    }
}
