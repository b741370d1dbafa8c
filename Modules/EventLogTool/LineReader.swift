import Foundation
import PlatformKit

/// Reads a file (or standard input) line by line in constant memory.
struct LineReader {
    private let handle: FileHandle
    private var buffer = Data()
    private var atEnd = false
    /// The number of the line last returned, from 1.
    private(set) var lineNumber = 0
    /// Bytes read from the file so far.
    private(set) var bytesRead: Int64 = 0

    init(handle: FileHandle) {
        self.handle = handle
    }

    /// The next line without its newline, or `nil` at the end.
    mutating func next() throws -> Data? {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer = buffer[(newline + 1)...]
                lineNumber += 1
                return Data(line)
            }
            if atEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer = Data() }
                lineNumber += 1
                return Data(buffer)
            }
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: 1 << 20)
            } catch {
                throw ReadFailure(description: "cannot read (\(systemReason(of: error)))")
            }
            if let chunk, !chunk.isEmpty {
                bytesRead += Int64(chunk.count)
                buffer.append(chunk)
            } else {
                atEnd = true
            }
        }
    }

    /// The file (or standard input) could not be read, with the system's reason.
    struct ReadFailure: Error, CustomStringConvertible {
        let description: String
    }
}
