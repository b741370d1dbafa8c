import CZstd
import Foundation

/// Compresses content that arrives in pieces into zstd frames, one after the other, which
/// libzstd decompresses into the content joined. Some bytes of the content may be known only
/// after the bytes that follow them (a length written before what it counts): ``gap()`` leaves
/// room for them where they belong, and ``fill(_:with:)`` writes them there later, as a frame of
/// their own padded to the room with a skippable frame.
///
/// Every frame carries the checksum of its content. The output buffer is sized up front for the
/// most content allowed (only the pages written become resident), so the compressed bytes are
/// never copied; ``finish()`` hands them over.
///
/// Not `Sendable`: it owns libzstd contexts. If a call throws, the writer is unusable.
public final class ZstdFramesWriter {
    /// The most bytes a gap holds.
    public static let maxGapSize = 16
    /// The room a gap takes in the output: its frame, then a skippable frame for the rest.
    private static let gapRoom = 48
    /// The bytes that follow a frame's compressed blocks, at most (an empty last block and the checksum).
    private static let frameEndRoom = 64

    private let compressor: ZstdCompressor
    /// Compresses gaps' bytes, each a frame of its own, while a frame of `compressor` is open.
    private var gapCompressor: ZstdCompressor?
    private let level: Int
    private let maxContentSize: Int
    private let maxGaps: Int
    private var output: UnsafeMutableRawPointer?
    private let capacity: Int
    private var position = 0
    /// Whether the current frame of `compressor` has content not ended yet.
    private var frameOpen = false
    /// Where each gap's room is in the output, until it is filled.
    private var gaps: [Int?] = []
    private var failure = StickyFailure()
    /// The content's bytes so far, gaps' included.
    public private(set) var contentSize = 0

    /// A writer at `level` (`Zstd.minLevel...Zstd.maxLevel`) of at most `maxContentSize` bytes
    /// of content, with at most `maxGaps` gaps.
    ///
    /// - Throws: `.invalidLevel` for a level out of range; `.library` if memory runs out.
    public init(level: Int = Zstd.defaultLevel, maxContentSize: Int, maxGaps: Int = 1 << 16) throws(ZstdError) {
        compressor = try ZstdCompressor(level: level)
        self.level = level
        self.maxContentSize = maxContentSize
        self.maxGaps = maxGaps
        let bound = try ZstdError.check(ZSTD_compressBound(maxContentSize))
        capacity = bound + (maxGaps + 1) * (Self.gapRoom + Self.frameEndRoom)
        guard let output = malloc(capacity) else { throw ZstdError(.library(64), "could not allocate \(capacity) bytes") }
        self.output = output
    }

    deinit {
        free(output)
    }

    /// Compresses the next bytes of the content.
    ///
    /// - Throws: `.sizeLimitExceeded` past `maxContentSize`; `.library` if libzstd fails.
    public func write(_ bytes: UnsafeRawBufferPointer) throws(ZstdError) {
        try failure.run { () throws(ZstdError) in
            guard !bytes.isEmpty else { return }
            try count(bytes.count)
            position = try compressor.compress(bytes, into: try room(), at: position)
            frameOpen = true
        }
    }

    /// Leaves room for up to ``maxGapSize`` bytes of content, known later, after the bytes
    /// written so far; returns the gap's number (0 for the first).
    ///
    /// - Throws: `.invalidArgument` past `maxGaps` gaps.
    public func gap() throws(ZstdError) -> Int {
        try failure.run { () throws(ZstdError) in
            guard gaps.count < maxGaps else { throw ZstdError(.invalidArgument, "more than \(maxGaps) gaps") }
            try endFrame()
            gaps.append(position)
            position += Self.gapRoom
            return gaps.count - 1
        }
    }

    /// Writes the bytes of gap `number`: its own frame, then a skippable frame to the room's end.
    ///
    /// - Throws: `.invalidArgument` for an unknown or filled gap, or more than ``maxGapSize`` bytes.
    public func fill(_ number: Int, with bytes: UnsafeRawBufferPointer) throws(ZstdError) {
        try failure.run { () throws(ZstdError) in
            guard gaps.indices.contains(number), let start = gaps[number], bytes.count <= Self.maxGapSize else {
                throw ZstdError(.invalidArgument, "gap \(number) is not open, or \(bytes.count) bytes exceed its room")
            }
            try count(bytes.count)
            if gapCompressor == nil { gapCompressor = try ZstdCompressor(level: level) }
            let room = UnsafeMutableRawBufferPointer(start: output! + start, count: Self.gapRoom)
            let frame = try gapCompressor!.compressFrame(bytes, into: UnsafeMutableRawBufferPointer(rebasing: room.dropLast(Self.skippableHeader)))
            try Self.storeSkippableFrame(into: UnsafeMutableRawBufferPointer(rebasing: room[frame...]))
            gaps[number] = nil
        }
    }

    /// Ends the last frame and returns the frames, in `Data` that owns the buffer (shrunk to them).
    ///
    /// - Throws: `.invalidArgument` if a gap was never filled.
    public func finish() throws(ZstdError) -> Data {
        try failure.run { () throws(ZstdError) in
            if let open = gaps.firstIndex(where: { $0 != nil }) { throw ZstdError(.invalidArgument, "gap \(open) was never filled") }
            // No content at all: one empty frame, which decompresses to nothing.
            if position == 0 { frameOpen = true }
            try endFrame()
            let (frames, size) = (output!, position)
            output = nil
            let shrunk = realloc(frames, max(size, 1)) ?? frames
            return Data(bytesNoCopy: shrunk, count: size, deallocator: .free)
        }
    }

    private func count(_ bytes: Int) throws(ZstdError) {
        contentSize += bytes
        guard contentSize <= maxContentSize else { throw .sizeLimitExceeded(limit: maxContentSize) }
    }

    /// The whole output buffer.
    private func room() throws(ZstdError) -> UnsafeMutableRawBufferPointer {
        guard let output else { throw ZstdError(.library(1), "the frames are finished") }
        return UnsafeMutableRawBufferPointer(start: output, count: capacity)
    }

    private func endFrame() throws(ZstdError) {
        guard frameOpen else { return }
        position = try compressor.end(into: try room(), at: position)
        frameOpen = false
    }

    /// The length of a skippable frame's magic number and size field.
    private static let skippableHeader = 8
    /// What a skippable frame holds: zeros.
    private static let padding = [UInt8](repeating: 0, count: gapRoom)

    /// A skippable frame filling `room` (at least ``skippableHeader`` bytes), of zeros.
    private static func storeSkippableFrame(into room: UnsafeMutableRawBufferPointer) throws(ZstdError) {
        _ = try withBytes(padding) { (zeros) throws(ZstdError) in
            try ZstdError.check(ZSTD_writeSkippableFrame(room.baseAddress, room.count, zeros.baseAddress, room.count - skippableHeader, 0))
        }
    }
}
