import DriverTrips
import EventLog
import OptimisticSync
import PlatformKit
import TripContract
import TripService

// `optimistic-bench`: how fast the sync engine stacks and rebases transforms, in a release build.
// Prints a markdown table: measure, value, target, whether the target is met.

/// A counter: the seed's simple transform.
enum BenchCounter: OptimisticDomain {
    struct State: Codable, Sendable, Equatable {
        var count = 0
    }
    static let namespace = "bench.counter"
    static let initialState = State()
    static let transforms = Transforms<State>().with("increment") { state, _ in state.count += 1 }
}

/// Best of `rounds` runs of `body`, in seconds per call of `body`.
func bestSeconds(rounds: Int = 5, _ body: () -> Void) -> Double {
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }
    return best
}

/// A client with `pending` unsent increments.
func client(pending: Int) -> OptimisticClient<BenchCounter> {
    var client = OptimisticClient<BenchCounter>(clientID: "driver-1", random: .seeded(1))
    for _ in 0..<pending { _ = try? client.submit("increment", at: .epoch) }
    _ = client.takeOutbox()
    return client
}

/// Seconds per rebase: a newer server state arrives under `pending` requests (event included).
func rebaseSeconds(pending: Int, rebases: Int) -> Double {
    var engine = client(pending: pending)
    var version: Int64 = 0
    let seconds = bestSeconds {
        for _ in 0..<rebases {
            version += 1
            engine.receivePush(ServerSnapshot(version: version, state: BenchCounter.State(count: Int(version))), at: .epoch)
            if version % 256 == 0 { _ = engine.takeOutbox() }
        }
    }
    precondition(engine.optimisticState.count == Int(version) + pending, "rebase result")
    return seconds / Double(rebases)
}

/// The size of `event`'s payload (0 if it cannot be encoded).
func encodedSize(_ event: any Event) -> Int {
    (try? event.encodedPayload())?.count ?? 0
}

/// Seconds per driver-trip operation: submit, send, server answer, confirm, and encoding both halves' events.
func tripCycleSeconds(trips: Int, encoding: Bool) -> Double {
    bestSeconds(rounds: 3) {
        var service = TripService()
        var app = OptimisticClient<TripSync>(clientID: "driver-1", random: .seeded(1))
        var now = Instant(millisecondsSinceEpoch: 1_800_000_000_000)
        var bytes = 0
        func step(_ action: (inout OptimisticClient<TripSync>) throws -> OptimisticRequest) {
            now = now.advanced(by: .seconds(90))
            _ = try? action(&app)
            for request in app.due(at: now) {
                app.receive(service.handle(SyncRequest(clientID: "driver-1", request: request)), for: request.id, at: now)
            }
            let outbox = app.takeOutbox()
            let serviceBytes = service.takeEvents().reduce(0) { $0 + encodedSize($1.event) }
            bytes += serviceBytes + (encoding ? outbox.events.reduce(0) { $0 + encodedSize($1) } : outbox.events.count)
        }
        step { try $0.goOnline(at: now) }
        for trip in 0..<trips {
            service.offer(trip: "trip-\(trip)", to: "driver-1", estimate: Money(minorUnits: 1_000, currency: .usd))
            step { try $0.accept(trip: "trip-\(trip)", at: now) }
            step { try $0.arrive(at: now) }
            step { try $0.beginTrip(at: now) }
            step { try $0.endTrip(at: now) }
            step { try $0.rateRider(stars: 5, at: now) }
        }
        precondition(service.snapshot(for: "driver-1").state.completedTrips == trips && bytes > 0, "trip cycle result")
    } / Double(trips * 5 + 1)
}

/// Seconds per transform when folding `pending` requests alone (no event, no publishing).
func foldSeconds(pending: Int, folds: Int) -> Double {
    let queue = client(pending: pending).state.pending
    var total = 0
    let seconds = bestSeconds {
        for _ in 0..<folds {
            var state = BenchCounter.State()
            BenchCounter.transforms.apply(queue[...], to: &state)
            total &+= state.count
        }
    }
    precondition(total > 0, "fold result")
    return seconds / Double(folds * pending)
}

/// Seconds per idle step: a driver with nothing queued asked what to send (what most simulation steps are).
func idleTickSeconds(ticks: Int) -> Double {
    var app = OptimisticClient<TripSync>(clientID: "driver-1", random: .seeded(1))
    var sent = 0
    let seconds = bestSeconds {
        for tick in 0..<ticks {
            sent += app.tick(at: Instant(millisecondsSinceEpoch: Int64(tick) * 1_000), isOnline: true).count
        }
    }
    precondition(sent == 0 && app.nextWakeUp == nil, "idle tick result")
    return seconds / Double(ticks)
}

let pendingLarge = 1_000
let perTransform = foldSeconds(pending: pendingLarge, folds: 2_000)
let perRebaseLarge = rebaseSeconds(pending: pendingLarge, rebases: 2_000)
let perRebaseSmall = rebaseSeconds(pending: 100, rebases: 20_000)
let perOperation = tripCycleSeconds(trips: 2_000, encoding: true)
let perOperationWithoutEncoding = tripCycleSeconds(trips: 2_000, encoding: false)
let perIdleTick = idleTickSeconds(ticks: 1_000_000)

func format(_ value: Double, decimals: Int = 1) -> String {
    let scale = Double((0..<decimals).reduce(1) { result, _ in result * 10 })
    let rounded = (value * scale).rounded() / scale
    return decimals == 0 ? String(Int(rounded)) : String(rounded)
}

print("| measure | value | target | met |")
print("|---|---|---|---|")
print("| transforms applied per second, \(pendingLarge) pending (rebase under all of them) | \(format(Double(pendingLarge) / perRebaseLarge / 1e6, decimals: 1)) M/s |  |  |")
print("| transforms applied per second, \(pendingLarge) pending (the fold alone) | \(format(1 / perTransform / 1e6, decimals: 1)) M/s |  |  |")
print("| rebase, \(pendingLarge) pending simple transforms | \(format(perRebaseLarge * 1e6)) µs |  |  |")
print("| rebase, 100 pending simple transforms | \(format(perRebaseSmall * 1e6, decimals: 2)) µs | < 50 µs | \(perRebaseSmall < 50e-6 ? "yes" : "no") |")
print("| driver-trip operation: submit, send, server, confirm, encode both halves' events | \(format(perOperation * 1e6, decimals: 2)) µs |  |  |")
print("| driver-trip operation, the same without encoding the app's events | \(format(perOperationWithoutEncoding * 1e6, decimals: 2)) µs |  |  |")
print("| idle step: a driver with nothing queued, `tick(at:isOnline:)` | \(format(perIdleTick * 1e9, decimals: 0)) ns |  |  |")
