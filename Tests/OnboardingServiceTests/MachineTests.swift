import EventLog
import OnboardingContract
import OnboardingService
import PlatformKit
import XCTest

final class MachineTests: XCTestCase {
    let mobile = "+14155550123"
    let password = "correct7horse"

    func registered(_ h: Harness, attempt: String = "a1", mobile: String? = nil) throws -> Session {
        let q1 = try XCTUnwrap(h.question(h.answer(attempt, Question.entryID, [.mobileNumber: mobile ?? self.mobile])))
        let reply = h.answer(attempt, q1.id, [
            .oneTimeCode: h.lastCode, .firstName: "Ada", .lastName: "Lovelace", .email: "ada@example.com",
            .password: password, .termsAccepted: "yes",
        ])
        guard case .session(let session) = reply else { throw XCTSkip("expected a session, got \(reply)") }
        return session
    }

    func test_newNumber_registers_inOneBatchedQuestion() throws {
        let h = Harness()
        let q1 = try XCTUnwrap(h.question(h.answer("a1", Question.entryID, [.mobileNumber: "+1 415 555 0123"])))
        XCTAssertEqual(q1.scenario, .register)
        XCTAssertEqual(q1.dataTypes, [.oneTimeCode, .firstName, .lastName, .email, .password, .termsAccepted])
        XCTAssertEqual(q1.steps.count, 5, "name is one step, the others one step each")
        XCTAssertEqual(h.codes.count, 1)
        XCTAssertEqual(h.codes[0].destination, mobile)
        let session = try registered(Harness())
        XCTAssertEqual(session.scenario, .register)
        XCTAssertEqual(session.accountID, "account-1")
    }

    func test_knownNumber_signsIn_andScenarioChangesAreLogged() throws {
        let h = Harness()
        _ = try registered(h)
        let q1 = try XCTUnwrap(h.question(h.answer("a2", Question.entryID, [.mobileNumber: mobile])))
        XCTAssertEqual(q1.scenario, .signIn)
        XCTAssertEqual(q1.dataTypes, [.oneTimeCode, .password])
        XCTAssertEqual(Set(q1.alternates.map(\.id)), ["voiceCall", "forgotPassword"])
        guard case .session(let session) = h.answer("a2", q1.id, [.oneTimeCode: h.lastCode, .password: password]) else { return XCTFail("no session") }
        XCTAssertEqual(session, Session(accountID: "account-1", token: session.token, scenario: .signIn))
        XCTAssertEqual(h.service.state.accounts["account-1"]?.sessions, 2)
        let changes = try h.log.events(EventQuery(types: [ScenarioChanged.eventType])).map { try BinaryDecoder().decode(ScenarioChanged.self, from: $0.payload) }
        XCTAssertEqual(changes.map(\.to), [.register, .signIn])
        XCTAssertEqual(changes.map(\.reason), ["new mobileNumber", "known mobileNumber"])
    }

    func test_signIn_forgotPassword_recovers_andTheNewPasswordSignsIn() throws {
        let h = Harness()
        _ = try registered(h)
        let q1 = try XCTUnwrap(h.question(h.answer("a2", Question.entryID, [.mobileNumber: mobile])))
        let q2 = try XCTUnwrap(h.question(h.answer("a2", q1.id, alternate: "forgotPassword")))
        XCTAssertEqual(q2.scenario, .accountRecovery)
        XCTAssertEqual(q2.dataTypes, [.oneTimeCode, .password])
        XCTAssertEqual(h.codes.count, 3, "recovery sends a fresh code")
        guard case .session(let session) = h.answer("a2", q2.id, [.oneTimeCode: h.lastCode, .password: "brand9newpass"]) else { return XCTFail("no session") }
        XCTAssertEqual(session.scenario, .accountRecovery)

        let q3 = try XCTUnwrap(h.question(h.answer("a3", Question.entryID, [.mobileNumber: mobile])))
        let old = h.answer("a3", q3.id, [.oneTimeCode: h.lastCode, .password: password])
        XCTAssertEqual(errorCodes(old), ["password.incorrect"])
        guard case .session = h.answer("a3", q3.id, [.oneTimeCode: h.lastCode, .password: "brand9newpass"]) else { return XCTFail("new password refused") }
    }

