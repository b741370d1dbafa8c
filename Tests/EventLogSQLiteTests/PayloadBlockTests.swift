@testable import EventLogSQLite
import PlatformKit
import XCTest
import Zstd

final class PayloadBlockTests: XCTestCase {
    func test_aBlock_givesBackEachPayloadByItsSequence() throws {
        var random = SeededGenerator(seed: 11)
        for count in [0, 1, 2, 32, 200] {
            let payloads = (0..<count).map { _ in (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) } }
            var bytes: [UInt8] = []
            PayloadBlock.encode(payloads, into: &bytes)
            let block = try XCTUnwrap(PayloadBlock(firstSequence: 1_000, bytes: bytes))
            for (index, payload) in payloads.enumerated() {
                XCTAssertEqual(block.payload(of: 1_000 + Int64(index)), payload)
            }
            XCTAssertNil(block.payload(of: 999))
            XCTAssertNil(block.payload(of: 1_000 + Int64(count)))
        }
    }

    func test_malformedBytes_areNoBlock() {
        var bytes: [UInt8] = []
        PayloadBlock.encode([[1, 2, 3], [4]], into: &bytes)
        XCTAssertNotNil(PayloadBlock(firstSequence: 1, bytes: bytes))
        for cut in 0..<bytes.count {
            XCTAssertNil(PayloadBlock(firstSequence: 1, bytes: Array(bytes[..<cut])), "cut at \(cut)")
        }
        XCTAssertNil(PayloadBlock(firstSequence: 1, bytes: bytes + [0]), "trailing bytes")
        XCTAssertNil(PayloadBlock(firstSequence: 1, bytes: [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F]), "a count past the bytes")
        XCTAssertNil(PayloadBlock(firstSequence: 1, bytes: [1, 0x80]), "a cut-off length")
    }

    func test_grouper_cutsRowsByCountAndBytes_andALargePayloadIsAlone() throws {
        let compressor = try PayloadCompressor(
            dictionaryID: 1, dictionary: ZstdDictionary(bytes: Array(String(repeating: "ledger.deposited account ", count: 40).utf8)),
            compression: PayloadCompression(eventsPerBlock: 4)
        )
        let limit = PayloadCompression.maxBlockBytes
        let sizes = [10, 10, 10, 10, 10, limit - 15, 10, limit + 1, 10, 10]
        var grouper = PayloadGrouper(compressor: compressor)
        var groups: [Range<Int>] = []
        for (index, size) in sizes.enumerated() {
            if let group = grouper.closesGroup(before: size, at: index) { groups.append(group.rows) }
            if let group = grouper.add(size, endingAt: index + 1) { groups.append(group.rows) }
        }
        if let group = grouper.close(at: sizes.count) { groups.append(group.rows) }
        XCTAssertEqual(groups, [0..<4, 4..<6, 6..<7, 7..<8, 8..<10])

        var plain = PayloadGrouper(compressor: nil)
        let single = (0..<3).compactMap { index in plain.add(10, endingAt: index + 1)?.rows }
        XCTAssertEqual(single, [0..<1, 1..<2, 2..<3], "without a compressor every row is handed on alone")
        XCTAssertNil(plain.close(at: 3))
    }
}
