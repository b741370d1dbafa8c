import Foundation
import PlatformKit
import Synchronization
import XCTest

final class RandomSourceTests: XCTestCase {
    private func draw(_ source: RandomSource, _ count: Int = 5) -> [UInt64] {
        (0..<count).map { _ in source.nextUInt64() }
    }

    func test_seeded_matchesSeededGenerator() {
        var generator = SeededGenerator(seed: 42)
        XCTAssertEqual(draw(.seeded(42)), (0..<5).map { _ in generator.next() })
    }

    func test_seeded_sameSeedSameSequence_differentSeedDifferentSequence() {
        XCTAssertEqual(draw(.seeded(9)), draw(.seeded(9)))
        XCTAssertNotEqual(draw(.seeded(9)), draw(.seeded(10)))
    }

    func test_seeded_isThreadSafe_handingOutEachValueOnce() {
        let source = RandomSource.seeded(5)
        let drawn = Mutex<[UInt64]>([])
        DispatchQueue.concurrentPerform(iterations: 1_000) { _ in
            let value = source.nextUInt64()
            drawn.withLock { $0.append(value) }
        }
        XCTAssertEqual(drawn.withLock { $0.sorted() }, draw(.seeded(5), 1_000).sorted())
    }

    func test_secure_producesDistinctValues() {
        let source = RandomSource.secure
        XCTAssertNotEqual(source.bytes(32), source.bytes(32))
        XCTAssertNotEqual(source.fork("a").bytes(32), source.fork("a").bytes(32))
    }

    func test_int_staysInRange() {
        let source = RandomSource.seeded(1)
        for _ in 0..<10_000 {
            XCTAssert((-3..<4).contains(source.int(in: -3..<4)))
        }
        XCTAssertEqual(source.int(in: 7..<8), 7)
        let extreme = source.int(in: Int.min..<Int.max)
        XCTAssert((Int.min..<Int.max).contains(extreme))
    }

    func test_int_producesTheGoldenSequenceForSeed42() {
        let source = RandomSource.seeded(42)
        XCTAssertEqual((0..<10).map { _ in source.int(in: 0..<100) }, [8, 37, 68, 92, 99, 76, 71, 85, 76, 58])
    }

    func test_int_rejectsDrawsFromTheBiasedZone() {
        // For a span of 3, only a draw of 0 lands in the zone (2^64 mod 3 = 1) that would favour 0.
        let draws = Mutex<[UInt64]>([0, .max])
        let source = RandomSource { draws.withLock { $0.removeFirst() } }
        XCTAssertEqual(source.int(in: 0..<3), 2)
    }

    func test_int_isRoughlyUniform() {
        let source = RandomSource.seeded(3)
        var counts = [Int](repeating: 0, count: 10)
        for _ in 0..<100_000 {
            counts[source.int(in: 0..<10)] += 1
        }
        for count in counts {
            XCTAssert((9_500...10_500).contains(count), "bucket count \(count) in \(counts)")
        }
    }

    func test_double_isInTheUnitIntervalAndSpreadsAcrossIt() {
        let source = RandomSource.seeded(4)
        let values = (0..<10_000).map { _ in source.double() }
        XCTAssert(values.allSatisfy { (0..<1).contains($0) })
        XCTAssertLessThan(values.min()!, 0.01)
        XCTAssertGreaterThan(values.max()!, 0.99)
    }

    func test_bytes_areLittleEndianWordsOfTheStream() {
        let words = draw(.seeded(6), 2)
        let expected = words.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) } }
        XCTAssertEqual(RandomSource.seeded(6).bytes(13), Array(expected.prefix(13)))
        XCTAssertEqual(RandomSource.seeded(6).bytes(0), [])
    }

    func test_bool_respectsProbability() {
        let source = RandomSource.seeded(8)
        XCTAssertFalse((0..<1_000).contains { _ in source.bool(probability: 0) })
        XCTAssertFalse(RandomSource { 0 }.bool(probability: 0), "the smallest draw must not pass probability 0")
        XCTAssertTrue((0..<1_000).allSatisfy { _ in source.bool(probability: 1) })
        let hits = (0..<100_000).filter { _ in source.bool(probability: 0.25) }.count
        XCTAssert((24_000...26_000).contains(hits), "\(hits) hits")
    }

    func test_fork_producesTheGoldenSequence() {
        XCTAssertEqual(draw(RandomSource.seeded(42).fork("drivers"), 2), [0xDB14_357F_265A_B24A, 0x429A_AE9E_6401_6B47])
    }

    func test_fork_isDeterministicAndDiffersByLabelAndFromParent() {
        XCTAssertEqual(draw(RandomSource.seeded(42).fork("riders")), draw(RandomSource.seeded(42).fork("riders")))
        XCTAssertNotEqual(draw(RandomSource.seeded(42).fork("riders")), draw(RandomSource.seeded(42).fork("drivers")))
        XCTAssertNotEqual(draw(RandomSource.seeded(42).fork("riders")), draw(RandomSource.seeded(43).fork("riders")))
        XCTAssertNotEqual(draw(RandomSource.seeded(42).fork("riders")), draw(.seeded(42)))
    }

    func test_fork_isIndependentOfOtherForksAndParentConsumption() {
        let quiet = RandomSource.seeded(42)
        let expected = draw(quiet.fork("riders"))

        let busy = RandomSource.seeded(42)
        let drivers = busy.fork("drivers")
        _ = draw(drivers, 50)
        _ = draw(busy, 50)
        let riders = busy.fork("riders")
        _ = draw(busy.fork("weather"), 50)
        XCTAssertEqual(draw(riders), expected)
    }

    func test_fork_ofClosureSource_isDeterministicPerLabel() {
        let constant = RandomSource { 7 }
        XCTAssertEqual(draw(constant.fork("a")), draw(constant.fork("a")))
        XCTAssertNotEqual(draw(constant.fork("a")), draw(constant.fork("b")))
    }
}
