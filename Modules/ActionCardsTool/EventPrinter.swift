import ActionCards
import EventLog
import Foundation
import MembershipContract
import MembershipService
import PlatformKit

/// Prints session events as text (`[+1.250s] description`) or JSON lines.
struct EventPrinter {
    let json: Bool
    let origin: Instant
    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    init(json: Bool, origin: Instant) {
        self.json = json
        self.origin = origin
    }

    mutating func print(_ step: StepResult, at instant: Instant) {
        for (event, stream) in step.events.map({ ($0.event, $0.stream) }) {
            print(event, stream: stream, at: instant)
        }
    }

    /// One event, at its time since `origin`.
    func print(_ event: any Event, stream: String, at instant: Instant) {
        let milliseconds = origin.duration(to: instant).wholeMilliseconds
        if json {
            let line = Line(milliseconds: milliseconds, stream: stream, type: type(of: event).eventType, event: event)
            Swift.print(String(decoding: (try? encoder.encode(line)) ?? Data(), as: UTF8.self))
        } else {
            let fraction = String(milliseconds % 1_000)
            // A screen's text never moves the terminal's cursor: ids and texts come from display configs.
            Swift.print("[+\(milliseconds / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s] " + TerminalColumns.printable("\(event)"))
        }
    }

    func final(member: String, state: MembershipProjection.Member, screens: [String]) {
        if json {
            let line = Final(member: member, screens: screens, membership: state)
            Swift.print(String(decoding: (try? encoder.encode(line)) ?? Data(), as: UTF8.self))
        } else {
            Swift.print("""
            == end: screens \(screens.isEmpty ? "(dismissed)" : TerminalColumns.printable(screens.joined(separator: " > ")))
            == membership of \(TerminalColumns.printable(member)): \(state.status.rawValue), plan \(state.plan ?? "none"), pays with \(state.defaultPaymentMethod), \
            auto-renew \(state.autoRenew ? "on" : "off"), \(state.purchases) purchases (\(state.spentMinorUnits) cents), \(state.declines) declined
            """)
        }
    }

    private struct Line: Encodable {
        var milliseconds: Int64
        var stream: String
        var type: String
        var event: any Event

        enum Keys: String, CodingKey { case ms, stream, type, event }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(milliseconds, forKey: .ms)
            try container.encode(stream, forKey: .stream)
            try container.encode(type, forKey: .type)
            try event.encode(to: container.superEncoder(forKey: .event))
        }
    }

    private struct Final: Encodable {
        var member: String
        var screens: [String]
        var membership: MembershipProjection.Member
    }
}
