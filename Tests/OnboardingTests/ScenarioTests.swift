import EventLog
import Onboarding
import OnboardingContract
import OnboardingHarness
import OnboardingService
import PlatformKit
import XCTest

/// The seed's scenarios end to end: client framework + back end over the in-process transport.
final class ScenarioTests: XCTestCase {
    func test_newNumber_registers() throws {
        let world = World()
        let outcome = try world.run(registerScript, world.dependency())
        XCTAssertEqual(outcome.session?.scenario, .register)
        XCTAssertEqual(outcome.roundTrips, 2, "the entry answer, then one batched answer")
        XCTAssertEqual(outcome.steps, 6, "mobile, code, name, email, password, terms")
        let types = try world.types()
        for expected in [WelcomeChosen.eventType, EntryActivated.eventType, InfoStepsBuilt.eventType, QuestionSent.eventType,
                         AnswerAccepted.eventType, ScenarioChanged.eventType, AccountCreated.eventType, SessionIssued.eventType,
                         ConfigureStepsChosen.eventType, SessionDelivered.eventType] {
            XCTAssertTrue(types.contains(expected), "no \(expected) in \(types)")
        }
    }

    func test_knownNumber_signsIn() throws {
        let world = World()
        _ = try world.run(registerScript, world.dependency())
        let outcome = try world.run("mobileNumber: +1 415 555 0123\noneTimeCode: {code}\npassword: analytical1engine", world.dependency(client: "rider-2"))
        XCTAssertEqual(outcome.session?.scenario, .signIn)
        XCTAssertEqual(outcome.session?.accountID, "account-1")
    }

    func test_signIn_forgotPassword_recovery() throws {
        let world = World()
        _ = try world.run(registerScript, world.dependency())
        let script = """
        mobileNumber: +14155550123
        oneTimeCode: {code}
        password: @forgotPassword
        oneTimeCode: {code}
        password: difference2engine
        """
        let outcome = try world.run(script, world.dependency(client: "rider-2"))
        XCTAssertEqual(outcome.session?.scenario, .accountRecovery)
        let changes = try world.decoded(ScenarioChanged.self).map { "\($0.from.rawValue)→\($0.to.rawValue)" }
        XCTAssertEqual(changes, ["entry→register", "entry→signIn", "signIn→accountRecovery"])
        let again = try world.run("mobileNumber: +14155550123\noneTimeCode: {code}\npassword: difference2engine", world.dependency(client: "rider-3"))
        XCTAssertEqual(again.session?.scenario, .signIn, "the new password signs in")
    }

    func test_threeErrorsAtOnce_oneReply_sequenceRewindsToTheEarliestStepInError() throws {
        let world = World()
        let orchestrator = try world.orchestrator(world.dependency())
        try orchestrator.submit(.values([.mobileNumber: "+14155550123"]))
        XCTAssertEqual(orchestrator.sequence.infoSteps.map(\.dataTypes), [[.mobileNumber], [.oneTimeCode], [.firstName, .lastName], [.email], [.password], [.termsAccepted]])
        let code = try XCTUnwrap(world.backend.lastCode(for: orchestrator.attemptID)?.code)
        let wrong = String(code.reversed()) == code ? "9999" : String(code.reversed())
        for values: [DataType: String] in [[.oneTimeCode: wrong], [.firstName: "Ada", .lastName: "Lovelace"], [.email: "ada-at-example"], [.password: "short"], [.termsAccepted: "yes"]] {
            try orchestrator.submit(.values(values))
        }
        XCTAssertEqual(orchestrator.link.roundTrips, 2)
        let step = try XCTUnwrap(orchestrator.currentStep)
        XCTAssertEqual(step.dataTypes, [.oneTimeCode], "rewound to the earliest step in error")
        XCTAssertEqual(orchestrator.sequence.index, 1, "the entry step stays mapped before the batch")
        XCTAssertEqual(orchestrator.sequence.infoSteps.map { $0.errors.map(\.code) }, [[], ["oneTimeCode.incorrect"], [], ["email.invalidFormat"], ["password.tooShort"], []])
        XCTAssertEqual(try world.decoded(AnswerRejected.self).last?.errors.count, 3)

        try orchestrator.submit(.values([.oneTimeCode: code]))
        XCTAssertEqual(orchestrator.currentStep?.dataTypes, [.firstName, .lastName], "then forward through the batch")
        for values: [DataType: String] in [[.firstName: "Ada", .lastName: "Lovelace"], [.email: "ada@example.com"], [.password: "analytical1engine"], [.termsAccepted: "yes"]] {
            try orchestrator.submit(.values(values))
        }
        guard case .finished(let session) = orchestrator.state else { return XCTFail("no session: \(orchestrator.state)") }
        XCTAssertEqual(session.scenario, .register)
        XCTAssertEqual(orchestrator.link.roundTrips, 3)
    }

