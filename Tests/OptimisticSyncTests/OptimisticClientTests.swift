import EventLog
import EventLogTestSupport
import Foundation
import OptimisticSync
import PlatformKit
import XCTest

final class OptimisticClientTests: XCTestCase {
    typealias Counter = CounterSync.State

    func makeClient(_ configuration: SyncConfiguration = SyncConfiguration()) -> OptimisticClient<CounterSync> {
        OptimisticClient(clientID: "driver-1", configuration: configuration, random: .seeded(7))
    }

    func test_counter_staleServerStateNeverFlipsTheCount() throws {
        var client = makeClient()
        var server = CounterServer()
        // Two increments in a dark spot: both sent, both fail.
        let first = try client.submit("increment", at: .at(0))
        let second = try client.submit("increment", at: .at(1))
        XCTAssertEqual(client.due(at: .at(1)).map(\.id), [first.id, second.id])
        client.deliveryFailed(first.id, reason: "unreachable", at: .at(1))
        client.deliveryFailed(second.id, reason: "unreachable", at: .at(1))
        XCTAssertEqual(client.takeOutbox().published.map(\.count), [1, 2])

        // The server got the first one on a retry, but its answer is late; a push with 1 arrives first.
        let firstAnswer = server.handle(first)
        client.receivePush(server.snapshot, at: .at(5))
        XCTAssertEqual(client.optimisticState.count, 2)
        XCTAssertEqual(client.confirmedState.count, 1)
        XCTAssertEqual(client.state.pending.map(\.request.id), [second.id])

        // A stale push (version 0, nothing applied) is ignored; the late answer confirms nothing new.
        client.receivePush(ServerSnapshot(version: 0, state: Counter()), at: .at(6))
        client.receive(firstAnswer, for: first.id, at: .at(7))
        client.receive(server.handle(second), for: second.id, at: .at(8))

        let outbox = client.takeOutbox()
        XCTAssertEqual(outbox.published.map(\.count), [2, 2], "every published state shows 2")
        XCTAssertEqual(client.confirmedState.count, 2)
        XCTAssertEqual(client.state.confirmed.version, 2)
        XCTAssertTrue(client.state.pending.isEmpty)
        XCTAssertEqual(outbox.confirmations.map(\.requestID), [first.id, second.id])
        XCTAssertEqual(outbox.confirmations.map(\.timeSaved), [.seconds(5), .seconds(7)])
        XCTAssertEqual(client.state.stats.averageTimeSaved, .seconds(6))
    }

    func test_counter_pushFromAnotherDeviceIsRebasedUnderPendingIncrements() throws {
        var client = makeClient()
        let first = try client.submit("increment", at: .at(0))
        let second = try client.submit("increment", at: .at(0))
        client.receivePush(ServerSnapshot(version: 1, state: Counter(count: 1)), at: .at(1))
        client.receive(.accepted(ServerSnapshot(version: 2, state: Counter(count: 2), applied: ["driver-1/r1"]), assignedIDs: []), for: first.id, at: .at(2))
        client.receive(.accepted(ServerSnapshot(version: 3, state: Counter(count: 3), applied: ["driver-1/r1", "driver-1/r2"]), assignedIDs: []), for: second.id, at: .at(3))
        XCTAssertEqual(client.takeOutbox().published.map(\.count), [1, 2, 3, 3, 3])
        XCTAssertEqual(client.confirmedState.count, 3)
        XCTAssertEqual(client.state.stats.rebases, 1)
    }

    func test_anAnswerConfirmingEarlierRequestsToo_reportsThemInQueueOrder_andFoldsAsLive() throws {
        var client = makeClient()
        let first = try client.submit("increment", at: .at(0))
        let second = try client.submit("increment", at: .at(1))
        let third = try client.submit("increment", at: .at(2))
        XCTAssertEqual(client.due(at: .at(2)).map(\.id), [first.id, second.id, third.id])
        // The second's answer comes first, and its state includes the first.
        client.receive(.accepted(ServerSnapshot(version: 2, state: Counter(count: 2), applied: ["driver-1/r1", "driver-1/r2"]), assignedIDs: []), for: second.id, at: .at(6))

        let outbox = client.takeOutbox()
        XCTAssertEqual(outbox.confirmations.map(\.requestID), [first.id, second.id])
        XCTAssertEqual(outbox.confirmations.map(\.timeSaved), [.seconds(6), .seconds(5)])
        XCTAssertEqual(client.state.pending.map(\.request.id), [third.id])
        XCTAssertEqual(client.state.pending.map(\.inFlight), [true])
        XCTAssertEqual(client.state.stats.confirmed, 2)
        XCTAssertEqual(client.optimisticState.count, 3)
        var replayed = OptimisticClientState<CounterSync>()
        for event in outbox.events { replayed.apply(event) }
        XCTAssertEqual(replayed, client.state)
    }

