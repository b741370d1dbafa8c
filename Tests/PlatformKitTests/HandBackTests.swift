import PlatformKit
import XCTest

final class HandBackTests: XCTestCase {
    private final class Buffer: @unchecked Sendable {}

    /// Passes a buffer to another thread without the thread's closure keeping it alive.
    private final class Slot: @unchecked Sendable {
        var buffer: Buffer?
    }

    /// A value handed back lives until the producer frees what was returned, on its own thread.
    func test_handedBackValues_liveUntilFreeReturned() {
        let handBack = HandBack<[Buffer]>()
        weak var freed: Buffer?
        do {
            let slot = Slot()
            slot.buffer = Buffer()
            freed = slot.buffer
            let handedBack = DispatchSemaphore(value: 0)
            Thread {
                // Taken out of the slot, so only the hand-back holds it once this block ends.
                do {
                    let buffer = slot.buffer!
                    slot.buffer = nil
                    handBack.giveBack([buffer])
                }
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
