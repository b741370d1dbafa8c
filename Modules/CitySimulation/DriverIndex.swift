/// Free drivers bucketed by 1 km cell, for nearest-driver matching without scanning the fleet.
struct DriverIndex {
    private let cellSize: Int32 = 1_000
    private let columns: Int32
    private let rows: Int32
    private var cells: [[Int]]
    /// For each driver in the index: its cell and slot in that cell.
    private var location: [Int: (cell: Int, slot: Int)] = [:]

    init(width: Int32, height: Int32) {
        columns = width / cellSize + 1
        rows = height / cellSize + 1
        cells = Array(repeating: [], count: Int(columns * rows))
    }

    var count: Int { location.count }

    private func cell(of p: Position) -> (Int32, Int32) {
        (min(max(p.x / cellSize, 0), columns - 1), min(max(p.y / cellSize, 0), rows - 1))
    }

    mutating func insert(_ driver: Int, at p: Position) {
        let (cx, cy) = cell(of: p)
        let index = Int(cy * columns + cx)
        location[driver] = (index, cells[index].count)
        cells[index].append(driver)
    }

    mutating func remove(_ driver: Int) {
        guard let (index, slot) = location.removeValue(forKey: driver) else { return }
        let last = cells[index].removeLast()
        if last != driver {
            cells[index][slot] = last
            location[last] = (index, slot)
        }
    }

    /// The free driver nearest to `p` within `radius` metres (ties: lowest number), if any.
    func nearest(to p: Position, within radius: Int32, positions: [Position]) -> Int? {
        let (cx, cy) = cell(of: p)
        let reach = radius / cellSize + 1
        var best: (distance: Double, driver: Int)?
        for ring in 0...reach {
            if let best, Double((ring - 1) * cellSize) > best.distance { break }
            for y in (cy - ring)...(cy + ring) where y >= 0 && y < rows {
                for x in (cx - ring)...(cx + ring) where x >= 0 && x < columns {
                    guard abs(x - cx) == ring || abs(y - cy) == ring else { continue }
                    for driver in cells[Int(y * columns + x)] {
                        let d = positions[driver].distance(to: p)
                        guard d <= Double(radius) else { continue }
                        if let current = best, (current.distance, current.driver) <= (d, driver) { continue }
                        best = (d, driver)
                    }
                }
            }
        }
        return best?.driver
    }
}
