#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension UnsafeBufferPointer<UInt8> {
    /// Whether `other` holds the same bytes (one `memcmp`, not a loop over elements).
    @inline(__always)
    public func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        guard let first = baseAddress, let second = other.baseAddress else { return true }
        return memcmp(first, second, count) == 0
    }
}
