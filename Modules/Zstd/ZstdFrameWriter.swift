import CZstd
import Foundation

/// Compresses an input of known size that arrives in chunks into one frame, as
/// `Zstd.compressData` would compress it whole: the frame records the content size and a
/// checksum, and the output buffer is sized up front (only the pages written become resident), so
/// the compressed bytes are never copied.
///
/// Call `write(_:)` with the chunks in order, then `finish()`. Not `Sendable`: it owns a libzstd
/// context. If a call throws, the writer is unusable.
public final class ZstdFrameWriter {
    private let compressor: ZstdCompressor
    private let contentSize: Int
    private var written = 0
    private var output: UnsafeMutableRawPointer?
    private let capacity: Int
    private var position = 0

    /// A writer of a frame of `contentSize` bytes at `level` (`Zstd.minLevel...Zstd.maxLevel`).
    ///
    /// - Throws: `.invalidLevel` for a level out of range; `.library` if memory runs out.
    public init(level: Int = Zstd.defaultLevel, contentSize: Int) throws(ZstdError) {
        compressor = try ZstdCompressor(level: level)
        self.contentSize = contentSize
        try compressor.pledge(contentSize: contentSize)
        capacity = max(try ZstdError.check(ZSTD_compressBound(contentSize)), 1)
        guard let output = malloc(capacity) else { throw ZstdError(.library(64), "could not allocate \(capacity) bytes") }
        self.output = output
    }

    deinit {
        free(output)
    }

    /// Compresses the next chunk of the content.
    ///
    /// - Throws: `.library` if libzstd fails, including when the chunks exceed the pledged size.
    public func write(_ chunk: UnsafeRawBufferPointer) throws(ZstdError) {
        guard let output else { throw ZstdError(.library(1), "the frame is finished") }
        written += chunk.count
        position = try compressor.compress(chunk, into: UnsafeMutableRawBufferPointer(start: output, count: capacity), at: position)
    }

    /// Ends the frame and returns it, in `Data` that owns the buffer (shrunk to the frame).
    ///
    /// - Throws: `.library` if the chunks did not add up to the pledged size.
    public func finish() throws(ZstdError) -> Data {
        guard let output else { throw ZstdError(.library(1), "the frame is finished") }
        guard written == contentSize else {
            throw ZstdError(.library(1), "\(written) bytes written of the \(contentSize) pledged")
        }
        position = try compressor.end(into: UnsafeMutableRawBufferPointer(start: output, count: capacity), at: position)
        self.output = nil
        let frame = realloc(output, max(position, 1)) ?? output
        return Data(bytesNoCopy: frame, count: position, deallocator: .free)
    }
}
