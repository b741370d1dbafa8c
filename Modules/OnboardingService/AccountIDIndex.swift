import PlatformKit

/// Account numbers by id, in one open-addressed table (linear probing, at most 7/8 full) of 8-byte
/// buckets: a 32-bit hash of the id and the account's number. The ids themselves are not kept
/// here but in the accounts (their first packed field), so the caller confirms a bucket whose
/// hash matches. An `OrderedDictionary` of the ids took a `String` and a hash-table entry more
/// per account, and hashed each id with a seeded SipHash.
struct AccountIDIndex: Sendable {
    private struct Bucket: Sendable {
        var hash: UInt32
        /// The account's number, `empty` for a free bucket.
        var number: Int32
    }

    private var buckets: [Bucket] = []
    private(set) var count = 0

    private static let empty: Int32 = -1
    private static let minimumCapacity = 16

    /// The hash of `id` (of its UTF-8 bytes: ids are compared byte for byte). FNV-1a's low bits
    /// depend on the last bytes most, so they are mixed before they pick a bucket.
    static func hash(_ id: String) -> UInt32 {
        UInt32(truncatingIfNeeded: SplitMix64.mix(FNV1a.hash(id)))
    }

    /// The number of the id whose hash is `hash`, if `isID` confirms one (it is asked about each
    /// number whose id has that hash).
    func number(hash: UInt32, isID: (Int32) -> Bool) -> Int32? {
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        var index = Int(hash) & mask
        while buckets[index].number != Self.empty {
            if buckets[index].hash == hash, isID(buckets[index].number) { return buckets[index].number }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Adds `number` for an id of hash `hash`, which must not be in the table yet.
    mutating func insert(_ number: Int32, hash: UInt32) {
        precondition(number != Self.empty, "account numbers are not negative")
        if (count + 1) * 8 > buckets.count * 7 { rehash(max(Self.minimumCapacity, buckets.count * 2)) }
        place(Bucket(hash: hash, number: number))
        count += 1
    }

    /// Makes room for `count` ids without growing.
    mutating func reserveCapacity(_ count: Int) {
        var capacity = max(Self.minimumCapacity, buckets.count)
        while count * 8 > capacity * 7 { capacity *= 2 }
        if capacity > buckets.count { rehash(capacity) }
    }

    /// Puts `bucket` in the first free bucket from its hash's.
    private mutating func place(_ bucket: Bucket) {
        let mask = buckets.count - 1
        var index = Int(bucket.hash) & mask
        while buckets[index].number != Self.empty { index = (index + 1) & mask }
        buckets[index] = bucket
    }

    /// Makes `capacity` buckets (a power of two) and puts every entry in its new bucket.
    private mutating func rehash(_ capacity: Int) {
        let old = buckets
        buckets = Array(repeating: Bucket(hash: 0, number: Self.empty), count: capacity)
        for bucket in old where bucket.number != Self.empty { place(bucket) }
    }
}
