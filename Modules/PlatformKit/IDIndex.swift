/// Numbers by id (accounts', attempts', the log writer's streams, the OOA service's live trips),
/// in one open-addressed table (linear probing, at most 7/8 full) of 8-byte buckets: a 32-bit
/// hash of the id and its number.
/// The ids themselves are not kept here but by the caller (e.g. in an account's packed strings),
/// so the caller confirms a bucket whose hash matches. An `OrderedDictionary` of the ids took a
/// `String` and a hash-table entry more per id, and hashed each id with a seeded SipHash.
public struct IDIndex: Sendable {
    /// A number and the hash of its id.
    public struct Entry: Sendable {
        public var hash: UInt32
        /// The number, `empty` for a free bucket.
        public var number: Int32

        public init(hash: UInt32, number: Int32) {
            (self.hash, self.number) = (hash, number)
        }
    }

    @usableFromInline var buckets: [Entry] = []
    /// The numbers in the table.
    public private(set) var count = 0

    public init() {}

    @inlinable static var empty: Int32 { -1 }
    private static let minimumCapacity = 16

    /// The hash of `id` (of its UTF-8 bytes: ids are compared byte for byte). FNV-1a's low bits
    /// depend on the last bytes most, so they are mixed before they pick a bucket.
    public static func hash(_ id: String) -> UInt32 {
        hash(fnv1a: FNV1a.hash(id))
    }

    /// The hash of the id whose UTF-8 bytes are `utf8`, as `hash(_:)` hashes it.
    public static func hash(utf8: UnsafeBufferPointer<UInt8>) -> UInt32 {
        hash(fnv1a: FNV1a.hash(utf8))
    }

    /// The hash of an id whose FNV-1a hash is `fnv1a`, as `hash(_:)` hashes it.
    @inlinable
    public static func hash(fnv1a: UInt64) -> UInt32 {
        UInt32(truncatingIfNeeded: SplitMix64.mix(fnv1a))
    }

    /// The number of the id whose hash is `hash`, if `isID` confirms one (it is asked about each
    /// number whose id has that hash).
    @inlinable
    public func number(hash: UInt32, isID: (Int32) -> Bool) -> Int32? {
        guard !buckets.isEmpty else { return nil }
        let mask = buckets.count - 1
        var index = Int(hash) & mask
        while buckets[index].number != Self.empty {
            if buckets[index].hash == hash, isID(buckets[index].number) { return buckets[index].number }
            index = (index + 1) & mask
        }
        return nil
    }

    /// The number in the first bucket, from `hash`'s, that holds `hash` (``number(hash:isID:)``'s
    /// answer unless `isID` rejects it), -1 when a free bucket comes first. Reads buckets only,
    /// so a caller looking many ids up can read every id's bucket before confirming any: the
    /// reads of a table larger than the caches then overlap instead of waiting for each other.
    @inlinable
    public func firstCandidate(hash: UInt32) -> Int32 {
        guard !buckets.isEmpty else { return Self.empty }
        let mask = buckets.count - 1
        var index = Int(hash) & mask
        while buckets[index].number != Self.empty, buckets[index].hash != hash {
            index = (index + 1) & mask
        }
        return buckets[index].number
    }

    /// Adds `number` for an id of hash `hash`, which must not be in the table yet.
    public mutating func insert(_ number: Int32, hash: UInt32) {
        precondition(number != Self.empty, "numbers are not negative")
        if (count + 1) * 8 > buckets.count * 7 { rehash(max(Self.minimumCapacity, buckets.count * 2)) }
        place(Entry(hash: hash, number: number))
        count += 1
    }

    /// Adds `entries` as `insert(_:hash:)` one by one would, but a region of the table at a time
    /// (see `RegionOrder`), checking that no id is in twice: `sameID` is asked about two numbers
    /// whose ids have the same hash. Returns the number of an id found twice (and stops there),
    /// `nil` when every entry was added.
    public mutating func insert(contentsOf entries: [Entry], sameID: (Int32, Int32) -> Bool) -> Int32? {
        reserveCapacity(count + entries.count)
        let mask = buckets.count - 1
        for entry in RegionOrder.ordered(entries, slotCount: buckets.count, slot: { Int($0.hash) & mask }) {
            precondition(entry.number != Self.empty, "numbers are not negative")
            var index = Int(entry.hash) & mask
            while buckets[index].number != Self.empty {
                if buckets[index].hash == entry.hash, sameID(buckets[index].number, entry.number) { return entry.number }
                index = (index + 1) & mask
            }
            buckets[index] = entry
            count += 1
        }
        return nil
    }

    /// Removes `number`, added for an id of hash `hash`; returns whether it was in the table.
    /// The entries after it in its run move back (backward-shift deletion), so no bucket is
    /// left marked removed and look-ups stay as short as if it had never been added.
    @discardableResult
    public mutating func remove(_ number: Int32, hash: UInt32) -> Bool {
        guard !buckets.isEmpty, number != Self.empty else { return false }
        let mask = buckets.count - 1
        var hole = Int(hash) & mask
        while buckets[hole].number != number {
            if buckets[hole].number == Self.empty { return false }
            hole = (hole + 1) & mask
        }
        var next = (hole + 1) & mask
        while buckets[next].number != Self.empty {
            // The entry at `next` may fill the hole if the hole lies between its own bucket and it.
            let home = Int(buckets[next].hash) & mask
            if (next - home) & mask >= (next - hole) & mask {
                buckets[hole] = buckets[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        buckets[hole].number = Self.empty
        count -= 1
        return true
    }

    /// Makes room for `count` ids without growing.
    public mutating func reserveCapacity(_ count: Int) {
        var capacity = max(Self.minimumCapacity, buckets.count)
        while count * 8 > capacity * 7 { capacity *= 2 }
        if capacity > buckets.count { rehash(capacity) }
    }

    /// Puts `entry` in the first free bucket from its hash's.
    private mutating func place(_ entry: Entry) {
        let mask = buckets.count - 1
        var index = Int(entry.hash) & mask
        while buckets[index].number != Self.empty { index = (index + 1) & mask }
        buckets[index] = entry
    }

    /// Makes `capacity` buckets (a power of two) and puts every entry in its new bucket.
    private mutating func rehash(_ capacity: Int) {
        let old = buckets
        buckets = Array(repeating: Entry(hash: 0, number: Self.empty), count: capacity)
        for entry in old where entry.number != Self.empty { place(entry) }
    }
}
