import OutOfAppDSL
import PlatformKit
import XCTest

final class SurfaceTests: XCTestCase {
    func test_priorityTrimming_onEachSurface() {
        let shown = Dictionary(uniqueKeysWithValues: Surface.allCases.map { ($0, $0.layout(samplePayload).shown) })
        XCTAssertEqual(shown[.lockscreen], [.headline, .eta, .plate, .vehicle, .driver, .driverPhoto, .progress, .detail])
        XCTAssertEqual(shown[.android], [.headline, .eta, .plate, .vehicle, .driver, .progress])
        XCTAssertEqual(shown[.islandExpanded], [.headline, .eta, .plate, .vehicle, .progress])
        XCTAssertEqual(shown[.islandCompact], [.eta, .vehicle])
        XCTAssertEqual(shown[.islandMinimal], [.eta])
        XCTAssertEqual(Surface.islandExpanded.layout(samplePayload).omitted, [.driver, .driverPhoto, .detail], "P1 and P2 that find no room")
    }

    func test_everySurface_showsP0_andNeverALowerPriorityInsteadOfAHigherOne() {
        let random = RandomSource.seeded(9)
        for _ in 0..<500 {
            var payload = samplePayload
            for slot in Slot.allCases where random.bool(probability: 0.4) { payload.slots[slot] = nil }
            for surface in Surface.allCases {
                let layout = surface.layout(payload)
                if payload.hasP0 { XCTAssertTrue(layout.shown.contains { $0.priority == .p0 }, "\(surface) \(payload.slots.keys)") }
                for omitted in layout.omitted {
                    for placement in layout.placements where placement.region.accepts.contains(omitted) {
                        XCTAssertTrue(placement.slots.allSatisfy { $0.priority <= omitted.priority }, "\(surface): \(omitted) left out for lower priority")
                    }
                }
            }
        }
    }

    func test_minimalIsland_fallsBackToTheHeadline_whenNoETA() {
        var payload = samplePayload
        payload.slots[.eta] = nil
        XCTAssertEqual(Surface.islandMinimal.layout(payload).shown, [.headline])
        let drawn = ActivityExtension(container: .inMemory()).render(payload, on: .islandMinimal)
        XCTAssertEqual(drawn, ["(PICKU…)"])
    }

    func test_renderers_drawEverySurfaceAsText() {
        let container = SharedContainer.inMemory()
        let companion = MainAppCompanion(container: container) { $0.contains("prius") ? [1, 2, 3] : nil }
        companion.payloadDidUpdate(samplePayload)
        let view = ActivityExtension(container: container)
        let lockscreen = view.render(samplePayload, on: .lockscreen)
        XCTAssertEqual(lockscreen.first?.first, "╭")
        XCTAssertTrue(lockscreen.joined().contains("PICKUP IN 3 MIN"), lockscreen.joined(separator: "\n"))
        XCTAssertTrue(lockscreen.joined().contains("[prius-white."), "a cached image is drawn")
        XCTAssertTrue(lockscreen.joined().contains("[… driver_pho"), "a missing image gets a placeholder")
        XCTAssertTrue(lockscreen.joined().contains("62%"))
        XCTAssertEqual(Set(lockscreen.map(\.count)).count, 1, "a straight frame:\n\(lockscreen.joined(separator: "\n"))")
        XCTAssertEqual(view.render(samplePayload, on: .islandCompact), ["([prius-w… 3 MIN  )"])
        XCTAssertTrue(view.render(samplePayload, on: .android).joined().contains("Uber · now"))
    }
}
