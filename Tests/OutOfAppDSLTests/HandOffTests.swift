import Foundation
import OutOfAppDSL
import PlatformKit
import XCTest

/// The main app fills the shared container; the stateless extension only reads it.
final class HandOffTests: XCTestCase {
    func test_missingImage_isRetriedOnTheNextUpdate() {
        let container = SharedContainer.inMemory()
        let failing = MainAppCompanion(container: container) { _ in nil }
        let first = failing.payloadDidUpdate(samplePayload)
        XCTAssertEqual(first.failed.count, 2)
        XCTAssertTrue(ActivityExtension(container: container).render(samplePayload, on: .lockscreen).joined().contains("[… vehicle]"))

        let working = MainAppCompanion(container: container) { Array($0.utf8) }
        let second = working.payloadDidUpdate(samplePayload)
        XCTAssertEqual(second.downloaded, samplePayload.imageURLs)
        let third = working.payloadDidUpdate(samplePayload)
        XCTAssertEqual(third.alreadyCached.count, 2, "downloaded once")
        XCTAssertEqual(container.read(SharedContainer.imageFile(for: samplePayload.imageURLs[0])), Array(samplePayload.imageURLs[0].utf8))
    }

    func test_flagsWrittenAtStartUp_areHonouredByTheExtension() throws {
        let container = SharedContainer.inMemory()
        let view = ActivityExtension(container: container)
        XCTAssertTrue(view.layout(samplePayload, on: .lockscreen).shown.contains(.progress), "defaults before any start-up")
        try MainAppCompanion(container: container) { _ in nil }.start(flags: FeatureFlags(progressBar: false, driverPhoto: false))
        let shown = view.layout(samplePayload, on: .lockscreen).shown
        XCTAssertFalse(shown.contains(.progress))
        XCTAssertFalse(shown.contains(.driverPhoto))
        XCTAssertEqual(FeatureFlags.read(from: container), FeatureFlags(progressBar: false, driverPhoto: false))
    }

    func test_directoryContainer_readsWhatWasWritten() throws {
        let path = NSTemporaryDirectory() + "ooa-container-\(UInt64.random(in: 0...UInt64.max))"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let container = SharedContainer.directory(path)
        XCTAssertNil(container.read("x"))
        try container.write("x", [9, 8])
        XCTAssertEqual(SharedContainer.directory(path).read("x"), [9, 8])
    }
}
