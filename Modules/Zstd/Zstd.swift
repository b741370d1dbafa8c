import CZstd
import Foundation

/// One-shot zstd compression and decompression, and the supported compression levels.
///
/// Output is a standard zstd frame with a content checksum, readable by the `zstd` CLI.
/// For data that arrives in pieces, use `ZstdCompressor` and `ZstdDecompressor`.
public enum Zstd {
    /// libzstd's default compression level (`ZSTD_defaultCLevel()`, 3).
    public static var defaultLevel: Int { Int(ZSTD_defaultCLevel()) }
    /// The fastest level libzstd accepts (`ZSTD_minCLevel()`, negative).
    public static var minLevel: Int { Int(ZSTD_minCLevel()) }
    /// The strongest level libzstd accepts (`ZSTD_maxCLevel()`, 22).
    public static var maxLevel: Int { Int(ZSTD_maxCLevel()) }

    /// Compresses `input` into a single zstd frame that records the content size.
    ///
    /// - Parameters:
    ///   - level: `minLevel...maxLevel`; 0 means `defaultLevel`, as in libzstd.
    ///   - dictionary: compress against this dictionary; decompression then needs it too.
    /// - Throws: `.invalidLevel` for a level out of range, `.library` if libzstd fails.
    public static func compress(
        _ input: some ContiguousBytes,
        level: Int = Zstd.defaultLevel,
        dictionary: ZstdDictionary? = nil
    ) throws(ZstdError) -> [UInt8] {
        let compressor = try ZstdCompressor(level: level, dictionary: dictionary)
        return try withBytes(input) { (source) throws(ZstdError) in try compressor.compressFrame(source) }
    }

    /// The frame `compress` makes, in `Data` that owns libzstd's output buffer shrunk to the frame:
    /// no copy of the compressed bytes, for large inputs (the array `compress` returns is a copy).
    public static func compressData(
        _ input: some ContiguousBytes,
        level: Int = Zstd.defaultLevel,
        dictionary: ZstdDictionary? = nil
    ) throws(ZstdError) -> Data {
        let compressor = try ZstdCompressor(level: level, dictionary: dictionary)
        return try withBytes(input) { (source) throws(ZstdError) in try compressor.compressFrameData(source) }
    }

    /// Decompresses one or more concatenated zstd frames, producing at most `maxSize` bytes.
    ///
    /// A frame whose header declares more than `maxSize` bytes is refused before any output
    /// is allocated; a frame without a declared size is refused as soon as its output would
    /// pass `maxSize`.
    ///
    /// - Parameters:
    ///   - maxSize: the largest output accepted, in bytes (not negative).
    ///   - dictionary: the dictionary the frame was compressed with, if any.
    ///   - verifyingChecksum: whether to check the frame's content checksum, if it has one (see
    ///     ``ZstdDecompressor/init(maxSize:dictionary:verifyingChecksum:)``).
    /// - Throws: `.sizeLimitExceeded`, `.truncatedFrame` for empty or cut-off input,
    ///   `.invalidArgument` for a negative `maxSize`, `.library` for corrupt input.
    public static func decompress(
        _ frame: some ContiguousBytes,
        maxSize: Int,
        dictionary: ZstdDictionary? = nil,
        verifyingChecksum: Bool = true
    ) throws(ZstdError) -> [UInt8] {
        let decompressor = try ZstdDecompressor(maxSize: maxSize, dictionary: dictionary, verifyingChecksum: verifyingChecksum)
        return try withBytes(frame) { (source) throws(ZstdError) in try decompressor.decompressAll(source) }
    }
}
