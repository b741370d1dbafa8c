import EventLog
import Foundation
import OnboardingContract
import OnboardingService
import PlatformKit
import XCTest

/// The repository's flows, loaded once.
let fixtureFlows: FlowCatalog = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    do {
        return try FlowCatalog.load(directory: root.appendingPathComponent("fixtures/onboarding/flows").path)
    } catch {
        XCTFail("fixtures do not load: \(error)")
        return FlowCatalog([])
    }
}()

/// A service over the fixtures with an in-memory log, a seeded source and a code outbox.
final class Harness {
    let clock = VirtualClock(start: Instant(millisecondsSinceEpoch: 1_790_000_000_000))
    let log: InMemoryEventLog
    var codes: [CodeMessage] = []
    var service: OnboardingService!
    var requests = 0
    let hasher = SecretHasher(pepper: Array("test-pepper".utf8))

    init(seed: UInt64 = 7) {
        log = InMemoryEventLog(clock: .virtual(clock))
        service = OnboardingService(flows: fixtureFlows, hasher: hasher, log: log, random: .seeded(seed)) { [unowned self] in self.codes.append($0) }
    }

    var lastCode: String { codes.last?.code ?? "" }

    /// Sends `values` (or an alternate) as the answer to `questionID` in `attempt`.
    @discardableResult
    func answer(_ attempt: String, _ questionID: String, _ values: [DataType: String] = [:], alternate: String? = nil, market: String = "us", batching: Bool = true) -> Reply {
        requests += 1
        let request = OnboardingRequest(attemptID: attempt, requestID: "r\(requests)", market: market, batching: batching,
                                        answer: Answer(questionID: questionID, values: values, alternate: alternate))
        return service.handle(request, at: clock.now).reply
    }

    func question(_ reply: Reply, file: StaticString = #filePath, line: UInt = #line) -> Question? {
        switch reply {
        case .question(let question), .errors(let question, _): return question
        default:
            XCTFail("expected a question, got \(reply)", file: file, line: line)
            return nil
        }
    }

    func eventTypes() throws -> [String] { try log.events().map(\.type) }
}
