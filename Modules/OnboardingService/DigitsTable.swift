import PlatformKit

/// Account numbers by 16-byte key, in one open-addressed table (linear probing, at most 7/8
/// full): 20 bytes a slot, and at least 4/7 of the slots used. A `Dictionary` of the same
/// keys fills at most 3/4 of its slots and doubles them past that, so with 3.3 million keys it
/// has 8 million slots. The keys are keyed hashes (``SecretHasher``): nobody picks them to collide.
struct DigitsTable: Sendable {
    private var keys: [IdentifierKey.Digits] = []
    /// The number of each slot's key, `empty` for a free slot.
    private var numbers: [Int32] = []
    private(set) var count = 0

    private static let empty: Int32 = -1
    private static let minimumCapacity = 16

    /// The number of `key`, or `nil`; setting it adds or replaces (numbers are never removed).
    subscript(key: IdentifierKey.Digits) -> Int32? {
        get {
            guard !numbers.isEmpty else { return nil }
            let slot = self.slot(of: key)
            return numbers[slot] == Self.empty ? nil : numbers[slot]
        }
        set {
            guard let newValue, newValue != Self.empty else { preconditionFailure("numbers are never removed, nor negative") }
            if (count + 1) * 8 > numbers.count * 7 { grow() }
            let slot = self.slot(of: key)
            if numbers[slot] == Self.empty {
                keys[slot] = key
                count += 1
            }
            numbers[slot] = newValue
        }
    }

    /// A key and its number, to insert.
    struct Entry: Sendable {
        var key: IdentifierKey.Digits
        var number: Int32
    }

    /// Sets the number of each key of `entries`, as setting them one by one in order would, but a
    /// region of the table at a time (see `RegionOrder`).
    mutating func insert(contentsOf entries: [Entry]) {
        reserveCapacity(count + entries.count)
        let mask = numbers.count - 1
        for entry in RegionOrder.ordered(entries, slotCount: numbers.count, slot: { Self.hash($0.key) & mask }) {
            self[entry.key] = entry.number
        }
    }

    /// The slot holding `key`, or the free slot where it would go.
    private func slot(of key: IdentifierKey.Digits) -> Int {
        let mask = numbers.count - 1
        var slot = Self.hash(key) & mask
        while numbers[slot] != Self.empty, keys[slot] != key { slot = (slot + 1) & mask }
        return slot
    }

    /// Makes room for `count` keys without growing.
    mutating func reserveCapacity(_ count: Int) {
        var capacity = max(Self.minimumCapacity, numbers.count)
        while count * 8 > capacity * 7 { capacity *= 2 }
        if capacity > numbers.count { rehash(capacity) }
    }

    /// Doubles the slots (or makes the first ones).
    private mutating func grow() {
        rehash(max(Self.minimumCapacity, numbers.count * 2))
    }

    /// Makes `capacity` slots (a power of two) and puts every key in its new slot.
    private mutating func rehash(_ capacity: Int) {
        let (oldKeys, oldNumbers) = (keys, numbers)
        keys = Array(repeating: IdentifierKey.Digits(high: 0, low: 0), count: capacity)
        numbers = Array(repeating: Self.empty, count: capacity)
        for (key, number) in zip(oldKeys, oldNumbers) where number != Self.empty {
            let slot = slot(of: key)
            keys[slot] = key
            numbers[slot] = number
        }
    }

    /// Mixes both halves (the SplitMix64 finalizer), so that any bits of the key spread.
    private static func hash(_ key: IdentifierKey.Digits) -> Int {
        Int(truncatingIfNeeded: SplitMix64.mix(key.high ^ (key.low &* 0x9E37_79B9_7F4A_7C15)))
    }
}
