/// Values written one after another, without keys: for records a snapshot holds by the million,
/// whose field names would otherwise take most of their bytes. Writer and reader must agree on
/// the order. Integers are LEB128 (signed ones zigzagged first), a `Double` is its bit pattern
/// (8 bytes, little-endian), a string its UTF-8 length then its bytes, an optional a presence
/// byte (0 or 1) then the value.
public struct PackedFieldWriter {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// Forgets the bytes written, keeping their storage for the next.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    public mutating func unsigned(_ value: UInt) {
        LEB128.append(value, to: &bytes)
    }

    public mutating func signed(_ value: Int64) {
        unsigned(UInt(truncatingIfNeeded: (value << 1) ^ (value >> 63)))
    }

    public mutating func int(_ value: Int) {
        signed(Int64(value))
    }

    public mutating func bool(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    public mutating func double(_ value: Double) {
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func string(_ value: String) {
        value.withUTF8InPlace { utf8 in
            unsigned(UInt(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// A presence byte, then `value` written by `write` if there is one.
    public mutating func optional<T>(_ value: T?, _ write: (inout PackedFieldWriter, T) -> Void) {
        bool(value != nil)
        if let value { write(&self, value) }
    }
}

/// Reads what a ``PackedFieldWriter`` wrote, in the same order, from bytes it does not own.
/// Every read checks its bounds and its value and throws ``PackedFieldError`` on bad input.
public struct PackedFieldReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var cursor = 0
    private var interner: StringInterner?

    /// A reader of `bytes`; with `interningStrings`, equal strings longer than 15 bytes read close
    /// together share one storage (see ``StringInterner``): for records that repeat texts.
    public init(_ bytes: UnsafeBufferPointer<UInt8>, interningStrings: Bool = false) {
        self.bytes = bytes
        interner = interningStrings ? StringInterner() : nil
    }

    /// Where the next value starts.
    public var position: Int { cursor }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { cursor == bytes.count }

    public mutating func unsigned() throws(PackedFieldError) -> UInt {
        guard let value = LEB128.read(bytes, at: &cursor) else { throw problem("a varint runs past the end or past 64 bits") }
        return value
    }

    public mutating func signed() throws(PackedFieldError) -> Int64 {
        let raw = try unsigned()
        return Int64(bitPattern: UInt64(raw >> 1)) ^ -Int64(raw & 1)
    }

    public mutating func int() throws(PackedFieldError) -> Int {
        let value = try signed()
        guard let int = Int(exactly: value) else { throw problem("\(value) is out of range") }
        return int
    }

    /// A count of things each taking at least `minimumBytes` bytes, checked against the bytes left.
    public mutating func count(minimumBytes: Int = 1) throws(PackedFieldError) -> Int {
        let count = try unsigned()
        guard count <= UInt(bytes.count - cursor) / UInt(max(minimumBytes, 1)) else { throw problem("a count of \(count) exceeds the bytes left") }
        return Int(count)
    }

    public mutating func bool() throws(PackedFieldError) -> Bool {
        guard cursor < bytes.count else { throw problem("a flag runs past the end") }
        defer { cursor += 1 }
        switch bytes[cursor] {
        case 0: return false
        case 1: return true
        case let other: throw problem("flag byte \(other) is neither 0 nor 1")
        }
    }

    public mutating func double() throws(PackedFieldError) -> Double {
        guard bytes.count - cursor >= 8 else { throw problem("a number runs past the end") }
        let bits = UnsafeRawPointer(bytes.baseAddress! + cursor).loadUnaligned(as: UInt64.self)
        cursor += 8
        return Double(bitPattern: UInt64(littleEndian: bits))
    }

    public mutating func string() throws(PackedFieldError) -> String {
        guard let utf8 = LEB128.readPrefixed(bytes, at: &cursor) else { throw problem("a string runs past the end") }
        let string = utf8.count > 15 && interner != nil ? interner!.string(utf8, making: UTF8Bytes.string) : UTF8Bytes.string(utf8)
        guard let string else { throw problem("a string is not valid UTF-8") }
        return string
    }

    /// A string's UTF-8, in place (valid for as long as the bytes read are).
    public mutating func utf8() throws(PackedFieldError) -> UnsafeBufferPointer<UInt8> {
        guard let utf8 = LEB128.readPrefixed(bytes, at: &cursor) else { throw problem("a string runs past the end") }
        return utf8
    }

    /// The value `read` reads after a presence byte, or nil if the byte says there is none.
    public mutating func optional<T>(_ read: (inout PackedFieldReader) throws(PackedFieldError) -> T) throws(PackedFieldError) -> T? {
        try bool() ? try read(&self) : nil
    }

    /// An error at the current position, for checks of the values read.
    public func problem(_ description: String) -> PackedFieldError {
        PackedFieldError(offset: cursor, description: description)
    }
}

/// Packed fields that cannot be read: where, and why.
public struct PackedFieldError: Error, CustomStringConvertible, Equatable {
    /// The byte offset the problem was found at.
    public var offset: Int
    public var description: String

    public init(offset: Int, description: String) {
        (self.offset, self.description) = (offset, description)
    }
}

extension PackedFieldWriter {
    /// An instant: its milliseconds since the epoch.
    public mutating func instant(_ instant: Instant) {
        signed(instant.millisecondsSinceEpoch)
    }

    /// An amount: its minor units, its currency's code and digits.
    public mutating func money(_ money: Money) {
        signed(money.minorUnits)
        string(money.currency.code)
        unsigned(UInt(money.currency.minorUnitDigits))
    }
}

// Optional values of the common kinds, behind their presence byte.
extension PackedFieldWriter {
    public mutating func string(_ value: String?) { optional(value) { $0.string($1) } }
    public mutating func int(_ value: Int?) { optional(value) { $0.int($1) } }
    public mutating func money(_ value: Money?) { optional(value) { $0.money($1) } }
    public mutating func instant(_ value: Instant?) { optional(value) { $0.instant($1) } }
}

extension PackedFieldReader {
    public mutating func optionalString() throws(PackedFieldError) -> String? { try optional { reader throws(PackedFieldError) in try reader.string() } }
    public mutating func optionalInt() throws(PackedFieldError) -> Int? { try optional { reader throws(PackedFieldError) in try reader.int() } }
    public mutating func optionalMoney() throws(PackedFieldError) -> Money? { try optional { reader throws(PackedFieldError) in try reader.money() } }
    public mutating func optionalInstant() throws(PackedFieldError) -> Instant? { try optional { reader throws(PackedFieldError) in try reader.instant() } }
}

extension PackedFieldReader {
    /// An instant as ``PackedFieldWriter/instant(_:)`` writes it.
    public mutating func instant() throws(PackedFieldError) -> Instant {
        Instant(millisecondsSinceEpoch: try signed())
    }

    /// An amount as ``PackedFieldWriter/money(_:)`` writes it; a malformed currency throws.
    public mutating func money() throws(PackedFieldError) -> Money {
        let minorUnits = try signed()
        let code = try utf8()
        let digits = try unsigned()
        guard digits <= 18, let currency = Currency(codeUTF8: code, minorUnitDigits: Int(digits)) else {
            throw problem("an amount's currency is not three uppercase letters and at most 18 digits")
        }
        return Money(minorUnits: minorUnits, currency: currency)
    }
}
