import PlatformKit
import XCTest

final class TransportTests: XCTestCase {
    struct Ping: Codable, Equatable { var n: Int }

    private func at(_ ms: Int64) -> Instant { Instant(millisecondsSinceEpoch: ms) }

    func testDeliversWithLatencyInsideTheRange() throws {
        var transport = InProcessTransport<Ping, Ping>(
            conditions: NetworkConditions(latencyMilliseconds: 10...20), random: .seeded(1)
        ) { request, _ in Ping(n: request.n + 1) }
        let delivery = try transport.send(Ping(n: 1), at: at(1_000)).get()
        XCTAssertEqual(delivery.response, Ping(n: 2))
        XCTAssertTrue((1_010...1_020).contains(delivery.handledAt.millisecondsSinceEpoch))
        XCTAssertTrue((20...40).contains(delivery.roundTrip.wholeMilliseconds))
    }

    func testOutageMakesTheServerUnreachable() {
        var handled = 0
        var transport = InProcessTransport<Ping, Ping>(
            conditions: NetworkConditions(outages: [.init(start: at(100), end: at(200))]), random: .seeded(1)
        ) { request, _ in handled += 1; return request }
        XCTAssertEqual(transport.send(Ping(n: 1), at: at(150)).failure, .unreachable)
        XCTAssertNotNil(try? transport.send(Ping(n: 1), at: at(200)).get())
        XCTAssertEqual(handled, 1)
    }

    func testLossIsReproducibleAndSplitsBetweenRequestAndResponse() {
        func outcomes(seed: UInt64) -> [String] {
            var transport = InProcessTransport<Ping, Ping>(
                conditions: NetworkConditions(lossProbability: 0.5), random: .seeded(seed)
            ) { request, _ in request }
            return (0..<200).map { i in
                switch transport.send(Ping(n: i), at: at(0)) {
                case .success: "ok"
                case .failure(let error): "\(error)"
                }
            }
        }
        let first = outcomes(seed: 7)
        XCTAssertEqual(first, outcomes(seed: 7))
        XCTAssertNotEqual(first, outcomes(seed: 8))
        XCTAssertTrue(first.contains("requestLost") && first.contains("responseLost") && first.contains("ok"))
    }

    func testBackoffGrowsCapsAndJitters() {
        let backoff = Backoff(initial: .seconds(1), maximum: .seconds(8), multiplier: 2, jitter: 0.5)
        let random = RandomSource.seeded(3)
        for attempt in 1...10 {
            let base = min(8_000.0, 1_000.0 * Double(1 << (attempt - 1)))
            let delay = backoff.delay(attempt: attempt, random: random)
            let ms = Double(delay.wholeMilliseconds)
            XCTAssertTrue(ms >= base * 0.5 && ms <= base, "attempt \(attempt): \(ms)")
        }
        XCTAssertEqual(Backoff(jitter: 0).delay(attempt: 3, random: random), .seconds(4))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
