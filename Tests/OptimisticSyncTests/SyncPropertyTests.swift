import EventLog
import OptimisticSync
import PlatformKit
import XCTest

/// Laws of the sync engine over random runs: answers in any order, lost messages, stale pushes and
/// restarts. The counter only ever increments, so what the user sees must never go down; the state
/// rebuilt from the log always equals the live one; and once everything is delivered, the client,
/// its confirmed state and the server agree.
final class SyncPropertyTests: XCTestCase {
    func test_randomDeliveries_neverFlicker_replayEqualsLive_andConverge() throws {
        for seed in 0..<150 {
            try checkRun(seed: UInt64(seed))
        }
    }

    private func checkRun(seed: UInt64) throws {
        let random = RandomSource.seeded(seed)
        let log = InMemoryEventLog(clock: .constant(.epoch))
        var client = OptimisticClient<CounterSync>(clientID: "driver-1", random: random.fork("client"))
        var server = CounterServer()
        server.recentKeys = 64
        var history = [server.snapshot]
        var answers: [(id: String, response: SyncResponse<CounterSync.State>)] = []
        var shown = 0
        var submitted = 0
        var now = Instant.at(0)

        func record() throws {
            let outbox = client.takeOutbox()
            for state in outbox.published {
                XCTAssertGreaterThanOrEqual(state.count, shown, "seed \(seed): the count went back")
                shown = state.count
            }
            try log.append(outbox.newEvents())
            XCTAssertEqual(try OptimisticClientState<CounterSync>.replay(clientID: "driver-1", from: log), client.state, "seed \(seed): replay")
        }
        func send(_ requests: [OptimisticRequest]) {
            for request in requests {
                if random.bool(probability: 0.3) {
                    client.deliveryFailed(request.id, reason: "request lost", at: now)
                    continue
                }
                answers.append((request.id, server.handle(request)))
                history.append(server.snapshot)
                if random.bool(probability: 0.2) { client.deliveryFailed(request.id, reason: "response lost", at: now) }
            }
        }

        for _ in 0..<60 {
            now = now.advanced(by: .milliseconds(Int64(random.int(in: 100..<5_000))))
            switch random.int(in: 0..<6) {
            case 0, 1:
                try client.submit("increment", at: now)
                submitted += 1
            case 2:
                send(client.due(at: now))
            case 3 where !answers.isEmpty:
                let answer = answers.remove(at: random.int(in: 0..<answers.count))
                client.receive(answer.response, for: answer.id, at: now)
            case 4:
                client.receivePush(history[random.int(in: 0..<history.count)], at: now)
            case 5:
                try record()
                client = try OptimisticClient<CounterSync>.restore(clientID: "driver-1", from: log, random: random.fork("restart"))
                client.resume(at: now)
            default:
                break
            }
            try record()
            XCTAssertEqual(client.optimisticState.count, client.confirmedState.count + client.state.pending.count, "seed \(seed): optimistic = confirmed + pending")
        }

        // Everything is delivered now, in order, without loss.
        while !client.state.pending.isEmpty || !answers.isEmpty {
            for answer in answers { client.receive(answer.response, for: answer.id, at: now) }
            answers.removeAll()
            now = max(now, client.nextWakeUp ?? now)
            for request in client.due(at: now) { answers.append((request.id, server.handle(request))) }
            try record()
        }
        XCTAssertEqual(server.snapshot.state.count, submitted, "seed \(seed): each increment applied once")
        XCTAssertEqual(client.confirmedState.count, submitted, "seed \(seed)")
        XCTAssertEqual(client.optimisticState.count, submitted, "seed \(seed)")
    }
}
