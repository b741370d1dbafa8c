import CMemoryHints

extension Array {
    /// Starts loading the element at `index` into the CPU's caches, so that a read of it soon
    /// after (a step later) does not wait for main memory. Changes nothing; an index out of
    /// bounds is ignored.
    @inlinable
    public func prefetch(_ index: Int) {
        withUnsafeBufferPointer { elements in
            guard elements.indices.contains(index), let base = elements.baseAddress else { return }
            let start = UnsafeRawPointer(base + index)
            let end = start + MemoryLayout<Element>.size
            // One hint per 64-byte cache line the element lies in.
            var line = UnsafeRawPointer(bitPattern: UInt(bitPattern: start) & ~63)!
            repeat {
                memory_hints_prefetch(line)
                line += 64
            } while line < end
        }
    }
}