    func test_outOfOrderResponses_neverMoveTheConfirmedStateBackwards() throws {
        var client = makeClient()
        var server = CounterServer()
        let first = try client.submit("increment", at: .at(0))
        let second = try client.submit("increment", at: .at(0))
        let firstAnswer = server.handle(first)
        client.receive(server.handle(second), for: second.id, at: .at(1))
        client.receive(firstAnswer, for: first.id, at: .at(2))
        XCTAssertEqual(client.state.confirmed.version, 2)
        XCTAssertEqual(client.confirmedState.count, 2)
        XCTAssertEqual(client.takeOutbox().published.map(\.count), [1, 2, 2], "the late first answer changes nothing")
    }

    func test_retriesInADarkSpot_areAppliedOnceThanksToTheIdempotencyKey() throws {
        var client = makeClient()
        var server = CounterServer()
        let request = try client.submit("increment", at: .at(0))
        for attempt in 1...3 {
            let now = client.nextWakeUp ?? .at(0)
            XCTAssertEqual(client.due(at: now).map(\.idempotencyKey), ["driver-1/r1"])
            _ = server.handle(request)  // handled, but the answer is lost in the dark spot
            client.deliveryFailed(request.id, reason: "response lost", at: now)
            let retryAt = try XCTUnwrap(client.state.pending.first?.retryAt)
            let base = Int64(1_000) << (attempt - 1)
            XCTAssertTrue((Duration.milliseconds(base / 2)...Duration.milliseconds(base)).contains(now.duration(to: retryAt)), "backoff with jitter at attempt \(attempt)")
        }
        let now = try XCTUnwrap(client.nextWakeUp)
        XCTAssertEqual(client.due(at: now).count, 1)
        client.receive(server.handle(request), for: request.id, at: now)
        XCTAssertEqual(server.handled, 4)
        XCTAssertEqual(server.snapshot.state.count, 1, "applied once")
        XCTAssertEqual(client.confirmedState.count, 1)
        XCTAssertEqual(client.state.pendingRequest(request.id), nil)
        XCTAssertFalse(client.state.isPending(request.id))
    }

    func test_pendingRequests_areFoundByID() throws {
        var client = makeClient()
        let first = try client.submit("increment", at: .at(0))
        let second = try client.submit("increment", at: .at(0))
        XCTAssertTrue(client.state.isPending(first.id))
        XCTAssertEqual(client.state.pendingRequest(second.id)?.request, second)
        XCTAssertFalse(client.state.isPending("no-such-request"))
        XCTAssertNil(client.state.pendingRequest("no-such-request"))
    }

    func test_tickOffline_schedulesRetries_tickOnline_returnsWhatToSend() throws {
        var client = makeClient()
        let request = try client.submit("increment", at: .at(0))
        XCTAssertEqual(client.tick(at: .at(0), isOnline: false), [])
        let pending = try XCTUnwrap(client.state.pendingRequest(request.id))
        XCTAssertEqual(pending.attempts, 1)
        XCTAssertFalse(pending.inFlight)
        let retryAt = try XCTUnwrap(pending.retryAt)
        XCTAssertEqual(client.nextWakeUp, retryAt)
        XCTAssertEqual(client.tick(at: .at(0), isOnline: true), [], "not before the backoff")
        XCTAssertEqual(client.tick(at: retryAt, isOnline: true), [request])
        XCTAssertEqual(client.state.pendingRequest(request.id)?.attempts, 2)
    }

