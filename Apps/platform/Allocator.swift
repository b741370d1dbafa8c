import CJemalloc

/// The `platform` binary allocates with jemalloc, linked in place of glibc's malloc: a
/// simulation spends over half its time allocating, freeing and counting references, and
/// jemalloc's per-thread caches take 9–13 % of the CPU off a run (see the README's "Scale and
/// speed"). Its start-up options (freed pages given back after a second; no huge-page
/// allocator) are in `CJemallocSettings`; this changes them while the binary runs.
enum Allocator {
    /// Keeps freed pages for later allocations: for a short command that allocates heavily and
    /// exits, such as a replay, whose large buffers (decompressed snapshots) are freed before
    /// the states decoded after them would fault fresh pages in. Not for a long one: kept through
    /// `replay --verify` of the 2 000 000-rider log (minutes of decoding on every core), they
    /// grew to 24 GB.
    static func keepFreedPages() {
        set(dirtyDecayMilliseconds: -1, muzzyDecayMilliseconds: -1)
    }

    /// jemalloc's `MALLCTL_ARENAS_ALL`: a setting of `arena.<i>` for every arena.
    private static let allArenas = 4096

    /// Sets how long freed pages stay resident before they are purged (`dirty`), and how long
    /// pages purged lazily stay mapped (`muzzy`), for every arena and those made later; -1: never.
    private static func set(dirtyDecayMilliseconds dirty: Int, muzzyDecayMilliseconds muzzy: Int) {
        for (setting, value) in [("dirty_decay_ms", dirty), ("muzzy_decay_ms", muzzy)] {
            for name in ["arenas.\(setting)", "arena.\(allArenas).\(setting)"] {
                var value = value
                _ = mallctl(name, nil, nil, &value, MemoryLayout<Int>.size)
            }
        }
    }
}
