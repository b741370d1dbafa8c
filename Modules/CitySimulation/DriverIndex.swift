/// Free drivers bucketed by square cell, for nearest-driver matching without scanning the fleet.
///
/// Cells are sized for the fleet (about four drivers a cell when all are free) and hold each
/// driver's position, so a search reads a few contiguous cells rather than the fleet's positions.
/// When few drivers are free, a search scans them all instead of thousands of empty cells. A free
/// driver does not move, so the position stored on insert stays its position.
struct DriverIndex {
    /// A free driver and where it is.
    private struct Slot {
        var driver: Int32
        var x: Int32
        var y: Int32
    }

    /// Where a driver's slot is: in its cell, and in `free`.
    private struct Location {
        var cell: Int32
        var slot: Int32
        var dense: Int32
    }

    private let cellSize: Int32
    private let columns: Int32
    private let rows: Int32
    private var cells: [[Slot]]
    /// How many drivers each cell holds (contiguous, so empty cells are skipped without
    /// reading their arrays).
    private var occupancy: [Int32]
    /// Every free driver, in no order.
    private var free: [Slot] = []
    /// For each driver: where it is in the index, or `nil` when not free.
    private var location: [Location?] = []

    /// An index over a `width` × `height` metre map, with cells sized for `fleet` drivers.
    init(width: Int32, height: Int32, fleet: Int) {
        self.init(width: width, height: height, cellSize: Self.cellSize(width: width, height: height, fleet: fleet))
    }

    init(width: Int32, height: Int32, cellSize: Int32) {
        self.cellSize = cellSize
        columns = width / cellSize + 1
        rows = height / cellSize + 1
        cells = Array(repeating: [], count: Int(columns * rows))
        occupancy = Array(repeating: 0, count: Int(columns * rows))
    }

    /// About four drivers a cell for `fleet` drivers spread over the map, between 100 m and 1 km.
    static func cellSize(width: Int32, height: Int32, fleet: Int) -> Int32 {
        let area = Double(width) * Double(height)
        let side = (area * 4 / Double(max(fleet, 1))).squareRoot()
        return Int32(min(max(side, 100), 1_000))
    }

    var count: Int { free.count }

    private func cell(of p: Position) -> (Int32, Int32) {
        (min(max(p.x / cellSize, 0), columns - 1), min(max(p.y / cellSize, 0), rows - 1))
    }

    mutating func insert(_ driver: Int, at p: Position) {
        remove(driver)
        let (cx, cy) = cell(of: p)
        let index = Int(cy * columns + cx)
        let slot = Slot(driver: Int32(driver), x: p.x, y: p.y)
        if driver >= location.count { location.append(contentsOf: repeatElement(nil, count: driver - location.count + 1)) }
        location[driver] = Location(cell: Int32(index), slot: Int32(cells[index].count), dense: Int32(free.count))
        cells[index].append(slot)
        occupancy[index] += 1
        free.append(slot)
    }

    mutating func remove(_ driver: Int) {
        guard driver < location.count, let removed = location[driver] else { return }
        location[driver] = nil
        let index = Int(removed.cell)
        occupancy[index] -= 1
        let last = cells[index].removeLast()
        if last.driver != driver {
            cells[index][Int(removed.slot)] = last
            location[Int(last.driver)]?.slot = removed.slot
        }
        let lastFree = free.removeLast()
        if lastFree.driver != driver {
            free[Int(removed.dense)] = lastFree
            location[Int(lastFree.driver)]?.dense = removed.dense
        }
    }

    /// The free driver nearest to `p` within `radius` metres (ties: lowest number), if any.
    ///
    /// Distances are compared squared, in integers: the same order as the Euclidean distance,
    /// exactly.
    func nearest(to p: Position, within radius: Int32) -> Int? {
        let reach = radius / cellSize + 1
        let side = Int(2 * reach + 1)
        let cellsInReach = min(side * side, cells.count)
        // To the nearest of n drivers spread over the map, rings read ~4·cells/n cells, and an
        // empty cell costs about what a driver does: fewer than ~√cells drivers are scanned.
        var best = Best(to: p, within: radius)
        if free.count * free.count <= cellsInReach {
            for slot in free { best.consider(slot) }
        } else {
            searchRings(around: p, reach: reach, into: &best)
        }
        return best.driver.map(Int.init)
    }

    /// Searches rings of cells outwards and stops once a ring's nearest possible point is farther
    /// than the best driver found.
    private func searchRings(around p: Position, reach: Int32, into best: inout Best) {
        let (cx, cy) = cell(of: p)
        for ring in 0...reach {
            if best.driver != nil, ring > 0 {
                let gap = Int64(ring - 1) * Int64(cellSize)
                if gap * gap > best.distanceSquared { return }
            }
            forEachCell(onRing: ring, around: (cx, cy)) { index in
                for slot in cells[index] { best.consider(slot) }
            }
        }
    }

    /// The nearest driver considered so far.
    private struct Best {
        let target: Position
        let radiusSquared: Int64
        private(set) var distanceSquared = Int64.max
        /// `Int32.max` until a driver is found (no driver has that number).
        private var number = Int32.max

        init(to target: Position, within radius: Int32) {
            self.target = target
            radiusSquared = Int64(radius) * Int64(radius)
        }

        var driver: Int32? { number == .max ? nil : number }

        @inline(__always)
        mutating func consider(_ slot: Slot) {
            let dx = Int64(slot.x) - Int64(target.x), dy = Int64(slot.y) - Int64(target.y)
            let d = dx * dx + dy * dy
            if d <= radiusSquared, d < distanceSquared || (d == distanceSquared && slot.driver < number) {
                (distanceSquared, number) = (d, slot.driver)
            }
        }
    }

    /// Calls `body` with the index of every occupied cell at Chebyshev distance `ring` from `center`.
    private func forEachCell(onRing ring: Int32, around center: (x: Int32, y: Int32), _ body: (Int) -> Void) {
        let left = max(center.x - ring, 0), right = min(center.x + ring, columns - 1)
        let top = center.y - ring, bottom = center.y + ring
        for y in max(top, 0)...min(bottom, rows - 1) {
            let row = Int(y * columns)
            if y == top || y == bottom {
                for x in left...right where occupancy[row + Int(x)] != 0 { body(row + Int(x)) }
            } else {
                if center.x - ring >= 0, occupancy[row + Int(center.x - ring)] != 0 { body(row + Int(center.x - ring)) }
                if ring > 0, center.x + ring < columns, occupancy[row + Int(center.x + ring)] != 0 {
                    body(row + Int(center.x + ring))
                }
            }
        }
    }
}
