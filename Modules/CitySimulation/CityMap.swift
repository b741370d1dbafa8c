import PlatformKit

/// A point in the city, in metres from its south-west corner.
struct Position: Hashable, Codable, Sendable {
    var x: Int32
    var y: Int32

    func distance(to other: Position) -> Double {
        let dx = Double(other.x - x), dy = Double(other.y - y)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// The point `fraction` of the way to `other`.
    func interpolated(to other: Position, fraction: Double) -> Position {
        Position(
            x: x + Int32((Double(other.x - x) * fraction).rounded()),
            y: y + Int32((Double(other.y - y) * fraction).rounded())
        )
    }
}

/// The city: its size, its streets' average speed and its dark spots (no mobile coverage).
struct CityMap: Sendable {
    /// An area without coverage, e.g. an airport curb or a tunnel.
    struct DarkSpot: Sendable {
        var name: String
        var minX: Int32, minY: Int32, maxX: Int32, maxY: Int32

        func contains(_ p: Position) -> Bool { p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY }
        var center: Position { Position(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }
    }

    var width: Int32 = 10_000
    var height: Int32 = 10_000
    /// Metres per second on average, in traffic.
    var speed: Double = 8
    var darkSpots: [DarkSpot] = [
        DarkSpot(name: "airport-curb", minX: 8_500, minY: 8_800, maxX: 9_800, maxY: 9_300),
        DarkSpot(name: "harbour-tunnel", minX: 2_000, minY: 4_900, maxX: 6_000, maxY: 5_100),
        DarkSpot(name: "station-underpass", minX: 4_800, minY: 1_000, maxX: 5_200, maxY: 3_500),
    ]

    func hasCoverage(at p: Position) -> Bool { !darkSpots.contains { $0.contains(p) } }

    /// A random point; `darkSpotShare` of points are drawn inside a dark spot (pickups at the airport…).
    func randomPosition(_ random: RandomSource, darkSpotShare: Double = 0.12) -> Position {
        if random.bool(probability: darkSpotShare), !darkSpots.isEmpty {
            let spot = darkSpots[random.int(in: 0..<darkSpots.count)]
            return Position(
                x: Int32(random.int(in: Int(spot.minX)..<Int(spot.maxX) + 1)),
                y: Int32(random.int(in: Int(spot.minY)..<Int(spot.maxY) + 1))
            )
        }
        return Position(x: Int32(random.int(in: 0..<Int(width))), y: Int32(random.int(in: 0..<Int(height))))
    }

    /// The closest point with coverage: `p` itself, or just past the edge of its dark spot.
    func nearestCovered(to p: Position) -> Position {
        guard let spot = darkSpots.first(where: { $0.contains(p) }) else { return p }
        let exits = [
            Position(x: spot.minX - 50, y: p.y), Position(x: spot.maxX + 50, y: p.y),
            Position(x: p.x, y: spot.minY - 50), Position(x: p.x, y: spot.maxY + 50),
        ].filter { $0.x >= 0 && $0.y >= 0 && $0.x <= width && $0.y <= height && hasCoverage(at: $0) }
        return exits.min { $0.distance(to: p) < $1.distance(to: p) } ?? Position(x: 0, y: 0)
    }

    /// Driving time between two points, at least one second.
    func travelTime(from a: Position, to b: Position) -> Duration {
        .milliseconds(max(1_000, Int64(a.distance(to: b) * 1.3 / speed * 1_000)))
    }
}
