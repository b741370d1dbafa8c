import Foundation
import PlatformKit
import Synchronization
import XCTest

final class IDGeneratorTests: XCTestCase {
    private let uuidPattern = "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"

    private func assertLowercaseUUIDv4(_ id: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNotNil(id.range(of: uuidPattern, options: .regularExpression), "\(id) is not a lowercase v4 UUID", file: file, line: line)
        XCTAssertNotNil(UUID(uuidString: id), file: file, line: line)
    }

    func test_sequential_countsUpFromOneWithPrefix() {
        let ids = IDGenerator.sequential(prefix: "trip")
        XCTAssertEqual([ids.next(), ids.next(), ids.next()], ["trip-1", "trip-2", "trip-3"])
    }

    func test_sequential_generatorsAreIndependent() {
        let trips = IDGenerator.sequential(prefix: "trip")
        let riders = IDGenerator.sequential(prefix: "rider")
        _ = trips.next()
        XCTAssertEqual(riders.next(), "rider-1")
        XCTAssertEqual(trips.next(), "trip-2")
    }

    func test_sequential_isThreadSafe_handingOutEachNumberOnce() {
        let ids = IDGenerator.sequential(prefix: "e")
        let issued = Mutex<Set<String>>([])
        DispatchQueue.concurrentPerform(iterations: 1_000) { _ in
            let id = ids.next()
            issued.withLock { _ = $0.insert(id) }
        }
        XCTAssertEqual(issued.withLock { $0 }, Set((1...1_000).map { "e-\($0)" }))
    }

    func test_random_producesTheGoldenUUIDForSeed42() {
        XCTAssertEqual(IDGenerator.random(.seeded(42)).next(), "16c72e0c-2e0b-4815-be3a-116d86d90461")
    }

    func test_random_isDeterministicForASeededSource_andWellFormed() {
        let first = IDGenerator.random(.seeded(11))
        let second = IDGenerator.random(.seeded(11))
        let ids = (0..<100).map { _ in first.next() }
        XCTAssertEqual(ids, (0..<100).map { _ in second.next() })
        XCTAssertEqual(Set(ids).count, 100)
        ids.forEach { assertLowercaseUUIDv4($0) }
        XCTAssertNotEqual(IDGenerator.random(.seeded(12)).next(), ids[0])
    }

    func test_live_producesUniqueLowercaseUUIDs() {
        let ids = (0..<100).map { _ in IDGenerator.live.next() }
        XCTAssertEqual(Set(ids).count, 100)
        ids.forEach { assertLowercaseUUIDv4($0) }
    }
}
