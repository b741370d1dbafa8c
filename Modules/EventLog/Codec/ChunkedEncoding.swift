import Foundation

// Encoding a value in chunks, in one pass, without ever holding its whole encoding (a snapshot of
// a state with millions of entries is hundreds of megabytes).
//
// The format puts every region's length before the region, patched in once the region is
// written, so the bytes of an open region's placeholder cannot be handed on as they are. Whenever
// the writer holds a chunk:
// - each placeholder still open that is at least half a chunk back (so its region is long) is
//   handed on as a gap of the sink, with the bytes before it; the gap is filled when the region
//   ends;
// - the bytes before the first placeholder still held are handed on; the rest stay.
// Only regions longer than about half a chunk become gaps, a few per state, and the writer holds
// about a chunk.

/// The state of one chunked encoding, shared by the writer's copies.
final class _ChunkedOutput {
    /// An open placeholder: where it is in the whole encoding, and its gap once handed on.
    private struct Open {
        let position: Int
        var gap: Int?
    }

    let chunkSize: Int
    /// The placeholders open, outermost first: the first `gapped` are gaps, the others are held.
    private var open: [Open] = []
    private var gapped = 0
    private var gaps = 0
    private let sink: EncodedStateSink
    /// The first error of the sink.
    private(set) var failure: (any Error)?

    init(chunkSize: Int, sink: EncodedStateSink) {
        self.chunkSize = chunkSize
        self.sink = sink
    }

    fileprivate func opened(at position: Int) {
        open.append(Open(position: position, gap: nil))
    }

    /// Closes the innermost placeholder, at `position`: its gap, if it was handed on as one.
    fileprivate func closing(at position: Int) -> Int? {
        let placeholder = open.removeLast()
        precondition(placeholder.position == position, "placeholders are patched innermost first")
        if placeholder.gap != nil { gapped &-= 1 }
        return placeholder.gap
    }

    /// The position of the first placeholder still held, if any.
    fileprivate var firstHeld: Int? {
        gapped < open.count ? open[gapped].position : nil
    }

    /// Hands the first placeholder still held on as the sink's next gap.
    fileprivate func leaveGap() {
        open[gapped].gap = gaps
        gapped &+= 1
        gaps &+= 1
        run { try sink.gap() }
    }

    fileprivate func fill(_ gap: Int, _ value: UInt64) {
        withUnsafeTemporaryAllocation(byteCount: 10, alignment: 1) { buffer in
            let end = _ByteWriter.storeVarint(value, buffer.baseAddress!)
            run { try sink.fill(gap, UnsafeRawBufferPointer(start: buffer.baseAddress, count: end - buffer.baseAddress!)) }
        }
    }

    fileprivate func handOn(_ bytes: UnsafeRawBufferPointer) {
        guard !bytes.isEmpty else { return }
        run { try sink.write(bytes) }
    }

    /// Runs a call of the sink unless one failed already.
    private func run(_ call: () throws -> Void) {
        guard failure == nil else { return }
        do { try call() } catch { failure = error }
    }
}

extension _ByteWriter {
    @inline(never)
    mutating func chunkedPlaceholder() -> Int {
        byte(0)
        let position = flushed &+ count &- 1
        chunks!.opened(at: position)
        return position
    }

    @inline(never)
    mutating func chunkedPatch(at position: Int, value: UInt64) {
        let output = chunks!
        if let gap = output.closing(at: position) {
            output.fill(gap, value)
            // The gap holds the value's varint where the bytes handed on counted one byte.
            flushed &+= _varintSize(value) &- 1
        } else {
            patchInBuffer(at: position &- flushed, value: value)
        }
        if count >= output.chunkSize { flushChunk() }
    }

    /// Hands bytes on if the buffer holds a chunk (outside chunked encoding: never).
    @inline(__always)
    mutating func flushIfFull() {
        if _slowPath(chunks != nil), count >= chunks!.chunkSize { flushChunk() }
    }

    /// Hands on the bytes before the first placeholder still held, those at least half the
    /// buffer back handed on as gaps first; keeps the rest.
    mutating func flushChunk() {
        let output = chunks!
        var start = 0
        while let held = output.firstHeld.map({ $0 &- flushed }), held < count / 2 {
            output.handOn(UnsafeRawBufferPointer(start: base + start, count: held &- start))
            output.leaveGap()
            start = held &+ 1
        }
        let end = output.firstHeld.map { $0 &- flushed } ?? count
        output.handOn(UnsafeRawBufferPointer(start: base + start, count: end &- start))
        if end < count { memmove(base, base + end, count &- end) }
        flushed &+= end
        count &-= end
    }
}

extension BinaryEncoder {
    /// Encodes `value` as ``encode(_:)`` does, handing the bytes to `sink` in order, in chunks of
    /// about `chunkSize` bytes: the whole encoding is never in memory (about a chunk is). The
    /// lengths of regions longer than about half a chunk are handed on as gaps, filled when
    /// their region ends. Returns the number of bytes.
    ///
    /// - Throws: what `sink` or `encode(to:)` throw.
    @discardableResult
    public func encode<T: BinaryEncodable>(_ value: T, inChunksOf chunkSize: Int, to sink: EncodedStateSink) throws -> Int {
        let output = _ChunkedOutput(chunkSize: max(1, chunkSize), sink: sink)
        var writer = _ByteWriter(capacity: min(max(1, chunkSize) &* 2, 1 << 20))
        writer.chunks = output
        defer { writer.deallocate() }
        try BinaryKeyedWriter.keyed(&writer) { (keyed: inout BinaryKeyedWriter) throws(T.BinaryEncodingFailure) in
            try value.encode(to: &keyed)
        }
        writer.flushChunk()
        if let failure = output.failure { throw failure }
        return writer.flushed
    }
}
