import Foundation

/// A string compared and hashed by its UTF-8 bytes, as the event log stores, hashes and looks up
/// names, and not by Unicode canonical equivalence, as `String` is: "café" spelled with U+00E9
/// and with "e" + U+0301 are two stream names, two event types and two idempotency keys.
public struct ExactString: Hashable, Sendable, CustomStringConvertible {
    public var string: String

    public init(_ string: String) {
        self.string = string
    }

    public static func == (lhs: ExactString, rhs: ExactString) -> Bool {
        lhs.string.hasSameUTF8(as: rhs.string)
    }

    public func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    public var description: String { string }
}

extension String {
    /// Whether the two strings are the same bytes (`==` also takes canonically equivalent ones).
    public func hasSameUTF8(as other: String) -> Bool {
        let same = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                mine.count == theirs.count && (mine.isEmpty || memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0)
            }
        }
        return (same ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}
