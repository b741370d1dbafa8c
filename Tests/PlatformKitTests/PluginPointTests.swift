import Foundation
import PlatformKit
import XCTest

/// A rider's trip state, the context of the test plugin points.
private struct TripContext: Sendable {
    var isSurging = false
    var isAirport = false
}

/// A hand-written conformer, to exercise the protocol alongside `AnyPlugin`.
private struct SurgePlugin: Plugin {
    let id: PluginID = "surge"
    func isApplicable(to context: TripContext) -> Bool { context.isSurging }
    func build(for context: TripContext) -> String { "surge card" }
}

final class PluginPointTests: XCTestCase {
    private let airport = AnyPlugin<TripContext, String>(id: "airport", isApplicable: { $0.isAirport }) { _ in "airport card" }
    private let promo = AnyPlugin<TripContext, String>(id: "promo") { _ in "promo card" }

    private func point(switchedOff: Set<PluginID> = []) -> PluginPoint<TripContext, String> {
        PluginPoint(plugins: [SurgePlugin(), airport], switches: PluginSwitches(disabled: switchedOff)) { _ in "default card" }
    }

    func test_pluginPoint_fallsBackToDefault_whenNoPluginApplies() {
        XCTAssertEqual(point().resolve(TripContext()), "default card")
        XCTAssertNil(point().resolvingPlugin(TripContext()))
    }

    func test_pluginPoint_usesFirstApplicablePluginInOrder() {
        let both = TripContext(isSurging: true, isAirport: true)
        XCTAssertEqual(point().resolve(both), "surge card")
        XCTAssertEqual(point().resolvingPlugin(both), "surge")
        XCTAssertEqual(point().resolve(TripContext(isAirport: true)), "airport card")
        XCTAssertEqual(point().resolvingPlugin(TripContext(isAirport: true)), "airport")
    }

    func test_pluginPoint_skipsSwitchedOffPlugin() {
        let both = TripContext(isSurging: true, isAirport: true)
        XCTAssertEqual(point(switchedOff: ["surge"]).resolve(both), "airport card")
        XCTAssertEqual(point(switchedOff: ["surge"]).resolvingPlugin(both), "airport")
        XCTAssertEqual(point(switchedOff: ["surge", "airport"]).resolve(both), "default card")
    }

    func test_pluginPoint_resolveAll_returnsEveryApplicableEnabledOutputInOrder() {
        let cards = PluginPoint(plugins: [promo, SurgePlugin(), airport]) { _ in "unused" }
        XCTAssertEqual(cards.resolveAll(TripContext(isSurging: true, isAirport: true)), ["promo card", "surge card", "airport card"])
        XCTAssertEqual(cards.resolveAll(TripContext(isAirport: true)), ["promo card", "airport card"])
        var withoutPromo = cards
        withoutPromo.switches.disabled.insert("promo")
        XCTAssertEqual(withoutPromo.resolveAll(TripContext()), [])
    }

    func test_pluginPoint_passesTheContextToTheDefault() {
        let point = PluginPoint<Int, Int>(plugins: []) { $0 * 2 }
        XCTAssertEqual(point.resolve(21), 42)
    }

    func test_pluginPoint_isSendable() async {
        let shared = point()
        let result = await Task.detached { shared.resolve(TripContext(isAirport: true)) }.value
        XCTAssertEqual(result, "airport card")
    }

    func test_pluginID_codesAsPlainString() throws {
        let data = try JSONEncoder().encode(PluginSwitches(disabled: ["surge"]))
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"{"disabled":["surge"]}"#)
        XCTAssertEqual(try JSONDecoder().decode(PluginSwitches.self, from: data), PluginSwitches(disabled: ["surge"]))
    }
}
