import CZstd
import Foundation

extension Zstd {
    /// Whether `frame` starts with a zstd frame header that declares a content checksum (the
    /// XXH64 of the content that decompressing with `verifyingChecksum` checks). `false` for bytes
    /// that do not start with a whole frame header.
    public static func hasContentChecksum(_ frame: some ContiguousBytes) -> Bool {
        frame.withUnsafeBytes { bytes in
            var header = ZSTD_frameHeader()
            let result = ZSTD_getFrameHeader(&header, bytes.baseAddress, bytes.count)
            return result == 0 && header.frameType == ZSTD_frame && header.checksumFlag != 0
        }
    }
}
