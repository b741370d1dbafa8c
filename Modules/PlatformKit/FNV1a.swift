/// 64-bit FNV-1a: a stable hash (unlike Swift's per-process seeded `Hasher`), for names and seeds
/// that must come out the same in every process and on every run.
///
/// Not cryptographic: use it to derive file names, cache keys or seeds, never to protect anything.
public enum FNV1a {
    /// The 64-bit FNV-1a hash of the UTF-8 bytes of `text`.
    public static func hash(_ text: String) -> UInt64 {
        text.utf8.withContiguousStorageIfAvailable { hash($0) } ?? hash(text.utf8)
    }

    /// The 64-bit FNV-1a hash of `bytes` (of a string's UTF-8, the hash of the string).
    @inlinable
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        bytes.reduce(0xCBF2_9CE4_8422_2325) { hash, byte in
            (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
    }
}
