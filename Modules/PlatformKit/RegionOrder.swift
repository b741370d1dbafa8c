/// Entries bound for an open-addressed table, put in the order of the region of their first slot
/// (keeping their order within a region): inserting millions of entries in the order given would
/// jump about a table of tens of megabytes, a cache miss for each; in this order the table is
/// filled a region at a time.
public enum RegionOrder {
    /// `entries` by the region (4 096 slots) of their first slot, `slot(entry)`, in a table of
    /// `slotCount` slots (a power of two).
    @inlinable
    public static func ordered<Entry>(_ entries: [Entry], slotCount: Int, slot: (Entry) -> Int) -> [Entry] {
        let regionShift = max(0, (slotCount - 1).nonzeroBitCount - 12)
        var starts = [Int](repeating: 0, count: (slotCount >> regionShift) + 1)
        for entry in entries { starts[slot(entry) >> regionShift + 1] += 1 }
        for region in starts.indices.dropFirst() { starts[region] += starts[region - 1] }
        return [Entry](unsafeUninitializedCapacity: entries.count) { buffer, initialized in
            for entry in entries {
                let region = slot(entry) >> regionShift
                buffer.initializeElement(at: starts[region], to: entry)
                starts[region] += 1
            }
            initialized = entries.count
        }
    }
}
