/// Optional strings packed into one byte buffer: one allocation for all of them, where each
/// `String` longer than 15 bytes takes its own (with its header). Read back one by one.
///
/// Each field is its UTF-8 length plus one as a LEB128 varint (`0` for `nil`), then its bytes.
/// A finished buffer is exactly as large as its fields (see ``shrinkToFit()``): grown by appends,
/// it would keep up to half again as much spare capacity for as long as its account lives.
struct PackedStrings: Sendable {
    private var bytes: ContiguousArray<UInt8> = []

    /// No fields yet.
    init() {}

    /// No fields yet, with room for `capacity` bytes of them (call ``shrinkToFit()`` once filled).
    init(reservingCapacity capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Packs `fields` in order, in a buffer of exactly their size.
    init(_ fields: some Collection<String?>) {
        bytes.reserveCapacity(fields.reduce(0) { $0 + Self.packedSize(of: $1?.utf8.count) })
        for field in fields { append(field) }
    }

    /// The bytes a field of `utf8Count` bytes (`nil` for a `nil` field) takes when packed.
    private static func packedSize(of utf8Count: Int?) -> Int {
        guard let utf8Count else { return 1 }
        var size = 1, value = UInt(utf8Count + 1)
        while value >= 0x80 { value >>= 7; size += 1 }
        return size + utf8Count
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

    /// Bytes allocated beyond the packed fields (at most the allocator's rounding once finished).
    var spareCapacity: Int { bytes.capacity - bytes.count }

    /// The number of fields.
    var count: Int { withFields { $0.reduce(0) { count, _ in count + 1 } } }

    /// Field `index`, as it was packed; `nil` if it was `nil` or is past the end.
    subscript(index: Int) -> String? {
        withFields { fields in
            for (position, field) in fields.enumerated() where position == index {
                return field.map { String(decoding: $0, as: UTF8.self) }
            }
            return nil
        }
    }

    /// The fields from `index` on.
    func suffix(from index: Int) -> [String?] {
        withFields { $0.dropFirst(index).map { $0.map { String(decoding: $0, as: UTF8.self) } } }
    }

    /// The same fields with field `index` set to `value` (it must exist).
    func replacing(_ index: Int, with value: String?) -> PackedStrings {
        var copy = PackedStrings()
        copy.bytes.reserveCapacity(bytes.count + Self.packedSize(of: value?.utf8.count))
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
        guard var field else { return appendLength(0) }
        field.withUTF8 { append(utf8: $0) }
    }

    /// Appends a field given as its UTF-8, which must be valid.
    mutating func append(utf8 field: UnsafeBufferPointer<UInt8>?) {
        guard let field else { return appendLength(0) }
        appendLength(field.count + 1)
        bytes.append(contentsOf: field)
    }

    private mutating func appendLength(_ value: Int) {
        var value = UInt(value)
        while value >= 0x80 {
            bytes.append(UInt8(value & 0x7F) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// Calls `body` with the fields in order, each as its UTF-8 bytes or `nil`.
    func withFields<R>(_ body: (Fields) throws -> R) rethrows -> R {
        try bytes.withUnsafeBufferPointer { try body(Fields(bytes: $0)) }
    }

    /// The packed fields, read in order.
    struct Fields: Sequence, IteratorProtocol {
        let bytes: UnsafeBufferPointer<UInt8>
        var position = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// The next field, `nil` for a `nil` field or past the end.
        mutating func nextField() -> UnsafeBufferPointer<UInt8>? {
            next() ?? nil
        }

        mutating func next() -> UnsafeBufferPointer<UInt8>?? {
            guard position < bytes.count else { return nil }
            var length = 0, shift = 0
            while position < bytes.count {
                let byte = bytes[position]
                position += 1
                length |= Int(byte & 0x7F) << shift
                shift += 7
                if byte < 0x80 { break }
            }
            guard length > 0 else { return .some(nil) }
            let start = position
            position += length - 1
            return .some(UnsafeBufferPointer(rebasing: bytes[start..<position]))
        }
    }
}
