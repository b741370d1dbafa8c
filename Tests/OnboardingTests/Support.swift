import EventLog
import Onboarding
import OnboardingContract
import OnboardingHarness
import OnboardingService
import PlatformKit
import XCTest

let flows: FlowCatalog = {
    do {
        return try FlowCatalog.load(directory: FlowFixtures.directory(near: #filePath) ?? "fixtures/onboarding/flows")
    } catch {
        XCTFail("fixtures do not load: \(error)")
        return FlowCatalog([])
    }
}()

/// One back end and log, and helpers to run users through the client framework.
final class World {
    let clock = VirtualClock(start: Instant(millisecondsSinceEpoch: 1_790_000_000_000))
    let log: InMemoryEventLog
    let backend: OnboardingBackend
    let random: RandomSource

    init(seed: UInt64 = 11) {
        log = InMemoryEventLog(clock: .virtual(clock))
        random = .seeded(seed)
        backend = OnboardingBackend(flows: flows, log: log, random: random.fork("backend"))
    }

    func dependency(_ market: String = "us", client: String = "rider-1", batching: Bool = true) -> AppDependency {
        var dependency = AppDependency(market: market, clientID: client)
        dependency.batching = batching
        return dependency
    }

    /// Runs `script` (the `Script` text format) for `dependency`.
    func run(_ script: String, _ dependency: AppDependency, conditions: NetworkConditions = .perfect, encodes: Bool = true) throws -> OnboardingOutcome {
        var user = ScriptedUser(try Script.parse(script, file: "test"))
        return try OnboardingDriver.run(
            dependency, backend: backend, log: log, start: clock.now, random: random.fork(dependency.clientID),
            conditions: conditions, encodesMessages: encodes
        ) { try user.respond($0) }
    }

    /// An active Orchestrator for `dependency`, to drive step by step.
    func orchestrator(_ dependency: AppDependency) throws -> Orchestrator {
        let entry = try Entry(dependency: dependency, log: log)
        let link = ServiceLink(transport: backend.transport(random: random.fork("net"), encodesMessages: true), now: clock.now, random: random)
        return try entry.activate(link: link)
    }

    func types() throws -> [String] { try log.events().map(\.type) }

    func decoded<E: Event>(_ type: E.Type) throws -> [E] {
        try log.events(EventQuery(types: [E.eventType])).map { try BinaryDecoder().decode(E.self, from: $0.payload) }
    }
}

let registerScript = """
mobileNumber: +14155550123
oneTimeCode: {code}
firstName: Ada
lastName: Lovelace
email: ada@example.com
password: analytical1engine
termsAccepted: yes
"""
