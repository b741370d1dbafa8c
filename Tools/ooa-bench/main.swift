import CommandLineSupport
import EventLog
import Foundation
import OOAService
import OutOfAppDSL
import PlatformKit

// ooa-bench: the OOA service holding every concurrent trip of a large city.
//
// Workload: `trips` concurrent trips (default 1 000 000), a snapshot of a city (40 % on the way
// to the pickup, 10 % arriving, 50 % on trip). Each trip pings its state about every
// 4 virtual seconds (ETA drifting with noise, the car moving ~40 m), changes phase
// (en_route → arriving → on_trip → completed) and, once completed, is replaced by a new trip,
// so the count stays constant. Updates are generated in chunks outside the timing; the timed
// loop is `OOAService.receive(_:into:)` (decisions are counted, not encoded to a log); a last
// row measures the normal path, where each decision is also encoded as a log event.
// Rates are per second of this thread's CPU time (one core), also shown per wall-clock second.
// Memory: resident set growth from before the service exists to after every trip is tracked
// and the stream has run, divided by the number of trips.

struct Arguments {
    var trips = 1_000_000
    var updates = 20_000_000
    var seed: UInt64 = 6

    init() {
        var iterator = CommandLine.arguments.dropFirst().makeIterator()
        while let flag = iterator.next() {
            guard let value = iterator.next(), let number = Int(value), number > 0 else { usage() }
            switch flag {
            case "--trips": trips = number
            case "--updates": updates = number
            case "--seed": seed = UInt64(number)
            default: usage()
            }
        }
    }

    func usage() -> Never {
        writeToStandardError("usage: ooa-bench [--trips N] [--updates N] [--seed N]\n")
        exit(1)
    }
}

/// The trip service's side: each trip's true state, advanced one ping at a time.
struct City {
    var ids: [String]
    var riders: [String]
    var phases: [TripPhase]
    var etas: [Int32]
    var latitudes: [Double]
    var longitudes: [Double]
    var nextTrip: Int
    var state: UInt64

    init(trips: Int, seed: UInt64) {
        ids = (0..<trips).map { "trip-\($0)" }
        riders = (0..<trips).map { "rider-\($0)" }
        phases = Array(repeating: .enRoute, count: trips)
        etas = Array(repeating: 0, count: trips)
        latitudes = Array(repeating: 37.7749, count: trips)
        longitudes = Array(repeating: -122.4194, count: trips)
        nextTrip = trips
        state = seed | 1
        // A snapshot of a city: 40 % of trips on the way to the pickup, 10 % arriving, 50 % on trip.
        for trip in 0..<trips {
            let mix = random(10)
            phases[trip] = mix < 4 ? .enRoute : (mix < 5 ? .arriving : .onTrip)
            etas[trip] = Int32(phases[trip] == .arriving ? random(120) : random(1_800))
            latitudes[trip] += Double(random(20_000)) * 1e-5
            longitudes[trip] += Double(random(20_000)) * 1e-5
        }
    }

    mutating func random(_ bound: Int) -> Int {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return Int(state % UInt64(bound))
    }

    func change(_ trip: Int, at time: Int64) -> TripStateChange {
        TripStateChange(
            tripID: ids[trip], riderID: riders[trip], phase: phases[trip], etaSeconds: Int(etas[trip]),
            location: Location(latitude: latitudes[trip], longitude: longitudes[trip]),
            time: Instant(millisecondsSinceEpoch: time)
        )
    }

    /// One ping of a random trip: mostly small drifts, sometimes a phase change or the end.
    mutating func ping(at time: Int64) -> TripStateChange {
        let trip = random(ids.count)
        switch phases[trip] {
        case .completed, .canceled:
            ids[trip] = "trip-\(nextTrip)"
            riders[trip] = "rider-\(nextTrip)"
            nextTrip += 1
            phases[trip] = .enRoute
            etas[trip] = Int32(120 + random(900))
        case .enRoute where etas[trip] < 60:
            phases[trip] = .arriving
        case .arriving where random(8) == 0:
            phases[trip] = .onTrip
            etas[trip] = Int32(300 + random(1_500))
        case .onTrip where etas[trip] < 5:
            phases[trip] = random(50) == 0 ? .canceled : .completed
        default:
            etas[trip] = max(0, etas[trip] - 4 + Int32(random(7)) - 3)
            latitudes[trip] += Double(random(80) - 40) * 1e-5 * 0.5
            longitudes[trip] += Double(random(80) - 40) * 1e-5 * 0.5
        }
        return change(trip, at: time)
    }
}

func residentBytes() -> Int { ProcessMemory.residentBytes }

/// Time spent: on the wall, and on this thread's CPU (what "one core" means on a shared machine).
struct Spent {
    var wall = 0.0
    var cpu = 0.0

    static func measuring(_ body: () -> Void) -> Spent {
        let wallStart = ContinuousClock.now
        let cpuStart = threadCPUSeconds()
        body()
        let wall = wallStart.duration(to: .now)
        return Spent(wall: Double(wall.components.seconds) + Double(wall.components.attoseconds) / 1e18, cpu: threadCPUSeconds() - cpuStart)
    }

