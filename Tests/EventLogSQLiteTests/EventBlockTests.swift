@testable import EventLogSQLite
import EventLog
import PlatformKit
import XCTest

final class EventBlockTests: XCTestCase {
    /// Random events as a batch, with rows placing them from sequence 1 000 on.
    func randomBatch(_ count: Int, _ random: inout SeededGenerator) -> (EventBatch, [PreparedBatch.Row]) {
        var time: Int64 = 1_790_000_000_000
        var events: [NewEvent] = []
        var rows: [PreparedBatch.Row] = []
        for index in 0..<count {
            func maybe(_ prefix: String) -> String? {
                Bool.random(using: &random) ? nil : prefix + String(repeating: "é", count: Int.random(in: 0...20, using: &random))
            }
            let payload = (0..<Int.random(in: 0...300, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            events.append(NewEvent(
                streamID: "s", type: "t", schemaVersion: Int.random(in: 1...300, using: &random), payload: payload,
                correlationID: maybe("c"), causationID: maybe(""), idempotencyKey: maybe("k")
            ))
            // Times go back as well as forward.
            time += Int64.random(in: -5_000...1_000_000, using: &random)
            rows.append(PreparedBatch.Row(
                entry: index, sequence: 1_000 + Int64(index), position: Int64.random(in: 1...Int64.max, using: &random), recordedAt: time,
                streamID: Int64.random(in: 1...1 << 40, using: &random), typeID: Int64.random(in: 1...500, using: &random),
                isNewStream: false, isNewType: false
            ))
        }
        return (EventBatch(events), rows)
    }

    /// The rows sealed as one block without compression: its bytes as encoded.
    func encode(_ batch: EventBatch, _ rows: [PreparedBatch.Row]) -> [UInt8] {
        let sealer = BlockSealer(compressor: nil)
        var rows = rows
        return batch.entries.withUnsafeBufferPointer { entries in
            batch.withPayloadBytes { payloads in
                rows.withUnsafeMutableBufferPointer { rows in
                    sealer.seal(rows, entries: entries, payloads: payloads)
                    XCTAssertEqual(rows[0].blockEvents, rows.count)
                    return Array(rows[0].block!)
                }
            }
        }
    }

    func test_aBlock_givesBackEachEventAsEncoded() throws {
        var random = SeededGenerator(seed: 11)
        for count in [1, 2, 32, 200] {
            let (batch, rows) = randomBatch(count, &random)
            let block = try XCTUnwrap(EventBlock(firstSequence: 1_000, count: count, bytes: encode(batch, rows), lastHash: []))
            XCTAssertEqual(block.lastSequence, 1_000 + Int64(count) - 1)
            for (index, (row, event)) in zip(rows, batch).enumerated() {
                let record = try XCTUnwrap(block.record(of: row.sequence))
                XCTAssertEqual([record.stream, record.position, record.type], [row.streamID, row.position, row.typeID])
                let read = block.event(index, stream: "s", type: "t")
                XCTAssertEqual(read.sequence, row.sequence)
                XCTAssertEqual(read.recordedAt.millisecondsSinceEpoch, row.recordedAt)
                XCTAssertEqual(read.schemaVersion, event.schemaVersion)
                XCTAssertEqual([read.correlationID, read.causationID, read.idempotencyKey], [event.correlationID, event.causationID, event.idempotencyKey])
                XCTAssertEqual(read.payload, event.payload)
            }
            XCTAssertNil(block.record(of: 999))
            XCTAssertNil(block.record(of: 1_000 + Int64(count)))
        }
    }

    func test_malformedBytes_orTheWrongCount_areNoBlock() {
        var random = SeededGenerator(seed: 12)
        let (batch, rows) = randomBatch(3, &random)
        let bytes = encode(batch, rows)
        XCTAssertNotNil(EventBlock(firstSequence: 1, count: 3, bytes: bytes, lastHash: []))
        for cut in 0..<bytes.count {
            XCTAssertNil(EventBlock(firstSequence: 1, count: 3, bytes: Array(bytes[..<cut]), lastHash: []), "cut at \(cut)")
        }
        XCTAssertNil(EventBlock(firstSequence: 1, count: 3, bytes: bytes + [0], lastHash: []), "trailing bytes")
        XCTAssertNil(EventBlock(firstSequence: 1, count: 2, bytes: bytes, lastHash: []), "fewer records than the bytes hold")
        XCTAssertNil(EventBlock(firstSequence: 1, count: 4, bytes: bytes, lastHash: []), "more records than the bytes hold")
        XCTAssertNil(EventBlock(firstSequence: 1, count: 0, bytes: [], lastHash: []), "an empty block")
    }

    /// Format 6's payload blocks, still read: the number of payloads, their lengths, their bytes.
    func test_aPayloadBlock_givesBackEachPayload_andMalformedBytesAreNoBlock() throws {
        let bytes: [UInt8] = [2, 3, 1, 7, 8, 9, 4]
        let block = try XCTUnwrap(PayloadBlock(firstSequence: 10, bytes: bytes))
        XCTAssertEqual(block.payload(of: 10), [7, 8, 9])
        XCTAssertEqual(block.payload(of: 11), [4])
        XCTAssertNil(block.payload(of: 12))
        for cut in 0..<bytes.count {
            XCTAssertNil(PayloadBlock(firstSequence: 10, bytes: Array(bytes[..<cut])), "cut at \(cut)")
        }
        XCTAssertNil(PayloadBlock(firstSequence: 10, bytes: bytes + [0]), "trailing bytes")
    }

    func test_grouper_cutsRowsByCountAndBytes_andALargePayloadIsAlone() {
        // With 32 bytes of envelope each: 10 and 8 100 fit in 8 KB, a 10 more does not.
        let limit = PayloadCompression.maxBlockBytes
        XCTAssertEqual(BlockGrouper.envelopeBytes, 32)
        let sizes = [10, 10, 10, 10, 10, limit - 92, 10, limit + 1, 10, 10]
        var grouper = BlockGrouper(eventsPerBlock: 4)
        var blocks: [Range<Int>] = []
        for (index, size) in sizes.enumerated() {
            if let block = grouper.closesBlock(before: size, at: index) { blocks.append(block) }
            if let block = grouper.add(size, endingAt: index + 1) { blocks.append(block) }
        }
        if let block = grouper.close(at: sizes.count) { blocks.append(block) }
        XCTAssertEqual(blocks, [0..<4, 4..<6, 6..<7, 7..<8, 8..<10])

        var single = BlockGrouper(eventsPerBlock: 1)
        XCTAssertEqual((0..<3).compactMap { single.add(10, endingAt: $0 + 1) }, [0..<1, 1..<2, 2..<3], "one event a block")
        XCTAssertNil(single.close(at: 3))
    }
}
