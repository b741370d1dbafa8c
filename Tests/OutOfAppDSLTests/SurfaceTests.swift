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

    func test_minimalIsland_fallsBackToTheHeadline_whenNoETA() throws {
        var payload = samplePayload
        payload.slots[.eta] = nil
        XCTAssertEqual(Surface.islandMinimal.layout(payload).shown, [.headline])
        let drawn = try ActivityExtension(container: .inMemory()).render(payload, on: .islandMinimal)
        XCTAssertEqual(drawn, ["(PICKU…)"])
    }

    func test_renderers_drawEverySurfaceAsText() throws {
        let container = SharedContainer.inMemory()
        let companion = MainAppCompanion(container: container) { $0.contains("prius") ? [1, 2, 3] : nil }
        companion.payloadDidUpdate(samplePayload)
        let view = ActivityExtension(container: container)
        let lockscreen = try view.render(samplePayload, on: .lockscreen)
        XCTAssertEqual(lockscreen.first?.first, "╭")
        XCTAssertTrue(lockscreen.joined().contains("PICKUP IN 3 MIN"), lockscreen.joined(separator: "\n"))
        XCTAssertTrue(lockscreen.joined().contains("[prius-white."), "a cached image is drawn")
        XCTAssertTrue(lockscreen.joined().contains("[… driver_pho"), "a missing image gets a placeholder")
        XCTAssertTrue(lockscreen.joined().contains("62%"))
        XCTAssertEqual(Set(lockscreen.map(\.count)).count, 1, "a straight frame:\n\(lockscreen.joined(separator: "\n"))")
        XCTAssertEqual(try view.render(samplePayload, on: .islandCompact), ["([prius-w… 3 MIN  )"])
        XCTAssertTrue(try view.render(samplePayload, on: .android).joined().contains("Uber · now"))
    }

    /// A server's text with a line break or an escape sequence broke the frame and reached the
    /// terminal; wide characters and emoji, counted as one column, bent it.
    func test_serverText_neverBreaksTheFrame_norReachesTheTerminalRaw() throws {
        var payload = samplePayload
        payload.slots[.headline] = .label(text: "出租车 🚕 to 機場\nnow\u{1B}[2J", tags: [.title])
        payload.slots[.driver] = .label(text: "Zoë\tČapek", tags: [.subtitle])
        for surface in Surface.allCases {
            let drawn = try ActivityExtension(container: .inMemory()).render(payload, on: surface)
            let text = drawn.joined(separator: "\n")
            XCTAssertFalse(text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\t" }, text)
            XCTAssertEqual(drawn.count, text.split(separator: "\n", omittingEmptySubsequences: false).count, "no line break inside a line")
            XCTAssertEqual(Set(drawn.map(columns)).count, 1, "\(surface), a straight frame:\n\(text)")
        }
        let lockscreen = try ActivityExtension(container: .inMemory()).render(payload, on: .lockscreen).joined()
        XCTAssertTrue(lockscreen.contains("出租车 🚕"), lockscreen)
        XCTAssertTrue(lockscreen.contains("Zoë Čapek"), lockscreen)

        let validation = Validation(PayloadDecoder.Result(payload: payload, ignored: []))
        XCTAssertEqual(validation.errors, [
            "\"driver\": control character U+0009 in the text",
            "\"headline\": control character U+000A in the text",
        ])
    }

    /// A zero-width space (a format character) counted as a column made its row one column short;
    /// a bidi override, also counted, reordered the rest of the line and passed validation.
    func test_formatCharacters_takeNoColumns_andBidiOverridesAreRefused() throws {
        var payload = samplePayload
        payload.slots[.headline] = .label(text: "Pick\u{200B}up\u{2060} soon", tags: [.title])
        payload.slots[.driver] = .label(text: "Zoe\u{0301} \u{202E}kepaC", tags: [.subtitle])
        for surface in Surface.allCases {
            let drawn = try ActivityExtension(container: .inMemory()).render(payload, on: surface)
            XCTAssertEqual(Set(drawn.map(columns)).count, 1, "\(surface), a straight frame:\n\(drawn.joined(separator: "\n"))")
            XCTAssertFalse(drawn.joined().unicodeScalars.contains("\u{202E}"), "\(surface): the override is drawn as �")
        }
        XCTAssertEqual(Validation(PayloadDecoder.Result(payload: payload, ignored: [])).errors, ["\"driver\": control character U+202E in the text"])
    }

    /// Terminal columns, counted independently of the renderer: CJK ideographs and emoji take two,
    /// marks and format characters none.
    private func columns(_ line: String) -> Int {
        line.unicodeScalars.reduce(0) { total, scalar in
            let wide = (0x4E00...0x9FFF).contains(scalar.value) || (0x1F300...0x1FAFF).contains(scalar.value)
            let zero = scalar.properties.isGraphemeExtend || scalar.properties.generalCategory == .format
            return total + (zero ? 0 : wide ? 2 : 1)
        }
    }
}
