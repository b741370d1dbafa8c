/// Free drivers bucketed by square cell, for nearest-driver matching without scanning the fleet.
///
/// Cells are sized for the fleet (about four drivers a cell when all are free) and hold each
/// driver's position, so a search reads a few contiguous cells rather than the fleet's positions.
/// A free driver does not move, so the position stored on insert stays its position.
struct DriverIndex {
    /// A free driver and where it is.
    private struct Slot {
        var driver: Int32
        var x: Int32
        var y: Int32
    }

    let cellSize: Int32
    private let columns: Int32
    private let rows: Int32
    private var cells: [[Slot]]
    /// For each driver: its cell and slot in that cell, or `nil` when not in the index.
    private var location: [(cell: Int32, slot: Int32)?] = []
    private(set) var count = 0

    /// An index over a `width` × `height` metre map, with cells sized for `fleet` drivers.
    init(width: Int32, height: Int32, fleet: Int) {
        self.init(width: width, height: height, cellSize: Self.cellSize(width: width, height: height, fleet: fleet))
    }

    init(width: Int32, height: Int32, cellSize: Int32) {
        self.cellSize = cellSize
        columns = width / cellSize + 1
        rows = height / cellSize + 1
        cells = Array(repeating: [], count: Int(columns * rows))
    }

    /// About four drivers a cell for `fleet` drivers spread over the map, between 100 m and 1 km:
    /// small cells keep a search to a few dozen drivers in a dense fleet; the bound keeps a search
    /// that finds nobody from reading thousands of empty cells.
    static func cellSize(width: Int32, height: Int32, fleet: Int) -> Int32 {
        let area = Double(width) * Double(height)
        let side = (area * 4 / Double(max(fleet, 1))).squareRoot()
        return Int32(min(max(side, 100), 1_000))
    }

    private func cell(of p: Position) -> (Int32, Int32) {
        (min(max(p.x / cellSize, 0), columns - 1), min(max(p.y / cellSize, 0), rows - 1))
    }

    mutating func insert(_ driver: Int, at p: Position) {
        remove(driver)
        let (cx, cy) = cell(of: p)
        let index = Int(cy * columns + cx)
        if driver >= location.count { location.append(contentsOf: repeatElement(nil, count: driver - location.count + 1)) }
        location[driver] = (Int32(index), Int32(cells[index].count))
        cells[index].append(Slot(driver: Int32(driver), x: p.x, y: p.y))
        count += 1
    }

    mutating func remove(_ driver: Int) {
        guard driver < location.count, let (index, slot) = location[driver] else { return }
        location[driver] = nil
        count -= 1
        let last = cells[Int(index)].removeLast()
        if last.driver != driver {
            cells[Int(index)][Int(slot)] = last
            location[Int(last.driver)] = (index, slot)
        }
    }

    /// The free driver nearest to `p` within `radius` metres (ties: lowest number), if any.
    ///
    /// Searches rings of cells outwards and stops once a ring's nearest possible point is farther
    /// than the best driver found. Distances are compared squared, in integers: the same order as
    /// the Euclidean distance, exactly.
    func nearest(to p: Position, within radius: Int32) -> Int? {
        guard count > 0 else { return nil }
        let (cx, cy) = cell(of: p)
        let reach = radius / cellSize + 1
        let radiusSquared = Int64(radius) * Int64(radius)
        var best: (distanceSquared: Int64, driver: Int32)?
        for ring in 0...reach {
            if let best, ring > 0 {
                let gap = Int64(ring - 1) * Int64(cellSize)
                if gap * gap > best.distanceSquared { break }
            }
            forEachCell(onRing: ring, around: (cx, cy)) { index in
                for slot in cells[index] {
                    let dx = Int64(slot.x) - Int64(p.x), dy = Int64(slot.y) - Int64(p.y)
                    let d = dx * dx + dy * dy
                    guard d <= radiusSquared else { continue }
                    if let current = best, (current.distanceSquared, current.driver) <= (d, slot.driver) { continue }
                    best = (d, slot.driver)
                }
            }
        }
        return best.map { Int($0.driver) }
    }

    /// Calls `body` with the index of every cell of the map at Chebyshev distance `ring` from `center`.
    private func forEachCell(onRing ring: Int32, around center: (x: Int32, y: Int32), _ body: (Int) -> Void) {
        let left = max(center.x - ring, 0), right = min(center.x + ring, columns - 1)
        let top = center.y - ring, bottom = center.y + ring
        for y in max(top, 0)...min(bottom, rows - 1) {
            let row = Int(y * columns)
            if y == top || y == bottom {
                guard left <= right else { continue }
                for x in left...right where !cells[row + Int(x)].isEmpty { body(row + Int(x)) }
            } else {
                if center.x - ring >= 0, !cells[row + Int(center.x - ring)].isEmpty { body(row + Int(center.x - ring)) }
                if ring > 0, center.x + ring < columns, !cells[row + Int(center.x + ring)].isEmpty {
                    body(row + Int(center.x + ring))
                }
            }
        }
    }
}
