import Foundation
import PlatformKit
import XCTest

final class ClockTests: XCTestCase {
    func test_constant_alwaysReturnsTheSameInstant() {
        let instant = Instant(millisecondsSinceEpoch: 42)
        let clock = Clock.constant(instant)
        XCTAssertEqual(clock.now(), instant)
        XCTAssertEqual(clock.now(), instant)
    }

    func test_virtual_followsTheVirtualClock() {
        let virtual = VirtualClock(start: Instant(millisecondsSinceEpoch: 100))
        let clock = Clock.virtual(virtual)
        XCTAssertEqual(clock.now().millisecondsSinceEpoch, 100)
        virtual.advance(by: .milliseconds(50))
        XCTAssertEqual(clock.now().millisecondsSinceEpoch, 150)
    }

    func test_live_readsTheWallClock() {
        let before = Int64(Date().timeIntervalSince1970 * 1_000) - 1
        let now = Clock.live.now().millisecondsSinceEpoch
        let after = Int64(Date().timeIntervalSince1970 * 1_000) + 1
        XCTAssert((before...after).contains(now), "\(now) not within \(before)...\(after)")
    }
}
