// Encoding a value in chunks, without ever holding its whole encoding (a snapshot of a state
// with millions of entries is hundreds of megabytes).
//
// The format puts every region's length before the region, and those lengths are patched in once
// the region is written, so the bytes of an open region cannot be handed on. The value is
// therefore encoded twice:
// 1. Sizing: the bytes are dropped a chunk at a time; a placeholder dropped before it is patched
//    (a region or container longer than about a chunk) gets its value recorded, by the order in
//    which the placeholders were opened.
// 2. Writing: those placeholders are written with their recorded value at once, so only regions
//    shorter than about a chunk are still open at any time; whenever none is, the buffer is
//    handed on. The writer holds about two chunks.
// Both passes must write the same bytes: `encode(to:)` has to be deterministic, as it is for any
// value not changed in between (a changed one is reported, not written wrong).

/// The state of one chunked encoding, shared by the writer's copies.
final class _ChunkedOutput {
    /// One open placeholder: where it is, when it was opened, and whether its value was known.
    private struct Open {
        let position: Int
        let ordinal: Int
        let sized: Bool
    }

    let chunkSize: Int
    /// Whether this is the sizing pass (bytes are dropped, not handed on).
    private(set) var sizing = true
    /// Placeholder values the sizing pass found, by opening order.
    private var sized: [Int: UInt64] = [:]
    private var opened = 0
    private var open: [Open] = []
    /// Open placeholders whose value is not known yet (they are all in the buffer).
    private var unsized = 0
    private let write: (UnsafeRawBufferPointer) throws -> Void
    /// The first error of `write`, or of a value that encoded otherwise the second time.
    private(set) var failure: (any Error)?

    init(chunkSize: Int, write: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.chunkSize = chunkSize
        self.write = write
    }

    /// Ends the sizing pass; the writing pass starts over with an empty writer.
    func startWriting() {
        sizing = false
        opened = 0
        open.removeAll()
        unsized = 0
    }

    func fail(_ error: any Error) {
        if failure == nil { failure = error }
    }

    /// Opens the next placeholder: its value if the sizing pass found it.
    fileprivate func opening() -> UInt64? {
        opened &+= 1
        return sized[opened]
    }

    /// Records the placeholder just opened, at `position`.
    fileprivate func opened(at position: Int, sized: Bool) {
        open.append(Open(position: position, ordinal: opened, sized: sized))
        if !sized { unsized &+= 1 }
    }

    /// Closes the innermost placeholder, at `position`; whether it is still to be patched in the buffer.
    fileprivate func closing(at position: Int, value: UInt64, dropped: Bool) -> Bool {
        let placeholder = open.removeLast()
        precondition(placeholder.position == position, "placeholders are patched innermost first")
        if placeholder.sized {
            if sized[placeholder.ordinal] != value { fail(_CodecErrors.changedWhileChunked) }
            return false
        }
        unsized &-= 1
        guard dropped else { return true }
        // Writing, an unsized placeholder is never handed on open: it was sized otherwise.
        if !sizing { fail(_CodecErrors.changedWhileChunked) }
        sized[placeholder.ordinal] = value
        return false
    }

    /// Whether the buffer may be handed on (or dropped) now that it holds `count` bytes.
    fileprivate func mayFlush(_ count: Int) -> Bool {
        count >= chunkSize && (sizing || unsized == 0)
    }

    fileprivate func handOn(_ bytes: UnsafeRawBufferPointer) {
        guard !sizing, failure == nil else { return }
        do { try write(bytes) } catch { fail(error) }
    }
}

extension _ByteWriter {
    @inline(never)
    mutating func chunkedPlaceholder() -> Int {
        let value = chunks!.opening()
        if let value { varint(value) } else { byte(0) }
        // The varint's last byte, so that `patchLength` counts the bytes after it.
        let position = flushed &+ count &- 1
        chunks!.opened(at: position, sized: value != nil)
        return position
    }

    @inline(never)
    mutating func chunkedPatch(at position: Int, value: UInt64) {
        let output = chunks!
        let local = position &- flushed
        if output.closing(at: position, value: value, dropped: local < 0) {
            patchInBuffer(at: local, value: value)
        } else if local < 0 && output.sizing {
            // Dropped with its chunk: the value's varint is longer than the placeholder byte counted.
            flushed &+= _varintSize(value) &- 1
        }
        if output.mayFlush(count) { flushChunk() }
    }

    /// Hands the buffer on if it holds a chunk and may be (outside chunked encoding: never).
    @inline(__always)
    mutating func flushIfFull() {
        if _slowPath(chunks != nil), chunks!.mayFlush(count) { flushChunk() }
    }

    /// Hands the buffer on (or drops it, sizing) and starts it over.
    mutating func flushChunk() {
        chunks!.handOn(bytes)
        flushed &+= count
        count = 0
    }
}

extension BinaryEncoder {
    /// Encodes `value` as ``encode(_:)`` does, handing the bytes to `write` in order, in chunks
    /// of about `chunkSize` bytes, after telling `begin` their total: the whole encoding is never
    /// in memory (about two chunks are). `value.encode(to:)` runs twice, and must write the same
    /// both times. Returns the number of bytes.
    ///
    /// - Throws: what `begin`, `write` or `encode(to:)` throw, or an `EncodingError` if the value
    ///   encoded otherwise the second time.
    @discardableResult
    public func encode<T: BinaryEncodable>(
        _ value: T, inChunksOf chunkSize: Int, begin: (Int) throws -> Void, write: (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        try withoutActuallyEscaping(write) { write in
            let output = _ChunkedOutput(chunkSize: max(1, chunkSize), write: write)
            var writer = _ByteWriter(capacity: min(max(1, chunkSize) &* 2, 1 << 20))
            writer.chunks = output
            defer { writer.deallocate() }
            try Self.writeChunked(value, &writer)
            let size = writer.flushed &+ writer.count
            (writer.flushed, writer.count) = (0, 0)
            output.startWriting()
            try begin(size)
            try Self.writeChunked(value, &writer)
            writer.flushChunk()
            if let failure = output.failure { throw failure }
            guard writer.flushed == size else { throw _CodecErrors.changedWhileChunked }
            return size
        }
    }

    private static func writeChunked<T: BinaryEncodable>(_ value: T, _ writer: inout _ByteWriter) throws {
        try BinaryKeyedWriter.keyed(&writer) { (keyed: inout BinaryKeyedWriter) throws(T.BinaryEncodingFailure) in
            try value.encode(to: &keyed)
        }
    }
}
