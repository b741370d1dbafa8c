import PlatformKit

/// A dictionary key that `Codable` writes as a string (a `CodingKeyRepresentable` whose coding
/// key is its text): dictionaries keyed by it are written and read without `Codable`, in the
/// same bytes, as dictionaries with `String` keys are.
public protocol BinaryStringKey: Hashable, Codable, CodingKeyRepresentable {
    /// The key whose text is `utf8`, or `nil` if it has none (`Codable` would refuse it too).
    init?(keyUTF8 utf8: UnsafeBufferPointer<UInt8>)

    /// Calls `body` with the UTF-8 of the key's text.
    func withKeyUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R
}

extension String: BinaryStringKey {
    public init?(keyUTF8 utf8: UnsafeBufferPointer<UInt8>) {
        guard let string = UTF8Bytes.string(utf8) else { return nil }
        self = string
    }

    public func withKeyUTF8<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try withUTF8InPlace(body)
    }
}
