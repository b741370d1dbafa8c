import EventLog
import PlatformKit

/// An account look-up key (``SecretHasher``'s keyed hash of a contact value) as the state holds
/// it: the usual 32 lowercase hex digits as their 16 bytes, so a key takes no allocation of its
/// own and hashes as two integers; any other text is kept as it is. Written as its text.
public struct IdentifierKey: Sendable, Hashable {
    /// The 16 bytes of a key of 32 lowercase hex digits.
    struct Digits: Sendable, Hashable {
        var high: UInt64
        var low: UInt64
    }

    private enum Storage: Sendable, Hashable {
        case digits(Digits)
        case text(String)
    }

    private let storage: Storage

    public init(_ text: String) {
        storage = text.withUTF8InPlace { Self.parse($0) } ?? .text(text)
    }

    /// The key of a field of ``PackedStrings``: the bytes its hex digits spell if `isHex`, else
    /// its UTF-8; `nil` if that is not valid UTF-8.
    init?(packed: UnsafeBufferPointer<UInt8>, isHex: Bool) {
        guard isHex else {
            self.init(keyUTF8: packed)
            return
        }
        guard packed.count == 16 else {
            self.init(storage: .text(Array(packed).hexString))
            return
        }
        var high: UInt64 = 0, low: UInt64 = 0
        for index in 0..<8 {
            high = high << 8 | UInt64(packed[index])
            low = low << 8 | UInt64(packed[index &+ 8])
        }
        self.init(storage: .digits(Digits(high: high, low: low)))
    }

    private init(storage: Storage) {
        self.storage = storage
    }

    /// The key's 16 bytes, if it is 32 lowercase hex digits.
    var digits: Digits? {
        guard case .digits(let digits) = storage else { return nil }
        return digits
    }

    /// The key as it was given.
    public var text: String {
        withKeyUTF8 { String(decoding: $0, as: UTF8.self) }
    }

    /// The 16 bytes of exactly 32 lowercase hex digits (anything else would not be written back the same).
    private static func parse(_ utf8: UnsafeBufferPointer<UInt8>) -> Storage? {
        guard utf8.count == 32 else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0
        for index in 0..<16 {
            guard let first = HexDigit.value(ofLowercase: utf8[index]), let second = HexDigit.value(ofLowercase: utf8[index &+ 16]) else { return nil }
            high = high << 4 | UInt64(first)
            low = low << 4 | UInt64(second)
        }
        return .digits(Digits(high: high, low: low))
    }
}

extension IdentifierKey: BinaryStringKey {
    public init?(keyUTF8 utf8: UnsafeBufferPointer<UInt8>) {
        guard let storage = Self.parse(utf8) else {
            guard let text = String(keyUTF8: utf8) else { return nil }
            self.storage = .text(text)
            return
        }
        self.storage = storage
    }

    public func withKeyUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        switch storage {
        case .text(let text):
            return try text.withKeyUTF8(body)
        case .digits(let digits):
            return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
                for index in 0..<32 {
                    let half = index < 16 ? digits.high : digits.low
                    buffer[index] = HexDigit.character(UInt8(truncatingIfNeeded: half >> UInt64(60 - 4 * (index % 16))) & 0xF)
                }
                return try body(UnsafeBufferPointer(buffer))
            }
        }
    }

    public var codingKey: any CodingKey { StringKey(stringValue: text) }

    public init?<T: CodingKey>(codingKey: T) {
        self.init(codingKey.stringValue)
    }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// A coding key that is only text.
    private struct StringKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

extension IdentifierKey: CustomStringConvertible {
    public var description: String { text }
}
