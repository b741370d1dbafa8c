import Foundation
import OutOfAppDSL
import PlatformKit
import XCTest

/// The main app fills the shared container; the stateless extension only reads it.
final class HandOffTests: XCTestCase {
    func test_missingImage_isRetriedOnTheNextUpdate() throws {
        let container = SharedContainer.inMemory()
        let failing = MainAppCompanion(container: container) { _ in nil }
        let first = failing.payloadDidUpdate(samplePayload)
        XCTAssertEqual(first.failed.count, 2)
        XCTAssertTrue(try ActivityExtension(container: container).render(samplePayload, on: .lockscreen).joined().contains("[… vehicle]"))

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
        XCTAssertTrue(try view.layout(samplePayload, on: .lockscreen).shown.contains(.progress), "defaults before any start-up")
        try MainAppCompanion(container: container) { _ in nil }.start(flags: FeatureFlags(progressBar: false, driverPhoto: false))
        let shown = try view.layout(samplePayload, on: .lockscreen).shown
        XCTAssertFalse(shown.contains(.progress))
        XCTAssertFalse(shown.contains(.driverPhoto))
        XCTAssertEqual(try FeatureFlags.read(from: container), FeatureFlags(progressBar: false, driverPhoto: false))
    }

    func test_flagsFile_settingSomeFlags_leavesTheOthersAtTheirDefaults() throws {
        let container = SharedContainer.inMemory()
        func flags(_ json: String) throws -> FeatureFlags {
            try container.write(SharedContainer.flagsFile, Array(json.utf8))
            return try FeatureFlags.read(from: container)
        }
        XCTAssertEqual(try flags(#"{"progressBar": false}"#), FeatureFlags(progressBar: false, driverPhoto: true))
        XCTAssertEqual(try flags(#"{"driverPhoto": false, "newerFlag": 3}"#), FeatureFlags(progressBar: true, driverPhoto: false))
        XCTAssertEqual(try flags("{}"), FeatureFlags())
        XCTAssertFalse(try ActivityExtension(container: container).layout(samplePayload, on: .lockscreen).shown.isEmpty)
    }

    func test_malformedFlagsFile_isAnError_notTheDefaults() throws {
        let container = SharedContainer.inMemory()
        for (json, problem) in [
            (#"{"progressBar": 0}"#, "progressBar: expected true or false"),
            (#"{"driverPhoto": "no"}"#, "driverPhoto: expected true or false"),
            ("[true]", "expected a JSON object"),
            (#"{"progressBar": null}"#, "progressBar: expected true or false"),
            ("null", "expected a JSON object"),
            ("{progressBar: false", "not valid JSON"),
        ] {
            try container.write(SharedContainer.flagsFile, Array(json.utf8))
            XCTAssertThrowsError(try FeatureFlags.read(from: container), json) { XCTAssertEqual("\($0)", problem, json) }
            XCTAssertThrowsError(try ActivityExtension(container: container).render(samplePayload, on: .lockscreen), json)
        }
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
