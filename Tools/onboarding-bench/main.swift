import EventLog
import Foundation
import Onboarding
import OnboardingContract
import OnboardingHarness
import OnboardingService
import PlatformKit

// onboarding-bench: round trips per completed onboarding with batching on and off, per market and
// network, and the cost of driving one onboarding (client + back end + in-memory log) in release.

let users = Int(CommandLine.arguments.dropFirst().first ?? "") ?? 2_000
guard let directory = FlowFixtures.directory(near: FileManager.default.currentDirectoryPath) else {
    try? FileHandle.standardError.write(contentsOf: Data("onboarding-bench: run from the repository (no \(FlowFixtures.relativePath))\n".utf8))
    exit(1)
}
let flows = try FlowCatalog.load(directory: directory)

struct Networks {
    static let all: [(name: String, conditions: NetworkConditions)] = [
        ("good (20–80 ms)", NetworkConditions(latencyMilliseconds: 20...80)),
        ("poor (300–1500 ms, 10 % loss)", NetworkConditions(latencyMilliseconds: 300...1_500, lossProbability: 0.1)),
    ]
}

struct Measure {
    var completed = 0
    var roundTrips = 0
    var inputs = 0
    var virtualMilliseconds: Int64 = 0
    var events: Int64 = 0
    var seconds = 0.0
}

/// `users` new riders register, then each signs in again; 10 % of answered values are wrong once.
func measure(market: String, batching: Bool, conditions: NetworkConditions) throws -> Measure {
    let clock = VirtualClock(start: Instant(millisecondsSinceEpoch: 1_790_000_000_000))
    let log = InMemoryEventLog(clock: .virtual(clock))
    let random = RandomSource.seeded(2026)
    let backend = OnboardingBackend(flows: flows, log: log, random: random.fork("backend"))
    var result = Measure()
    let started = cpuNanoseconds()
    for round in 0..<2 {
        for number in 0..<users {
            let user = GeneratedUser(number: number, random: random.fork("user-\(number)-\(round)"), mistakeRate: 0.1)
            var dependency = AppDependency(market: market, clientID: "rider-\(number)")
            dependency.batching = batching
            let outcome = try OnboardingDriver.run(
                dependency, backend: backend, log: log, start: clock.now, random: random.fork("rider-\(number)-\(round)"),
                conditions: conditions, attemptID: "rider-\(number)-\(round)"
            ) { user.respond($0) }
            guard outcome.session != nil else { continue }
            result.completed += 1
            result.roundTrips += outcome.roundTrips
            result.inputs += outcome.steps
            result.virtualMilliseconds += clock.now.duration(to: outcome.finishedAt).components.seconds * 1_000
        }
    }
    result.seconds = Double(cpuNanoseconds() - started) / 1e9
    result.events = try log.lastSequence()
    return result
}

/// This thread's CPU time: robust to other processes sharing the cores.
func cpuNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func format(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }

print("Round trips per completed onboarding (\(users) registrations + \(users) sign-ins per row, 10 % of values wrong once)\n")
print("| market | network | batching | completed | round trips / onboarding | inputs / onboarding | virtual time / onboarding | saved by batching |")
print("|---|---|---|---|---|---|---|---|")
var cpuSeconds = 0.0
var onboardings = 0
var inputs = 0
var allBatchingSaves = true
for market in flows.markets {
    for network in Networks.all {
        let on = try measure(market: market, batching: true, conditions: network.conditions)
        let off = try measure(market: market, batching: false, conditions: network.conditions)
        for (batching, row) in [("on", on), ("off", off)] {
            let completed = Double(max(1, row.completed))
            let saved = batching == "on" ? format(100 * (1 - Double(on.roundTrips) / Double(max(1, off.roundTrips))), 0) + " %" : ""
            print("| \(market) | \(network.name) | \(batching) | \(row.completed)/\(2 * users) | \(format(Double(row.roundTrips) / completed)) | \(format(Double(row.inputs) / completed, 1)) | \(format(Double(row.virtualMilliseconds) / completed / 1_000, 1)) s | \(saved) |")
            cpuSeconds += row.seconds
            onboardings += row.completed
            inputs += row.inputs
        }
        allBatchingSaves = allBatchingSaves && on.roundTrips < off.roundTrips
    }
}
let perOnboarding = cpuSeconds / Double(max(1, onboardings)) * 1e6
let perInput = cpuSeconds / Double(max(1, inputs)) * 1e6
print("\n| measure | value | target | met |")
print("|---|---|---|---|")
print("| batching saves round trips in every market and network | \(allBatchingSaves ? "yes" : "no") | yes | \(allBatchingSaves ? "yes" : "no") |")
print("| CPU per completed onboarding, client + back end + in-memory log (all rows) | \(format(perOnboarding, 1)) µs | ≤ 200 µs | \(perOnboarding <= 200 ? "yes" : "no") |")
print("| CPU per user input (all rows) | \(format(perInput, 1)) µs | ≤ 50 µs | \(perInput <= 50 ? "yes" : "no") |")