    func test_noAnswerIsFormed_whenNothingDirty() throws {
        let world = World()
        let orchestrator = try world.orchestrator(world.dependency("in"))
        try orchestrator.submit(.values([.mobileNumber: "+919876543210"]))
        try orchestrator.submit(.values([.oneTimeCode: "000000" == world.backend.lastCode(for: orchestrator.attemptID)?.code ? "111111" : "000000"]))
        XCTAssertEqual(orchestrator.currentStep?.errors.map(\.code), ["oneTimeCode.incorrect"])
        let trips = orchestrator.link.roundTrips
        try orchestrator.submit(.values([.oneTimeCode: orchestrator.info.values[.oneTimeCode] ?? ""]))
        XCTAssertEqual(orchestrator.link.roundTrips, trips, "the same value again is not sent")
        XCTAssertEqual(orchestrator.currentStep?.dataTypes, [.oneTimeCode])
        XCTAssertEqual(try world.types().last, AnswerWithheld.eventType)
    }

    func test_lossyNetwork_stillOnboards_andNothingIsAppliedTwice() throws {
        let world = World(seed: 3)
        let outcome = try world.run(registerScript, world.dependency(), conditions: NetworkConditions(latencyMilliseconds: 50...400, lossProbability: 0.3))
        XCTAssertEqual(outcome.session?.scenario, .register)
        XCTAssertGreaterThan(outcome.roundTrips, 2, "with this seed some messages are lost and retried")
        XCTAssertEqual(try world.decoded(AccountCreated.self).count, 1)
        XCTAssertEqual(try world.decoded(AnswerAccepted.self).count, 2)
    }

    func test_outage_failsTheAttempt_andEntryGoesBackToWelcome() throws {
        let world = World()
        let outage = NetworkConditions(outages: [.init(start: .epoch, end: Instant(millisecondsSinceEpoch: .max))])
        let outcome = try world.run(registerScript, world.dependency(), conditions: outage)
        guard case .failure(let error) = outcome.result else { return XCTFail("onboarded through an outage") }
        XCTAssertEqual(error.code, "transport.failed")
        XCTAssertEqual(outcome.roundTrips, 5)
        XCTAssertTrue(try world.types().contains(EntryDeactivated.eventType))
    }

    func test_sameSeed_sameLog() throws {
        func payloads() throws -> [[UInt8]] {
            let world = World(seed: 5)
            _ = try world.run(registerScript, world.dependency(), conditions: NetworkConditions(latencyMilliseconds: 10...90, lossProbability: 0.2))
            return try world.log.events().map(\.payload)
        }
        XCTAssertEqual(try payloads(), try payloads())
    }

    func test_attempts_interleave_stepByStep_inOneLog() throws {
        let world = World()
        let riders = try (1...3).map { number in
            try OnboardingAttempt(world.dependency(client: "rider-\(number)"), backend: world.backend, log: world.log,
                                  start: world.clock.now, random: world.random.fork("rider-\(number)"), attemptID: "rider-\(number)")
        }
        let users = (1...3).map { GeneratedUser(number: $0, random: world.random) }
        var instant = world.clock.now
        while riders.contains(where: { $0.prompt != nil }) {
            for (rider, user) in zip(riders, users) {
                guard let prompt = rider.prompt else { continue }
                instant = instant.advanced(by: .seconds(1))
                try rider.submit(user.respond(prompt), at: instant)
            }
        }
        XCTAssertEqual(riders.map { $0.outcome.session?.accountID }, ["account-1", "account-2", "account-3"])
        XCTAssertEqual(riders.map(\.outcome.roundTrips), [2, 2, 2])
        let streams = Set(try world.log.events().map(\.streamID))
        XCTAssertTrue(streams.isSuperset(of: ["onboarding-rider-1", "onboarding-client-rider-2", "onboarding-account-account-3"]), "\(streams)")
    }

    /// A user who gives up does so when their next input was due, and the attempt ends then.
    func test_advance_abandonsAfterMaxSteps_atTheTimeGiven() throws {
        let world = World()
        let attempt = try OnboardingAttempt(world.dependency(client: "rider-1"), backend: world.backend, log: world.log,
                                            start: world.clock.now, random: world.random.fork("rider-1"), attemptID: "rider-1")
        let user = GeneratedUser(number: 1, random: world.random)
        let first = attempt.now.advanced(by: OnboardingDriver.defaultThinkTime)
        XCTAssertTrue(try OnboardingDriver.advance(attempt, at: first, maxSteps: 1) { user.respond($0) })
        let giveUp = attempt.now.advanced(by: .seconds(40))
        XCTAssertFalse(try OnboardingDriver.advance(attempt, at: giveUp, maxSteps: 1) { user.respond($0) })
        XCTAssertEqual(attempt.steps, 1)
        XCTAssertEqual(attempt.outcome.finishedAt, giveUp)
        XCTAssertNil(attempt.outcome.session)
    }

    func test_batching_savesRoundTrips_inEveryMarket() throws {
        for market in flows.markets {
            func trips(_ batching: Bool) throws -> Int {
                let world = World()
                let user = GeneratedUser(number: 7, random: world.random)
                var dependency = world.dependency(market, batching: batching)
                dependency.defaultWelcome = Welcome(id: "app.welcome", firstQuestion: .entry([.mobileNumber]))
                let outcome = try OnboardingDriver.run(dependency, backend: world.backend, log: world.log, start: world.clock.now, random: world.random) { user.respond($0) }
                XCTAssertEqual(outcome.session?.scenario, .register, market)
                return outcome.roundTrips
            }
            XCTAssertLessThan(try trips(true), try trips(false), market)
        }
    }
}
