import Onboarding
import OnboardingContract
import PlatformKit
import XCTest

final class InfoTests: XCTestCase {
    func test_answer_isFormed_onlyWhenARequestedTypeIsDirty() {
        var info = Info()
        let question = Question(id: "q-1", scenario: .register, steps: [StepInstruction([.email]), StepInstruction([.password])])
        XCTAssertNil(info.answer(for: question), "nothing stored")
        info.store([.firstName: "Ada"])
        XCTAssertNil(info.answer(for: question), "stored, but not requested")
        info.store([.email: "a@b.co", .password: "pw"])
        XCTAssertEqual(info.answer(for: question), Answer(questionID: "q-1", values: [.email: "a@b.co", .password: "pw"]))
        XCTAssertNil(info.answer(for: question), "sent: clean again")
        info.store([.email: "a@b.co"])
        XCTAssertNil(info.answer(for: question), "the same value is not a change")
        info.store([.email: "c@d.co"])
        XCTAssertEqual(info.answer(for: question)?.values, [.email: "c@d.co", .password: "pw"], "every requested value goes with the change")
    }
}

final class StepSequenceTests: XCTestCase {
    func step(_ types: DataType...) -> InfoStep { InfoStep(builder: "t", dataTypes: types, scenario: .register, theme: OnboardingTheme()) }

    func test_map_associatesTheQuestionWithTheLastStep_andPointsAtTheFirst() {
        var sequence = StepSequence()
        let question = Question(id: "q-1", scenario: .register, steps: [])
        sequence.map(question, to: [step(.oneTimeCode), step(.email)])
        XCTAssertEqual(sequence.index, 0)
        guard case .step(.info(let second)) = sequence.next() else { return XCTFail() }
        XCTAssertEqual(second.dataTypes, [.email])
        guard case .answer(let answered) = sequence.next() else { return XCTFail() }
        XCTAssertEqual(answered.id, "q-1")

        sequence.map(Question(id: "q-2", scenario: .register, steps: []), to: [step(.password)])
        XCTAssertEqual(sequence.index, 2, "a new batch is appended after the index")
        XCTAssertEqual(sequence.infoSteps.count, 3)
        XCTAssertEqual(sequence.currentQuestion?.id, "q-2")
    }

    func test_map_replacesWhatFollowsTheIndex() {
        var sequence = StepSequence()
        sequence.map(Question(id: "q-1", scenario: .signIn, steps: []), to: [step(.oneTimeCode), step(.password)])
        sequence.map(Question(id: "q-2", scenario: .accountRecovery, steps: []), to: [step(.oneTimeCode), step(.password)])
        XCTAssertEqual(sequence.infoSteps.count, 3, "the unreached password step of q-1 was replaced")
        XCTAssertEqual(sequence.index, 1)
    }

    func test_distribute_walksBack_withinTheBatch_toTheEarliestStepInError() {
        var sequence = StepSequence()
        sequence.map(Question(id: "q-1", scenario: .register, steps: []), to: [step(.mobileNumber)])
        _ = sequence.next()
        sequence.map(Question(id: "q-2", scenario: .register, steps: []), to: [step(.oneTimeCode), step(.firstName, .lastName), step(.email), step(.password)])
        for _ in 0..<3 { _ = sequence.next() }
        XCTAssertEqual(sequence.index, 4)
        let unclaimed = sequence.distribute([
            FieldError(.password, code: "password.tooShort", message: ""),
            FieldError(.lastName, code: "lastName.empty", message: ""),
            FieldError(.mobileNumber, code: "mobileNumber.x", message: ""),
            FieldError(nil, code: "answer.stale", message: ""),
        ])
        XCTAssertEqual(sequence.index, 2, "the name step, the earliest in error")
        XCTAssertEqual(unclaimed.map(\.code), ["mobileNumber.x", "answer.stale"], "a previous batch is not searched")
        XCTAssertEqual(sequence.infoSteps.map { $0.errors.map(\.code) }, [[], [], ["lastName.empty"], [], ["password.tooShort"]])
    }
}