    func test_threeBadFields_giveThreeErrors_inOneReply_eachNamingItsType() throws {
        let h = Harness()
        let q1 = try XCTUnwrap(h.question(h.answer("a1", Question.entryID, [.mobileNumber: mobile])))
        let reply = h.answer("a1", q1.id, [
            .oneTimeCode: "0000" == h.lastCode ? "1111" : "0000", .firstName: "Ada", .lastName: "Lovelace",
            .email: "ada-at-example", .password: "short", .termsAccepted: "yes",
        ])
        guard case .errors(let question, let errors) = reply else { return XCTFail("expected errors, got \(reply)") }
        XCTAssertEqual(question.id, q1.id)
        XCTAssertEqual(errors.map(\.code), ["oneTimeCode.incorrect", "email.invalidFormat", "password.tooShort"])
        XCTAssertEqual(errors.map(\.dataType), [.oneTimeCode, .email, .password])
        XCTAssertTrue(errors.allSatisfy { !$0.message.isEmpty })
    }

    func test_missingAndMalformedEntry_areErrors_notSilentlyAccepted() throws {
        let h = Harness()
        XCTAssertEqual(errorCodes(h.answer("a1", Question.entryID, [:])), ["entry.missing"])
        XCTAssertEqual(errorCodes(h.answer("a1", Question.entryID, [.mobileNumber: "0415"])), ["mobileNumber.invalidFormat"])
        XCTAssertEqual(errorCodes(h.answer("a1", Question.entryID, [.mobileNumber: "+1", .email: "a@b.co"])), ["entry.missing"])
        XCTAssertNotNil(h.question(h.answer("a1", Question.entryID, [.email: "a@b.co"])))
    }

    func test_wrongCodes_lockTheAttempt_afterMaxTries() throws {
        let h = Harness()
        let q1 = try XCTUnwrap(h.question(h.answer("a1", Question.entryID, [.mobileNumber: mobile], market: "in")))
        XCTAssertEqual(q1.dataTypes, [.oneTimeCode], "in does not batch the code step")
        let wrong = h.lastCode == "000000" ? "111111" : "000000"
        for _ in 1..<5 { XCTAssertEqual(errorCodes(h.answer("a1", q1.id, [.oneTimeCode: wrong], market: "in")), ["oneTimeCode.incorrect"]) }
        guard case .failed(let error) = h.answer("a1", q1.id, [.oneTimeCode: wrong], market: "in") else { return XCTFail("not locked") }
        XCTAssertEqual(error.code, "oneTimeCode.locked")
        guard case .failed(let after) = h.answer("a1", q1.id, [.oneTimeCode: h.lastCode], market: "in") else { return XCTFail("a locked attempt answered") }
        XCTAssertEqual(after.code, "attempt.finished", "even the right code is refused once locked")
    }

    func test_wrongPasswords_lockTheSignIn() throws {
        let h = Harness()
        _ = try registered(h)
        let q1 = try XCTUnwrap(h.question(h.answer("a2", Question.entryID, [.mobileNumber: mobile])))
        XCTAssertEqual(errorCodes(h.answer("a2", q1.id, [.oneTimeCode: h.lastCode, .password: "guess1guess"])), ["password.incorrect"])
        XCTAssertEqual(errorCodes(h.answer("a2", q1.id, [.oneTimeCode: h.lastCode, .password: "guess2guess"])), ["password.incorrect"])
        guard case .failed(let error) = h.answer("a2", q1.id, [.oneTimeCode: h.lastCode, .password: "guess3guess"]) else { return XCTFail("not locked") }
        XCTAssertEqual(error.code, "password.locked")
    }

