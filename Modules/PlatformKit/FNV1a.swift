/// 64-bit FNV-1a: a stable hash (unlike Swift's per-process seeded `Hasher`).
enum FNV1a {
    /// The FNV-1a hash of the UTF-8 bytes of `text`.
    static func hash(_ text: String) -> UInt64 {
        text.utf8.reduce(0xCBF2_9CE4_8422_2325) { hash, byte in
            (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
    }
}
