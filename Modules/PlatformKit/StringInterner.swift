/// Strings read from a snapshot, made once per distinct text among the recent ones: a state
/// of millions of records repeats a few texts (card titles, program ids) hundreds of thousands of
/// times, and each `String` longer than 15 bytes is an allocation of its own. Equal strings then
/// share one storage, which `String`'s value semantics makes invisible.
///
/// A fixed table of 1 024 strings by a hash of their bytes (the last one made in a slot stays),
/// so texts that never repeat cost a hash and a comparison each, and the table never grows.
public struct StringInterner {
    private var slots: [String?] = Array(repeating: nil, count: 1 << 10)

    public init() {}

    /// The string of `bytes`: the one made before from the same bytes if its slot still holds it,
    /// else what `make` makes of them (`nil`, for bytes that are not text, is not kept).
    public mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, making make: (UnsafeBufferPointer<UInt8>) -> String?) -> String? {
        let slot = Int(truncatingIfNeeded: FNV1a.hash(bytes) >> 54)
        if let held = slots[slot], held.withUTF8InPlace({ $0.hasSameBytes(as: bytes) }) { return held }
        let made = make(bytes)
        slots[slot] = made
        return made
    }
}