    func test_codes_expire_andVoiceCallSendsAFreshOne() throws {
        let h = Harness()
        let q1 = try XCTUnwrap(h.question(h.answer("a1", Question.entryID, [.mobileNumber: mobile], market: "in")))
        let first = h.lastCode
        h.clock.advance(by: .seconds(601))
        XCTAssertEqual(errorCodes(h.answer("a1", q1.id, [.oneTimeCode: first], market: "in")), ["oneTimeCode.expired"])
        let q2 = try XCTUnwrap(h.question(h.answer("a1", q1.id, alternate: "voiceCall", market: "in")))
        XCTAssertNotEqual(q2.id, q1.id)
        XCTAssertEqual(h.codes.last?.channel, "voiceCall")
        let q3 = try XCTUnwrap(h.question(h.answer("a1", q2.id, [.oneTimeCode: h.lastCode], market: "in")))
        XCTAssertEqual(q3.dataTypes, [.firstName, .lastName, .termsAccepted])
        XCTAssertEqual(q3.steps.count, 3, "in collects the name as a sequence of steps")
    }

    func test_staleAnswer_isRefused_andNeverAppliedTwice() throws {
        let h = Harness()
        let q1 = try XCTUnwrap(h.question(h.answer("a1", Question.entryID, [.mobileNumber: mobile], market: "in")))
        let q2 = try XCTUnwrap(h.question(h.answer("a1", q1.id, [.oneTimeCode: h.lastCode], market: "in")))
        let accepted = try h.eventTypes().filter { $0 == AnswerAccepted.eventType }.count
        let again = h.answer("a1", q1.id, [.oneTimeCode: h.lastCode], market: "in")
        XCTAssertEqual(errorCodes(again), ["answer.stale"])
        XCTAssertEqual(h.question(again)?.id, q2.id, "the reply carries the current question")
        XCTAssertEqual(try h.eventTypes().filter { $0 == AnswerAccepted.eventType }.count, accepted)
        XCTAssertEqual(try h.eventTypes().last, AnswerRefused.eventType)
    }

    func test_retryOfTheSameRequest_getsTheSameReply() throws {
        let h = Harness()
        let request = OnboardingRequest(attemptID: "a1", requestID: "r-1", market: "us", batching: true, answer: Answer(questionID: Question.entryID, values: [.mobileNumber: mobile]))
        let first = h.service.handle(request, at: h.clock.now)
        let events = try h.log.lastSequence()
        XCTAssertEqual(h.service.handle(request, at: h.clock.now), first)
        XCTAssertEqual(try h.log.lastSequence(), events)
    }

    func test_closedAttempts_keepTheirLastReply_forTheLastFewOnly() throws {
        let h = Harness()
        let service = OnboardingService(flows: fixtureFlows, hasher: h.hasher, log: h.log, random: .seeded(3), retainedClosedReplies: 2) { _ in }
        let attempts = ["a1", "a2", "a3"]
        for (index, attempt) in attempts.enumerated() {
            let request = OnboardingRequest(attemptID: attempt, requestID: "start", market: "us", batching: true,
                                            answer: Answer(questionID: Question.entryID, values: [.mobileNumber: "+1415555010\(index)"]))
            _ = service.handle(request, at: h.clock.now)
        }
        h.clock.advance(by: .seconds(1_801))
        var finals: [String: (OnboardingRequest, OnboardingResponse)] = [:]
        for attempt in attempts {
            let request = OnboardingRequest(attemptID: attempt, requestID: "late", market: "us", batching: true,
                                            answer: Answer(questionID: "q", values: [.oneTimeCode: "000000"]))
            finals[attempt] = (request, service.handle(request, at: h.clock.now))
            XCTAssertTrue(service.state.closedAttempts.contains(attempt))
        }
        h.clock.advance(by: .seconds(5))
        for attempt in ["a2", "a3"] {
            let (request, reply) = try XCTUnwrap(finals[attempt])
            XCTAssertEqual(service.handle(request, at: h.clock.now), reply, "\(attempt)'s last reply is kept")
        }
        let (request, reply) = try XCTUnwrap(finals["a1"])
        XCTAssertNotEqual(service.handle(request, at: h.clock.now), reply, "the oldest closed attempt's reply is forgotten")
    }

