/// A min-heap of timers: a held push's release, an activity's lifetime limit, forgetting an ended trip.
///
/// Entries are not removed when they become moot; the slot's generation and flags tell on pop.
struct TimerHeap {
    /// 16 bytes: the due time, the slot with the kind in its top two bits, the slot's generation.
    struct Entry {
        enum Kind: UInt32 { case release, lifetime, forget }
        var due: Int64
        private var slotAndKind: UInt32
        var generation: UInt32

        init(due: Int64, slot: Int32, generation: UInt32, kind: Kind) {
            self.due = due
            slotAndKind = UInt32(slot) | kind.rawValue << 30
            self.generation = generation
        }

        var slot: Int32 { Int32(slotAndKind & 0x3FFF_FFFF) }
        var kind: Kind { Kind(rawValue: slotAndKind >> 30) ?? .release }
    }

    private var entries: [Entry] = []

    var count: Int { entries.count }

    /// The earliest due time, if any.
    var nextDue: Int64? { entries.first?.due }

    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].due < entries[parent].due else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest entry due at or before `time`.
    mutating func pop(dueBy time: Int64) -> Entry? {
        guard let first = entries.first, first.due <= time else { return nil }
        let last = entries.removeLast()
        guard !entries.isEmpty else { return first }
        entries[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { break }
            let right = left + 1
            let child = right < entries.count && entries[right].due < entries[left].due ? right : left
            guard entries[child].due < entries[parent].due else { break }
            entries.swapAt(child, parent)
            parent = child
        }
        return first
    }
}
