import Earnings
import EarningsPlatform
import Glibc
import PlatformKit
import RealtimeAPI

// earnings-bench: TrackerDataManager merge + validate + rank + route of 10 000 cards from 5 services.
// Each service sends 2 000 cards; 10 % of card IDs are shared between two services (merged by
// lastUpdatedAt), 5 % are expired and 2 % invalid. Then the simulation's per-trip cost: a completed
// trip through the back end, both services' pushes folded into the driver's tracker, and every
// event encoded for the log. Prints a markdown table.

let services: [TrackerService] = ["earnings", "incentives", "loyalty", "guarantee", "pro"]
let random = RandomSource.seeded(7)
let now = Instant(millisecondsSinceEpoch: 1_763_280_000_000)
let nowSeconds = now.millisecondsSinceEpoch / 1_000

func makeCard(_ index: Int) -> TrackerCard {
    let shared = index % 10 == 0
    let id = shared ? "shared-\(index / 20)" : "card-\(index)"
    let kind = index % 4
    let payload: TrackerCardPayload = switch kind {
    case 0: .dailyEarnings(TrackerDailyEarningsCard(title: "Today", formattedTotal: "$12.34", total: Money(minorUnits: 1_234, currency: .usd)))
    case 1: .recentTrips(TrackerRecentTripsCard(title: "Last trip", formattedTotal: "$9.10"))
    case 2: .dxgyProgress(TrackerDxGyProgressCard(title: "Quest", programID: "q", completedTrips: 3, targetTrips: 10))
    default: .dxgyCompletion(TrackerDxGyCompletionCard(title: "Quest", programID: "q"))
    }
    return TrackerCard(
        cardID: id, priority: Double(random.int(in: 0..<500)), isValid: index % 50 != 7, payload: payload,
        cardType: kind == 3 ? .bulletin : (kind == 1 ? .browseAndBulletin : .browse),
        expiresAt: index % 20 == 3 ? nowSeconds - 1 : nowSeconds + 3_600,
        lastUpdatedAt: nowSeconds - Int64(random.int(in: 0..<600)), statusModePriority: Double(random.int(in: 0..<100))
    )
}

let streams = services.enumerated().map { offset, service in
    TrackerCardStream(service: service, cards: (0..<2_000).map { makeCard(offset * 2_000 + $0) })
}
let manager = TrackerDataManager()
let clock = ContinuousClock()
var samples: [Duration] = []
var cpuSamples: [Duration] = []
var checksum = 0

/// This thread's CPU time: unlike wall time, it does not count the time other processes hold the core.
func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(Int64(time.tv_sec)) + .nanoseconds(Int64(time.tv_nsec))
}

for _ in 0..<5 { checksum &+= manager.modes(streams, now: now).browse.sortedValidItems.count }  // warm-up
for _ in 0..<50 {
    let start = clock.now
    let cpuStart = threadCPUTime()
    let modes = manager.modes(streams, now: now)
    cpuSamples.append(threadCPUTime() - cpuStart)
    samples.append(start.duration(to: clock.now))
    checksum &+= modes.browse.sortedValidItems.count &+ modes.excluded.count
}
samples.sort()
cpuSamples.sort()

func milliseconds(_ duration: Duration) -> String {
    let (seconds, attoseconds) = duration.components
    let micro = seconds * 1_000_000 + attoseconds / 1_000_000_000_000
    return "\(micro / 1_000).\(String(micro % 1_000 / 10).leftPadded(2)) ms"
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

// The simulation's per-trip cost: 20 000 trips over 1 000 drivers, events encoded (not stored).
var fleet = EarningsFleet()
let trips = 20_000
var eventCount = 0
let tripStart = clock.now
for trip in 0..<trips {
    let fare = Money(minorUnits: Int64(500 + trip % 4_000), currency: .usd)
    let instant = now.advanced(by: .seconds(Int64(trip * 3)))
    do {
        eventCount += try fleet.completeTrip(driverID: "driver-\(trip % 1_000)", tripID: "trip-\(trip)", fare: fare, at: instant).count
    } catch {
        print("trip \(trip) failed: \(error)")
    }
}
let tripTime = tripStart.duration(to: clock.now)
let perTrip = Double(tripTime.components.seconds) * 1e6 / Double(trips) + Double(tripTime.components.attoseconds) / 1e12 / Double(trips)

let modes = manager.modes(streams, now: now)
let median = samples[samples.count / 2]
print("| measure | value | target | met |")
print("|---|---|---|---|")
print("| merge + validate + rank + route, 10 000 cards from 5 services, wall time (median of 50) | \(milliseconds(median)) | < 10 ms | \(median < .milliseconds(10) ? "yes" : "no") |")
print("| same, thread CPU time (median of 50) | \(milliseconds(cpuSamples[cpuSamples.count / 2])) | < 10 ms | \(cpuSamples[cpuSamples.count / 2] < .milliseconds(10) ? "yes" : "no") |")
print("| same, wall time, best of 50 | \(milliseconds(samples[0])) | | |")
print("| same, wall time, worst of 50 | \(milliseconds(samples[samples.count - 1])) | | |")
print("| simulation: completeTrip → events encoded, 20 000 trips / 1 000 drivers | \(Int(perTrip)) µs per trip (\(Int(1e6 / perTrip)) trips/s, \(eventCount / trips).\(eventCount * 10 / trips % 10) events each) | informational | |")
print("")
print("Browse \(modes.browse.sortedValidItems.count) cards, Bulletin \(modes.bulletin.sortedValidItems.count), excluded \(modes.excluded.count) (checksum \(checksum)).")
