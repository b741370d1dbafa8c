import PlatformKit
import XCTest

final class HandBackTests: XCTestCase {
    private final class Buffer: @unchecked Sendable {}

    /// A value handed back lives until the producer frees what was returned, on its own thread.
    func test_handedBackValues_liveUntilFreeReturned() {
        let handBack = HandBack<[Buffer]>()
        weak var freed: Buffer?
        do {
            let buffer = Buffer()
            freed = buffer
            let handedBack = DispatchSemaphore(value: 0)
            Thread {
                handBack.giveBack([buffer])
                handedBack.signal()
            }.start()
            handedBack.wait()
        }
        XCTAssertNotNil(freed, "freed before freeReturned")
        handBack.freeReturned()
        XCTAssertNil(freed)
        handBack.freeReturned()
    }
}