    static func += (lhs: inout Spent, rhs: Spent) {
        lhs.wall += rhs.wall
        lhs.cpu += rhs.cpu
    }

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

let arguments = Arguments()
var city = City(trips: arguments.trips, seed: arguments.seed)
let chunkSize = 100_000
var chunk: [TripStateChange] = []
chunk.reserveCapacity(chunkSize)
var decisions: [OOADecision] = []
// The bench's own buffers are filled once before the baseline, so their pages are not counted.
for trip in 0..<chunkSize { chunk.append(city.change(trip % arguments.trips, at: 0)) }
decisions = Array(repeating: OOADecision(tripID: "trip-0", time: .epoch, outcome: .dropped(.insignificant)), count: chunkSize * 2)
chunk.removeAll(keepingCapacity: true)
decisions.removeAll(keepingCapacity: true)
let baseline = residentBytes()

// Each trip pings about every 4 virtual seconds.
let pingsPerMillisecond = max(1, arguments.trips / 4_000)
var service = OOAService()
// Every trip starts its activity, at the stream's pace.
var startSpent = Spent()
var time: Int64 = 1_790_000_000_000
for first in stride(from: 0, to: arguments.trips, by: chunkSize) {
    chunk.removeAll(keepingCapacity: true)
    for trip in first..<min(arguments.trips, first + chunkSize) {
        chunk.append(city.change(trip, at: time))
        if trip % pingsPerMillisecond == 0 { time += 1 }
    }
    startSpent += .measuring {
        for change in chunk { service.receive(change, into: &decisions) }
    }
    decisions.removeAll(keepingCapacity: true)
}

var streamSpent = Spent()
var evaluated = 0
var tally = (pushes: 0, held: 0, throttled: 0, dropped: 0)
var subStep: Int64 = 0
while evaluated < arguments.updates {
    chunk.removeAll(keepingCapacity: true)
    for _ in 0..<min(chunkSize, arguments.updates - evaluated) {
        subStep += 1
        if subStep % Int64(pingsPerMillisecond) == 0 { time += 1 }
        chunk.append(city.ping(at: time))
    }
    streamSpent += .measuring {
        for change in chunk { service.receive(change, into: &decisions) }
    }
    evaluated += chunk.count
    for decision in decisions {
        switch decision.outcome {
        case .pushed: tally.pushes += 1
        case .debounced, .coalesced: tally.held += 1
        case .throttled: tally.throttled += 1
        case .dropped: tally.dropped += 1
        }
    }
    decisions.removeAll(keepingCapacity: true)
}
let grown = residentBytes() - baseline

// The normal path on 1 000 000 more updates: every decision encoded as a log event (not appended).
var encodedEvents = 0
var encodedBytes = 0
var encodingSpent = Spent()
for _ in 0..<10 {
    chunk.removeAll(keepingCapacity: true)
    for _ in 0..<chunkSize {
        subStep += 1
        if subStep % Int64(pingsPerMillisecond) == 0 { time += 1 }
        chunk.append(city.ping(at: time))
    }
    encodingSpent += .measuring {
        for change in chunk { service.receive(change, into: &decisions) }
        for decision in decisions {
            if let payload = try? decision.event.encodedPayload() { encodedBytes += payload.count }
        }
    }
    encodedEvents += decisions.count
    decisions.removeAll(keepingCapacity: true)
}
let encodingRate = Double(10 * chunkSize) / encodingSpent.cpu
let perTrip = Double(grown) / Double(service.trackedTrips)
let rate = Double(evaluated) / streamSpent.cpu
let wallRate = Double(evaluated) / streamSpent.wall
let startRate = Double(arguments.trips) / startSpent.cpu
let counters = service.counters
let virtualSeconds = Double(time - 1_790_000_000_000) / 1_000

func grouped(_ value: Int) -> String {
    let digits = String(value)
    var result = ""
    for (index, character) in digits.enumerated() {
        if index > 0, (digits.count - index) % 3 == 0 { result += " " }
        result.append(character)
    }
    return result
}

print("""
| measure | value | target | met |
|---|---|---|---|
| updates evaluated per second of one core's CPU time (\(grouped(evaluated)) updates over \(grouped(service.trackedTrips)) trips) | \(grouped(Int(rate)))/s | ≥ 1 000 000/s | \(rate >= 1_000_000 ? "yes" : "no") |
| the same per wall-clock second (shared machine: load from other processes counts here) | \(grouped(Int(wallRate)))/s |  |  |
| activity starts per second (first change of each trip) | \(grouped(Int(startRate)))/s |  |  |
| updates per second with every decision encoded as an event (\(grouped(encodedEvents)) events, \(encodedBytes / max(1, encodedEvents)) bytes each) | \(grouped(Int(encodingRate)))/s |  |  |
| service memory per tracked trip (RSS growth \(grouped(grown / 1_048_576)) MB / trips) | \(Int(perTrip)) bytes | < 200 bytes | \(perTrip < 200 ? "yes" : "no") |

Stream: \(String(format: "%.0f", virtualSeconds)) virtual seconds; decisions: \(grouped(tally.pushes)) pushes, \
\(grouped(tally.held)) held (debounced or coalesced), \(grouped(tally.throttled)) throttled, \(grouped(tally.dropped)) dropped; \
service totals: \(grouped(counters.changesIn)) changes in, \(grouped(counters.pushesOut)) pushes out, \
\(grouped(counters.coalesced)) coalesced, \(grouped(counters.ended)) ended.
""")
