import PlatformKit
import XCTest

/// `IDIndex` finds every number by its hash and the caller's confirmation, however many hashes
/// collide, across growth, and whatever the order of inserts and removals.
final class IDIndexTests: XCTestCase {
    func test_everyNumber_isFoundAmongCollidingHashes_andOthersAreNot() {
        var index = IDIndex()
        for number in 0..<5_000 { index.insert(Int32(number), hash: UInt32(number % 7) &* 0x1000_0001) }
        XCTAssertEqual(index.count, 5_000)
        for number in stride(from: 0, to: 5_000, by: 37) {
            XCTAssertEqual(index.number(hash: UInt32(number % 7) &* 0x1000_0001) { $0 == Int32(number) }, Int32(number))
        }
        XCTAssertNil(index.number(hash: 3 &* 0x1000_0001) { $0 == 4 }, "4's hash is another")
        XCTAssertNil(index.number(hash: 99) { _ in true })
        index.reserveCapacity(100_000)
        XCTAssertEqual(index.number(hash: UInt32(4_999 % 7) &* 0x1000_0001) { $0 == 4_999 }, 4_999)
    }

    /// Random inserts and removals of numbers whose hashes share few buckets (long runs, which
    /// wrap around the table's end), checked against a dictionary after every step: each number
    /// is found under its hash while it is in, never after it is removed, and `count` agrees.
    func test_insertsAndRemovals_agreeWithADictionary_throughCollidingRunsThatWrap() {
        continueAfterFailure = false
        var random = SeededGenerator(seed: 42)
        var index = IDIndex()
        var model: [Int32: UInt32] = [:]
        // Hashes near the top of a 16-bucket table's range, so runs cross its end.
        func hash(_ number: Int32) -> UInt32 { 13 + UInt32(number % 7) * 16 }
        for step in 0..<5_000 {
            let number = Int32.random(in: 0..<40, using: &random)
            if model[number] != nil, Bool.random(using: &random) {
                XCTAssertTrue(index.remove(number, hash: hash(number)), "step \(step)")
                model[number] = nil
            } else if model[number] == nil {
                index.insert(number, hash: hash(number))
                model[number] = hash(number)
            }
            XCTAssertEqual(index.count, model.count, "step \(step)")
            for candidate in Int32(0)..<40 {
                let found = index.number(hash: hash(candidate)) { $0 == candidate }
                XCTAssertEqual(found, model[candidate] == nil ? nil : candidate, "step \(step), number \(candidate)")
            }
        }
    }

    func test_removingANumberNotIn_changesNothing() {
        var index = IDIndex()
        XCTAssertFalse(index.remove(3, hash: 3))
        index.insert(1, hash: 5)
        XCTAssertFalse(index.remove(2, hash: 5))
        XCTAssertFalse(index.remove(1, hash: 6))
        XCTAssertFalse(index.remove(-1, hash: 7), "-1 marks a free bucket, never a number")
        XCTAssertEqual(index.count, 1)
        XCTAssertEqual(index.number(hash: 5) { $0 == 1 }, 1)
    }
}