    func test_attempts_expire() throws {
        let h = Harness()
        let q1 = try XCTUnwrap(h.question(h.answer("a1", Question.entryID, [.mobileNumber: mobile])))
        h.clock.advance(by: .seconds(1_801))
        guard case .failed(let error) = h.answer("a1", q1.id, [.oneTimeCode: h.lastCode]) else { return XCTFail("not expired") }
        XCTAssertEqual(error.code, "attempt.expired")
    }

    func test_attemptsPerNumber_areRateLimited() throws {
        let h = Harness()
        for index in 1...5 { XCTAssertNotNil(h.question(h.answer("a\(index)", Question.entryID, [.mobileNumber: mobile]))) }
        guard case .failed(let error) = h.answer("a6", Question.entryID, [.mobileNumber: mobile]) else { return XCTFail("not limited") }
        XCTAssertEqual(error.code, "attempt.rateLimited")
        XCTAssertNotNil(h.question(h.answer("b1", Question.entryID, [.mobileNumber: "+14155550999"])), "other numbers are not limited")
        h.clock.advance(by: .seconds(3_601))
        XCTAssertNotNil(h.question(h.answer("a7", Question.entryID, [.mobileNumber: mobile])), "the window slides")
    }

    func test_unknownMarket_andUnknownAlternate() throws {
        let h = Harness()
        guard case .failed(let error) = h.answer("a1", Question.entryID, [.mobileNumber: mobile], market: "zz") else { return XCTFail() }
        XCTAssertEqual(error.code, "market.unknown")
        let q1 = try XCTUnwrap(h.question(h.answer("a2", Question.entryID, [.mobileNumber: mobile])))
        XCTAssertEqual(errorCodes(h.answer("a2", q1.id, alternate: "forgotPassword")), ["answer.unknownAlternate"], "register offers no forgot password")
    }

    func test_batchingOff_asksOneStepPerQuestion() throws {
        let h = Harness()
        var question = try XCTUnwrap(h.question(h.answer("a1", Question.entryID, [.mobileNumber: mobile], batching: false)))
        var asked: [[DataType]] = []
        let values: [DataType: String] = [.firstName: "Ada", .lastName: "Lovelace", .email: "ada@example.com", .password: password, .termsAccepted: "yes"]
        while true {
            asked.append(question.dataTypes)
            var answer = values.filter { question.dataTypes.contains($0.key) }
            if question.dataTypes.contains(.oneTimeCode) { answer[.oneTimeCode] = h.lastCode }
            let reply = h.answer("a1", question.id, answer, batching: false)
            if case .session = reply { break }
            question = try XCTUnwrap(h.question(reply))
        }
        XCTAssertEqual(asked, [[.oneTimeCode], [.firstName, .lastName], [.email], [.password], [.termsAccepted]])
    }

    func test_takenEmail_isAnError_onRegister() throws {
        let h = Harness()
        _ = try registered(h)
        let q1 = try XCTUnwrap(h.question(h.answer("a2", Question.entryID, [.mobileNumber: "+14155550999"])))
        let reply = h.answer("a2", q1.id, [
            .oneTimeCode: h.lastCode, .firstName: "Bo", .lastName: "Li", .email: "ADA@example.com", .password: password, .termsAccepted: "yes",
        ])
        XCTAssertEqual(errorCodes(reply), ["email.taken"])
    }

    func test_sameSeed_sameEvents() throws {
        func run() throws -> [[UInt8]] {
            let h = Harness(seed: 42)
            _ = try registered(h)
            return try h.log.events().map(\.payload)
        }
        XCTAssertEqual(try run(), try run())
    }

    func errorCodes(_ reply: Reply) -> [String] {
        if case .errors(_, let errors) = reply { return errors.map(\.code) }
        return ["not errors: \(reply)"]
    }
}
