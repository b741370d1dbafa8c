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
            let size = MemoryLayout<Element>.size
            var offset = 0
            while offset < size {
                memory_hints_prefetch(start + offset)
                offset += 64
            }
            if size > 1 { memory_hints_prefetch(start + (size - 1)) }
        }
    }
}
