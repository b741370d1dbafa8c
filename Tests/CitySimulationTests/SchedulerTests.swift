@testable import CitySimulation
import PlatformKit
import XCTest

final class SchedulerTests: XCTestCase {
    /// Law: whatever is scheduled when, events come out by time, ties in scheduling order, and
    /// only when due: as from a list kept sorted. `upcoming`, when it names an event, names the
    /// one that comes out next.
    func testEventsComeOutByTimeThenSchedulingOrder() {
        for seed in 1...5 {
            let random = RandomSource.seeded(UInt64(seed))
            var scheduler = Scheduler<Int>()
            var pending: [(time: Int64, order: Int)] = []
            var now: Int64 = Int64(random.int(in: -8_000..<0))
            for order in 0..<4_000 {
                if random.bool(probability: 0.55) {
                    // Mostly soon on a coarse grid (ties, and times on the queue's second boundaries,
                    // before and after the epoch), sometimes anywhere, far ahead or in the past.
                    let time = switch random.int(in: 0..<11) {
                    case 0: now + Int64(random.int(in: 0..<10_000_000))
                    case 1, 2: now + Int64(random.int(in: 0..<3_000))
                    case 3: now - Int64(random.int(in: 0..<3_000))
                    default: max(now, (now / 250 + Int64(random.int(in: 0..<12))) * 250)
                    }
                    scheduler.schedule(order, at: Instant(millisecondsSinceEpoch: time))
                    pending.append((time, order))
                } else {
                    let limit = now + Int64(random.int(in: 0..<2_000))
                    let expected = pending.min { ($0.time, $0.order) < ($1.time, $1.order) }.flatMap { $0.time <= limit ? $0 : nil }
                    let upcoming = scheduler.upcoming
                    let popped = scheduler.popNext(notAfter: Instant(millisecondsSinceEpoch: limit))
                    XCTAssertEqual(popped?.1, expected?.order, "seed \(seed), step \(order)")
                    if let upcoming, let popped { XCTAssertEqual(popped.1, upcoming, "the hint names the next event") }
                    XCTAssertEqual(popped?.0.millisecondsSinceEpoch, expected?.time)
                    if let expected {
                        pending.removeAll { $0.order == expected.order }
                        now = expected.time
                    } else {
                        now = limit
                    }
                }
            }
        }
    }

    /// A look past the limit brings the next second in; an event scheduled before that second
    /// afterwards still comes first.
    func testAnEventBeforeTheCurrentSecond_comesFirst() {
        var scheduler = Scheduler<String>()
        let at = { Instant(millisecondsSinceEpoch: $0) }
        scheduler.schedule("later", at: at(5_250))
        XCTAssertNil(scheduler.popNext(notAfter: at(100)))
        scheduler.schedule("past second", at: at(2_000))
        scheduler.schedule("same past second", at: at(2_000))
        scheduler.schedule("same second", at: at(5_250))
        XCTAssertEqual(scheduler.upcoming, "past second")
        XCTAssertEqual(scheduler.popNext(notAfter: at(9_000))?.1, "past second")
        XCTAssertEqual(scheduler.popNext(notAfter: at(9_000))?.1, "same past second")
        XCTAssertEqual(scheduler.popNext(notAfter: at(9_000))?.1, "later")
        XCTAssertEqual(scheduler.popNext(notAfter: at(9_000))?.1, "same second")
        XCTAssertNil(scheduler.popNext(notAfter: at(9_000)))
    }

    func testTheFirstAndLastMillisecondsOfTime() {
        var scheduler = Scheduler<String>()
        scheduler.schedule("end", at: Instant(millisecondsSinceEpoch: .max))
        scheduler.schedule("start", at: Instant(millisecondsSinceEpoch: .min))
        scheduler.schedule("just after", at: Instant(millisecondsSinceEpoch: .min + 1))
        let all = Instant(millisecondsSinceEpoch: .max)
        XCTAssertEqual(scheduler.popNext(notAfter: all)?.1, "start")
        XCTAssertEqual(scheduler.popNext(notAfter: all)?.1, "just after")
        XCTAssertEqual(scheduler.popNext(notAfter: all)?.1, "end")
        XCTAssertNil(scheduler.popNext(notAfter: all))
    }

    func testTimesBeforeTheEpochKeepTheirOrder() {
        var scheduler = Scheduler<String>()
        let at = { Instant(millisecondsSinceEpoch: $0) }
        scheduler.schedule("a", at: at(-1_500))
        scheduler.schedule("b", at: at(-600))
        XCTAssertEqual(scheduler.popNext(notAfter: at(0))?.1, "a")
        scheduler.schedule("c", at: at(-500))
        XCTAssertEqual(scheduler.popNext(notAfter: at(0))?.1, "b")
        XCTAssertEqual(scheduler.popNext(notAfter: at(0))?.1, "c")
    }

    func testAnEventAtTheEndOfTimeIsKept() {
        var scheduler = Scheduler<String>()
        scheduler.schedule("last", at: Instant(millisecondsSinceEpoch: .max))
        scheduler.schedule("first", at: Instant(millisecondsSinceEpoch: 0))
        XCTAssertEqual(scheduler.popNext(notAfter: Instant(millisecondsSinceEpoch: .max))?.1, "first")
        scheduler.schedule("also last", at: Instant(millisecondsSinceEpoch: .max))
        XCTAssertEqual(scheduler.popNext(notAfter: Instant(millisecondsSinceEpoch: .max))?.1, "last")
        XCTAssertEqual(scheduler.popNext(notAfter: Instant(millisecondsSinceEpoch: .max))?.1, "also last")
        XCTAssertNil(scheduler.popNext(notAfter: Instant(millisecondsSinceEpoch: .max)))
    }
}
