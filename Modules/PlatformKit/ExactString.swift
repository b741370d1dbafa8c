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

    /// Whether the string's UTF-8 bytes sort before `other`'s (byte order, one `memcmp`): `<`
    /// sorts canonically equivalent strings as equal, so it gives no order between them.
    public func precedesByUTF8(_ other: String) -> Bool {
        let ordered = utf8.withContiguousStorageIfAvailable { mine in
            other.utf8.withContiguousStorageIfAvailable { theirs in
                let common = min(mine.count, theirs.count)
                let order = common == 0 ? 0 : memcmp(mine.baseAddress!, theirs.baseAddress!, common)
                return order == 0 ? mine.count < theirs.count : order < 0
            }
        }
        return (ordered ?? nil) ?? utf8.lexicographicallyPrecedes(other.utf8)
    }
}