    func test_dependentRequestTimesOut_withANetworkErrorAlertAndRollback() throws {
        var client = makeClient(SyncConfiguration(dependencyTimeout: .seconds(30)))
        let create = try client.submit("create", [Parameter("item", "tmp:r1")], at: .at(0))
        let star = try client.submit("star", [Parameter("item", "tmp:r1")], dependsOn: [create.id], at: .at(10))
        XCTAssertEqual(client.optimisticState.items, ["tmp:r1*"])
        XCTAssertEqual(client.due(at: .at(10)).map(\.id), [create.id], "the dependent waits")
        client.deliveryFailed(create.id, reason: "unreachable", at: .at(10))
        XCTAssertEqual(client.due(at: .at(39)).map(\.id), [create.id])
        client.deliveryFailed(create.id, reason: "unreachable", at: .at(39))
        XCTAssertEqual(client.nextWakeUp, .at(40))
        _ = client.due(at: .at(40))

        let outbox = client.takeOutbox()
        let alert = try XCTUnwrap(outbox.alerts.first)
        XCTAssertEqual(outbox.alerts.count, 1)
        XCTAssertEqual(alert.cause, .timedOut)
        XCTAssertEqual(alert.request.id, star.id)
        XCTAssertTrue(alert.message.hasPrefix("Network error"), alert.message)
        XCTAssertEqual(alert.stateBefore.items, ["tmp:r1"])
        XCTAssertEqual(client.optimisticState.items, ["tmp:r1"])
        XCTAssertEqual(client.state.pending.map(\.request.id), [create.id])
        XCTAssertEqual(outbox.published.last?.items, ["tmp:r1"])
    }

