@testable import CitySimulation
import PlatformKit
import XCTest

final class DriverIndexTests: XCTestCase {
    /// The nearest driver by scanning every free one, as the Euclidean distance orders them.
    private func bruteForce(_ free: [Int: Position], to p: Position, within radius: Int32) -> Int? {
        free.filter { $0.value.distance(to: p) <= Double(radius) }
            .min { ($0.value.distance(to: p), $0.key) < ($1.value.distance(to: p), $1.key) }?.key
    }

    /// Law: for any inserts and removals, the index finds the same driver as a scan of the fleet,
    /// whatever the cell size and however many drivers are free (a sparse index is scanned, a
    /// dense one searched by rings of cells); ties go to the lowest number, the radius is inclusive.
    func testNearestIsTheScansNearestForAnyCellSizeAndFleet() {
        let cases: [(cellSize: Int32, fleet: Int)] = [(100, 60), (100, 300), (100, 3_000), (137, 1_500), (250, 40), (600, 300), (1_000, 300), (3_000, 40)]
        for (seed, (cellSize, fleet)) in cases.enumerated() {
            let random = RandomSource.seeded(UInt64(seed))
            var index = DriverIndex(width: 10_000, height: 8_000, cellSize: cellSize)
            var free: [Int: Position] = [:]
            // A coarse lattice of positions, so equal distances (ties) happen.
            func position() -> Position {
                Position(x: Int32(random.int(in: 0..<101)) * 100, y: Int32(random.int(in: 0..<81)) * 100)
            }
            for driver in 0..<fleet where random.bool(probability: 0.8) {
                let p = position()
                index.insert(driver, at: p)
                free[driver] = p
            }
            for step in 0..<2_000 {
                let driver = random.int(in: 0..<fleet)
                if random.bool(probability: 0.5) {
                    index.remove(driver)
                    free[driver] = nil
                } else if free[driver] == nil {
                    let p = position()
                    index.insert(driver, at: p)
                    free[driver] = p
                }
                let target = position()
                let radius = Int32(random.int(in: 0..<6_000))
                XCTAssertEqual(
                    index.nearest(to: target, within: radius), bruteForce(free, to: target, within: radius),
                    "cell size \(cellSize), fleet \(fleet), step \(step), target \(target), radius \(radius)"
                )
                XCTAssertEqual(index.count, free.count)
            }
        }
    }

    func testAnEmptyIndexAndADriverOutOfReachFindNobody() {
        var index = DriverIndex(width: 10_000, height: 10_000, fleet: 1_000)
        XCTAssertNil(index.nearest(to: Position(x: 0, y: 0), within: 5_000))
        index.insert(7, at: Position(x: 10_000, y: 10_000))
        XCTAssertNil(index.nearest(to: Position(x: 0, y: 0), within: 5_000))
        XCTAssertEqual(index.nearest(to: Position(x: 6_000, y: 7_000), within: 5_000), 7)
    }

    func testInsertingADriverTwiceKeepsOneEntry() {
        var index = DriverIndex(width: 1_000, height: 1_000, cellSize: 100)
        index.insert(3, at: Position(x: 10, y: 10))
        index.insert(3, at: Position(x: 900, y: 900))
        XCTAssertEqual(index.count, 1)
        index.remove(3)
        XCTAssertNil(index.nearest(to: Position(x: 10, y: 10), within: 5_000))
    }

    func testCellsAreSizedForTheFleet() {
        XCTAssertEqual(DriverIndex.cellSize(width: 10_000, height: 10_000, fleet: 200), 1_000)
        XCTAssertEqual(DriverIndex.cellSize(width: 10_000, height: 10_000, fleet: 5_000), 282)
        XCTAssertEqual(DriverIndex.cellSize(width: 10_000, height: 10_000, fleet: 50_000), 100)
    }
}
