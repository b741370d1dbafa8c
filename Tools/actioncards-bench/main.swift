import ActionCards
import EventLog
import Foundation
import Membership
import MembershipContract
import MembershipSimulation
import PlatformKit

// `actioncards-bench [FIXTURES_DIR]`: decode + render of a 200-card screen, and a 50-step scripted
// membership session, in a release build. Prints a markdown table.

let fixtures = CommandLine.arguments.dropFirst().first ?? "fixtures/actioncards/membership"
let clock = ContinuousClock()

/// The median and 95th percentile of `runs` timings of `body`, in microseconds.
func measure(runs: Int, _ body: () throws -> Void) rethrows -> (median: Double, p95: Double) {
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        let elapsed = try clock.measure(body)
        samples.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
    }
    samples.sort()
    return (samples[runs / 2], samples[min(runs - 1, runs * 95 / 100)])
}

func format(_ microseconds: Double) -> String {
    microseconds >= 1_000 ? "\((microseconds / 10).rounded() / 100) ms" : "\((microseconds * 10).rounded() / 10) µs"
}

// MARK: - A 200-card screen

let kinds: [(Int) -> String] = [
    { #"{"id": "c\#($0)", "type": "header", "title": "Section \#($0)", "subtitle": "Everything about \#($0)"}"# },
    { #"{"id": "c\#($0)", "type": "richText", "text": "Members save on delivery fees and rides; this paragraph wraps across several lines of the terminal for card \#($0)."}"# },
    { #"{"id": "c\#($0)", "type": "keyValue", "key": "Row \#($0)", "value": "USD \#($0).99", "action": {"type": "navigateToScreen", "screen": "payment-methods", "success": {"type": "reload"}}}"# },
    { #"{"id": "c\#($0)", "type": "button", "title": "Action \#($0)", "enabled": true, "action": {"type": "cancelMembership", "success": {"type": "navigateBack", "success": {"type": "reload"}}, "failure": {"type": "showAlert", "title": "No", "message": "Try later"}}}"# },
    { #"{"id": "c\#($0)", "type": "list", "items": [{"id": "a", "title": "First", "subtitle": "one", "action": {"type": "openURL", "value": "https://example.com/\#($0)"}}, {"id": "b", "title": "Second", "action": {"type": "openHelp", "value": "t\#($0)"}}]}"# },
    { #"{"id": "c\#($0)", "type": "message", "title": "Note \#($0)", "body": "Your benefits renew on the first of the month.", "tone": "info"}"# },
    { #"{"id": "c\#($0)", "type": "radioOptionGroup", "options": [{"id": "x", "label": "Option X"}, {"id": "y", "label": "Option Y"}], "action": {"type": "updateCards", "updates": [{"id": "c\#($0 + 1)", "enabled": true}]}}"# },
    { #"{"id": "c\#($0)", "type": "spacer", "height": 16, "background": "gray-50"}"# },
    { #"{"id": "c\#($0)", "type": "image", "url": "https://example.com/\#($0).png", "alt": "Picture \#($0)"}"# },
    { #"{"id": "c\#($0)", "type": "divider"}"# },
    { #"{"id": "c\#($0)", "type": "textField", "placeholder": "Promo code"}"# },
]
let cards = (0..<190).map { kinds[$0 % kinds.count]($0) }.joined(separator: ",\n")
let pinned = (190..<200).map { kinds[3]($0) }.joined(separator: ",\n")
let screenJSON = Data(#"{"screenID": "big", "analyticsID": "bench.big.v1", "title": "Two hundred cards", "mainCards": [\#(cards)], "bottomCards": [\#(pinned)]}"#.utf8)
let presenter = CardScreenPresenter(width: 60)
var rendered = 0
let decodeTime = try measure(runs: 200) { _ = try JSONDecoder().decode(CardScreenPresentation.self, from: screenJSON) }
let renderScreen = try JSONDecoder().decode(CardScreenPresentation.self, from: screenJSON)
let renderTime = measure(runs: 200) { rendered &+= presenter.render(renderScreen).utf8.count }
let bothTime = try measure(runs: 200) {
    rendered &+= presenter.render(try JSONDecoder().decode(CardScreenPresentation.self, from: screenJSON)).utf8.count
}

// MARK: - A 50-step scripted session

enum Step {
    case tap(String, String? = nil)
    case wait
}

let cycle: [Step] = [
    .tap("payment"), .tap("methods", "mastercard-5454"), .tap("use-method"), .wait,
    .tap("switch-plan", "annual"), .wait, .tap("switch-plan", "monthly"), .wait,
    .tap("help"), .tap("helpful"), .tap("topics", "billing"), .tap("back"),
    .tap("end"), .tap("why"), .tap("reasons", "too-expensive"), .tap("continue"), .wait,
    .tap("no-thanks"), .tap("keep"), .tap("cart"), .tap("renew-off"), .wait, .tap("renew-on"), .wait,
]
let script = (0..<50).map { cycle[$0 % cycle.count] }
let catalog = try ScreenCatalog.load(directory: fixtures)

/// Runs the script for a fresh member; returns (events, ignored taps).
func session(encodesMessages: Bool, log: InMemoryEventLog?) throws -> (events: Int, ignored: Int) {
    let world = MembershipWorld(catalog: catalog, conditions: NetworkConditions(latencyMilliseconds: 40...120), random: .seeded(5), encodesMessages: encodesMessages)
    var now = Instant(millisecondsSinceEpoch: 1_790_000_000_000)
    var results = [world.enroll("member-1", status: .active, plan: "monthly")]
    let (session, opened) = try world.openSession(member: "member-1", app: .eats, start: "manage", at: now)
    results.append(opened)
    for step in script {
        now = now.advanced(by: .milliseconds(300))
        switch step {
        case .tap(let card, let option): results.append(try session.tap(card, option: option, at: now))
        case .wait: results.append(try session.advance(to: now))
        }
    }
    if let log { for result in results { try result.append(to: log) } }
    return (results.reduce(0) { $0 + $1.events.count }, results.reduce(0) { $0 + $1.of(TapIgnored.self).count })
}

let check = try session(encodesMessages: false, log: nil)
guard check.ignored == 0 else {
    try? FileHandle.standardError.write(contentsOf: Data("actioncards-bench: the script has \(check.ignored) ignored taps\n".utf8))
    exit(1)
}
let sessionTime = try measure(runs: 100) { _ = try session(encodesMessages: false, log: nil) }
let wireTime = try measure(runs: 100) { _ = try session(encodesMessages: true, log: nil) }
let loggedTime = try measure(runs: 100) { _ = try session(encodesMessages: false, log: InMemoryEventLog(clock: .constant(.epoch))) }

func row(_ measure: String, _ value: String, _ target: String = "", _ met: String = "") {
    print("| \(measure) | \(value) | \(target) | \(met) |")
}

print("| measure | value (median; p95) | target | met |")
print("|---|---|---|---|")
let bothOK = bothTime.median < 5_000
row("decode 200-card screen (JSON, \(screenJSON.count / 1_024) KB)", "\(format(decodeTime.median)); \(format(decodeTime.p95))")
row("render 200-card screen (60 columns)", "\(format(renderTime.median)); \(format(renderTime.p95))")
row("decode + render 200-card screen", "\(format(bothTime.median)); \(format(bothTime.p95))", "< 5 ms", bothOK ? "yes" : "no")
row("50-step session, \(check.events) events (no wire encoding)", "\(format(sessionTime.median)); \(format(sessionTime.p95))")
row("  per step", format(sessionTime.median / 50))
row("50-step session, messages through JSON (the wire contract)", "\(format(wireTime.median)); \(format(wireTime.p95))")
row("50-step session, appended to an in-memory log", "\(format(loggedTime.median)); \(format(loggedTime.p95))")
if rendered == 0 { print("(nothing rendered)") }