    func test_serverRejectsTheFirstOfThreeStacked_itAndItsDependentRollBack_theIndependentOneStays() throws {
        var client = makeClient()
        var server = CounterServer()
        server.rejecting = ["r1"]
        let create = try client.submit("create", [Parameter("item", "tmp:r1")], at: .at(0))
        let star = try client.submit("star", [Parameter("item", "tmp:r1")], dependsOn: [create.id], at: .at(1))
        let increment = try client.submit("increment", at: .at(2))
        XCTAssertEqual(client.optimisticState, Counter(count: 1, items: ["tmp:r1*"]))
        XCTAssertEqual(client.due(at: .at(3)).map(\.id), [create.id, increment.id])
        client.receive(server.handle(create), for: create.id, at: .at(4))

        let outbox = client.takeOutbox()
        XCTAssertEqual(outbox.published.map { $0 }, [
            Counter(count: 0, items: ["tmp:r1"]), Counter(count: 0, items: ["tmp:r1*"]), Counter(count: 1, items: ["tmp:r1*"]),
            Counter(count: 1, items: []),
        ])
        let alert = try XCTUnwrap(outbox.alerts.first)
        XCTAssertEqual(alert.cause, .rejected)
        XCTAssertEqual(alert.message, "no create for you")
        XCTAssertEqual(alert.alsoRolledBack, [star.id])
        XCTAssertEqual(alert.stateBefore, Counter())
        XCTAssertEqual(client.state.pending.map(\.request.id), [increment.id])
        client.receive(server.handle(increment), for: increment.id, at: .at(5))
        XCTAssertEqual(client.optimisticState, Counter(count: 1))
        XCTAssertEqual(client.state.stats.rolledBack, 2)
        XCTAssertEqual(client.state.lastAlert, alert)
        let json = try JSONEncoder().encode(client.state)
        XCTAssertTrue(String(decoding: json, as: UTF8.self).contains(#""lastAlert":{"#))
        XCTAssertEqual(try JSONDecoder().decode(OptimisticClientState<CounterSync>.self, from: json), client.state)
        XCTAssertFalse(String(decoding: try JSONEncoder().encode(OptimisticClientState<CounterSync>()), as: UTF8.self).contains("lastAlert"))
    }

    /// Snapshots of clients encode and decode without `Codable` (the domain's state does): the
    /// same bytes and state, with a queue, retries, stats and an alert, and with none of them.
    func test_clientState_codesWithoutCodable_likeCodable() throws {
        var client = makeClient()
        var server = CounterServer()
        server.rejecting = ["r1"]
        let create = try client.submit("create", [Parameter("item", "tmp:r1")], at: .at(0))
        let increment = try client.submit("increment", at: .at(1))
        _ = try client.submit("star", [Parameter("item", "tmp:r1")], dependsOn: [increment.id], at: .at(2))
        XCTAssertEqual(client.due(at: .at(3)).map(\.id), [create.id, increment.id])
        client.receive(server.handle(create), for: create.id, at: .at(4))
        client.deliveryFailed(increment.id, reason: "unreachable", at: .at(5))
        XCTAssertNotNil(client.state.lastAlert)
        XCTAssertNotNil(client.state.pending.first?.retryAt)
        try assertDecodesLikeCodable(client.state)
        try assertDecodesLikeCodable(OptimisticClientState<CounterSync>())
        try assertEncodesLikeCodable(client.state)
        try assertEncodesLikeCodable(OptimisticClientState<CounterSync>())
        var withoutAlert = client.state
        withoutAlert.lastAlert = nil
        try assertEncodesLikeCodable(withoutAlert)
    }

    func test_confirmedState_keepsNoAppliedKeys_andStatesSavedWithThemDropThemWhenRead() throws {
        var client = makeClient()
        var server = CounterServer()
        let first = try client.submit("increment", at: .at(0))
        let second = try client.submit("increment", at: .at(0))
        let answer = server.handle(first)
        _ = server.handle(second)
        // The push lists both keys: it confirms both pending requests, then only its version and state stay.
        client.receivePush(server.snapshot, at: .at(3))
        XCTAssertEqual(server.snapshot.applied, [first.idempotencyKey, second.idempotencyKey])
        XCTAssertTrue(client.state.pending.isEmpty)
        XCTAssertEqual(client.state.stats.confirmed, 2)
        XCTAssertEqual(client.state.confirmed, ServerSnapshot(version: 2, state: Counter(count: 2)))
        client.receive(answer, for: first.id, at: .at(4))
        XCTAssertEqual(client.state.confirmed.applied, [])

        // A state saved with the keys (before they were dropped) reads back without them.
        var saved = client.state
        saved.confirmed.applied = ["driver-1/r1", "driver-1/r2"]
        let bytes = try BinaryEncoder().encode(saved)
        XCTAssertEqual(try BinaryKeyedReader.decode(OptimisticClientState<CounterSync>.self, from: bytes), client.state)
        XCTAssertEqual(try BinaryDecoder().decode(OptimisticClientState<CounterSync>.self, from: bytes), client.state)
        XCTAssertEqual(try JSONDecoder().decode(OptimisticClientState<CounterSync>.self, from: JSONEncoder().encode(saved)), client.state)
    }

    func test_eventsCarryOnlyTheAppliedKeysOfOtherPendingRequests_andFoldAsTheAnswersDid() throws {
        var client = makeClient()
        var server = CounterServer()
        server.snapshot.applied = ["driver-1/r-earlier"]
        let first = try client.submit("increment", at: .at(0))
        let second = try client.submit("increment", at: .at(0))
        let third = try client.submit("increment", at: .at(0))
        let firstAnswer = server.handle(first)
        let secondAnswer = server.handle(second)
        // The second answer lists the earlier key, the first's and its own: its event keeps only
        // the first's (its own is confirmed by id, the earlier one matches nothing pending).
        client.receive(secondAnswer, for: second.id, at: .at(2))
        // A push listing only keys of requests no longer pending, at a version already confirmed, is ignored.
        client.receivePush(ServerSnapshot(version: 2, state: Counter(count: 2), applied: [first.idempotencyKey, second.idempotencyKey]), at: .at(3))
        client.receive(firstAnswer, for: first.id, at: .at(4))
        let events = client.takeOutbox().events
        let confirmations = events.compactMap { $0 as? RequestConfirmed<CounterSync> }
        XCTAssertEqual(confirmations.map(\.snapshot.applied), [[first.idempotencyKey]])
        XCTAssertFalse(events.contains { $0 is StatePushed<CounterSync> })
        XCTAssertEqual(client.state.pending.map(\.request.id), [third.id])
        XCTAssertEqual(client.state.stats.confirmed, 2)
        XCTAssertEqual(client.confirmedState.count, 2)

        // The log's events fold into the live state.
        var replayed = OptimisticClientState<CounterSync>()
        for event in events { replayed.apply(event) }
        XCTAssertEqual(replayed, client.state)
    }

    func test_serverAssignedIDsReplaceTemporaryIDsInDependents() throws {
        var client = makeClient()
        var server = CounterServer()
        let create = try client.submit("create", [Parameter("item", "tmp:r1")], at: .at(0))
        let star = try client.submit("star", [Parameter("item", "tmp:r1")], dependsOn: [create.id], at: .at(0))
        XCTAssertEqual(client.due(at: .at(1)).map(\.id), [create.id])
        client.receive(server.handle(create), for: create.id, at: .at(2))
        XCTAssertEqual(client.optimisticState.items, ["item-101*"])
        let sent = client.due(at: .at(2))
        XCTAssertEqual(sent.map(\.id), [star.id])
        XCTAssertEqual(sent.first?["item"], "item-101")
        client.receive(server.handle(sent[0]), for: star.id, at: .at(3))
        XCTAssertEqual(client.confirmedState.items, ["item-101*"])
        XCTAssertEqual(client.takeOutbox().published.map(\.items), [["tmp:r1"], ["tmp:r1*"], ["item-101*"], ["item-101*"]])
    }

    func test_waitingKind_showsOnlyWhenConfirmed_andSavesNoTime() throws {
        var client = makeClient()
        var server = CounterServer()
        _ = server.handle(try client.submit("increment", at: .at(0)))
        let reset = try client.submit("reset", at: .at(0))
        XCTAssertEqual(client.optimisticState.count, 1)
        client.receive(server.handle(reset), for: reset.id, at: .at(4))
        XCTAssertEqual(client.optimisticState.count, 0)
        XCTAssertEqual(client.takeOutbox().confirmations.map(\.timeSaved), [.seconds(4), .zero])
    }

    func test_cancel_onlyUnsentRequests_withTheirDependents() throws {
        var client = makeClient()
        let create = try client.submit("create", [Parameter("item", "tmp:r1")], at: .at(0))
        _ = try client.submit("star", [Parameter("item", "tmp:r1")], dependsOn: [create.id], at: .at(0))
        let increment = try client.submit("increment", at: .at(0))
        try client.cancel(create.id, at: .at(1))
        XCTAssertEqual(client.optimisticState, Counter(count: 1))
        XCTAssertTrue(client.takeOutbox().alerts.isEmpty, "a cancel is not an error")
        _ = client.due(at: .at(1))
        XCTAssertThrowsError(try client.cancel(increment.id, at: .at(2))) { error in
            XCTAssertEqual("\(error)", "request 'r3' was already sent")
        }
        XCTAssertThrowsError(try client.submit("explode", at: .at(2)))
    }

    func test_poisonRule_discardsMalformedAndEndlesslyFailingRequests() throws {
        var client = makeClient(SyncConfiguration(maximumAttempts: 3))
        let malformed = try client.submit("increment", at: .at(0))
        let stuck = try client.submit("increment", at: .at(0))
        _ = client.due(at: .at(0))
        client.receive(.malformed(reason: "unknown kind"), for: malformed.id, at: .at(1))
        client.receive(.unavailable(reason: "overloaded"), for: stuck.id, at: .at(1))
        while let wake = client.nextWakeUp {
            XCTAssertEqual(client.due(at: wake).map(\.id), [stuck.id])
            client.deliveryFailed(stuck.id, reason: "unreachable", at: wake)
        }
        let alerts = client.takeOutbox().alerts
        XCTAssertEqual(alerts.map(\.cause), [.poison, .poison])
        XCTAssertEqual(alerts.map(\.request.id), [malformed.id, stuck.id])
        XCTAssertEqual(client.state.pendingRequest(stuck.id), nil)
        XCTAssertEqual(client.optimisticState.count, 0)
    }

    func test_restart_restoresTheQueueAndResendsWhatWasInFlight() throws {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        var client = makeClient()
        let first = try client.submit("increment", at: .at(0))
        let second = try client.submit("increment", at: .at(0))
        _ = client.due(at: .at(0))
        client.receive(.accepted(ServerSnapshot(version: 1, state: Counter(count: 1), applied: [first.idempotencyKey]), assignedIDs: []), for: first.id, at: .at(1))
        try log.append(client.takeOutbox().newEvents())

        var restarted = try OptimisticClient<CounterSync>.restore(clientID: "driver-1", from: log, random: .seeded(8))
        XCTAssertEqual(restarted.state, client.state)
        XCTAssertEqual(restarted.state.pendingRequest(second.id)?.inFlight, true)
        restarted.resume(at: .at(2))
        XCTAssertEqual(restarted.due(at: .at(2)), [second], "the in-flight request is sent again, same idempotency key")
        XCTAssertEqual(restarted.nextRequestID, "r3")
    }

    func test_projection_foldsEveryClientOfTheLog() throws {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        for name in ["driver-1", "driver-2"] {
            var client = OptimisticClient<CounterSync>(clientID: name, random: .seeded(1))
            try client.submit("increment", at: .at(0))
            if name == "driver-2" { try client.submit("increment", at: .at(0)) }
            try log.append(client.takeOutbox().newEvents())
        }
        let state = try OptimisticProjection<CounterSync>().replay(log).state
        XCTAssertEqual(state.mapValues(\.optimistic.count), ["driver-1": 1, "driver-2": 2])
        XCTAssertEqual(try log.events().first?.type, "test.counter.request.submitted")
        XCTAssertEqual(try log.events().first?.streamID, "test.counter/driver-1")
    }
}
