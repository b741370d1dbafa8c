import Foundation
import XCTest
import Zstd

/// Our frames against the reference `zstd` command-line tool (Debian package `zstd`).
final class CLIInteropTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("ZstdTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try FileManager.default.removeItem(at: directory)
    }

    /// Runs `/usr/bin/zstd` with `arguments` and returns its standard output; fails on a non-zero exit.
    private func zstd(_ arguments: [String]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/zstd")
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "zstd \(arguments): \(String(decoding: stderr, as: UTF8.self))")
        return [UInt8](stdout)
    }

    private func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    func test_cli_decompressesOurOneShotFrame() throws {
        let input = TestData.compressible(count: 200_000) + TestData.random(count: 50_000)
        let path = try write(try Zstd.compress(input, level: 7), "oneshot.zst")
        XCTAssertEqual(try zstd(["-d", "-c", "-q", path]), input)
    }

    /// Frames with gaps filled later (a frame each, padded by a skippable frame): what a snapshot stores.
    func test_cli_decompressesOurFramesWithGaps() throws {
        let input = TestData.compressible(count: 300_000)
        let writer = try ZstdFramesWriter(maxContentSize: input.count + 2)
        let gap = try writer.gap()
        try input[0..<150_000].withUnsafeBytes { try writer.write($0) }
        let inner = try writer.gap()
        try input[150_000...].withUnsafeBytes { try writer.write($0) }
        try [UInt8(2)].withUnsafeBytes { try writer.fill(inner, with: $0) }
        try [UInt8(1)].withUnsafeBytes { try writer.fill(gap, with: $0) }
        let path = try write([UInt8](try writer.finish()), "gaps.zst")
        XCTAssertTrue(try zstd(["-d", "-c", "-q", path]) == [1] + input[0..<150_000] + [2] + input[150_000...], "the content, gaps filled")
    }

    func test_cli_decompressesOurStreamingFrameAndSeesChecksum() throws {
        let input = TestData.compressible(count: 300_000)
        let compressor = try ZstdCompressor()
        var frame: [UInt8] = []
        for start in stride(from: 0, to: input.count, by: 10_000) {
            frame += try compressor.compress(input[start..<start + 10_000])
        }
        frame += try compressor.finish()
        let path = try write(frame, "streaming.zst")
        XCTAssertEqual(try zstd(["-d", "-c", "-q", path]), input)
        let listing = String(decoding: try zstd(["-lv", path]), as: UTF8.self)
        XCTAssertTrue(listing.contains("Check: XXH64"), listing)
    }

    func test_cli_frameDecompressesWithOurs() throws {
        let input = TestData.compressible(count: 400_000)
        let path = try write(input, "input.txt")
        let frame = try zstd(["-3", "-c", "-q", path])
        XCTAssertEqual(try Zstd.decompress(frame, maxSize: input.count), input)
        let withoutSize = try zstd(["-3", "-c", "-q", "--no-content-size", path])
        XCTAssertEqual(try frameHeaderDescriptor(withoutSize) & 0xE0, 0, "no content size field")
        XCTAssertEqual(try Zstd.decompress(withoutSize, maxSize: input.count), input)
    }

    func test_cli_decompressesOurDictionaryFrameWithSameDictionary() throws {
        let samples = TestData.jsonSamples(count: 1000)
        let dictionary = try ZstdDictionary.train(samples: samples, capacity: 4096)
        let dictionaryPath = try write(dictionary.bytes, "events.dict")
        let framePath = try write(try Zstd.compress(samples[17], dictionary: dictionary), "event.zst")
        XCTAssertEqual(try zstd(["-d", "-c", "-q", "-D", dictionaryPath, framePath]), samples[17])
    }
}
