import CMalloc
import Foundation

/// This process's memory, from Linux's `/proc/self` (tools and benchmarks only; 0 elsewhere).
public enum ProcessMemory {
    /// Resident set size now, in bytes.
    public static var residentBytes: Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
    }

    /// Has glibc's allocator give large blocks (1 MB and up) back to the system when they are freed.
    ///
    /// By default glibc raises its threshold for mapping a block on its own (up to 32 MB) each
    /// time such a block is freed, so later large buffers (snapshot encodings, batches, big
    /// dictionaries' storage) come from the heap, where the space they free stays resident. A
    /// fixed threshold keeps them mapped on their own and unmapped when freed: a 60 000-rider
    /// simulation peaks at ~338 MB instead of ~390 MB, at the same speed. Call it first thing in
    /// `main`; it does nothing without glibc.
    public static func returnLargeBlocksToTheSystem() {
        #if canImport(Glibc)
        _ = mallopt(M_MMAP_THRESHOLD, 1 << 20)
        #endif
    }

    /// Has glibc's allocator keep freed memory for later allocations: no block is mapped on its
    /// own (to be unmapped when freed) and the heap is not trimmed. For a short command that
    /// allocates heavily and exits, such as a replay: the large buffers it frees (decompressed
    /// snapshots) are used again for the states decoded after them instead of being given back
    /// and faulted in afresh, zeroed page by page. A 2 000 000-rider replay then touches ~25 %
    /// fewer fresh pages. Call it before the allocations; it does nothing without glibc.
    public static func keepFreedMemoryForReuse() {
        #if canImport(Glibc)
        _ = mallopt(M_MMAP_MAX, 0)
        _ = mallopt(M_TRIM_THRESHOLD, Int32.max)
        // A thread's own arena gives back a heap (64 MB) as soon as it is empty, whatever the trim
        // threshold, unless the top pad covers it; the next large state would fault it in again.
        _ = mallopt(M_TOP_PAD, 64 << 20)
        #endif
    }

    /// Peak resident set size of this process image, in bytes (`VmHWM`: unlike `ru_maxrss` it
    /// does not carry the parent's peak across fork and exec).
    public static var peakResidentBytes: Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1_024
    }
}
