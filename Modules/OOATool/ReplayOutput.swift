import Foundation
import OOAService
import OutOfAppDSL
import PlatformKit

/// How `ooa replay` prints decisions and totals.
struct ReplayOutput {
    var json: Bool
    var all: Bool

    func print(_ decision: OOADecision) {
        let isPush = if case .pushed = decision.outcome { true } else { false }
        guard all || isPush else { return }
        Swift.print(json ? line(fields(decision)) : text(decision))
    }

    func totals(_ counters: OOACounters) {
        let rows: [(String, Int)] = [
            ("changes in", counters.changesIn), ("pushes out", counters.pushesOut), ("coalesced", counters.coalesced),
            ("throttled", counters.throttled), ("dropped", counters.dropped), ("ended", counters.ended),
        ]
        if json {
            Swift.print(line(["totals": Dictionary(uniqueKeysWithValues: rows.map { ($0.0.replacingOccurrences(of: " ", with: "_"), $0.1) })]))
        } else {
            Swift.print("totals: " + rows.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
        }
    }

    /// One trip's decisions folded (`OOAProjection` over its stream): the counts, and its live
    /// activity with the last decision about it, or that it ended.
    func activity(of trip: String, _ state: OOAProjection.State, sequence: Int64, last: Int64) {
        let counts: [(String, Int)] = [
            ("pushes", state.pushes), ("held", state.held), ("coalesced", state.coalesced),
            ("throttled", state.throttled), ("dropped", state.dropped), ("ended", state.ended),
        ]
        let activity = state.activities[trip]
        if json {
            var object: [String: Any] = ["trip": trip, "sequence": sequence]
            for (name, count) in counts { object[name] = count }
            if let activity {
                object["activity"] = [
                    "version": activity.version, "phase": activity.phase.name, "eta": activity.etaSeconds,
                    "last_decision": activity.lastDecision.description,
                ] as [String: Any]
            }
            Swift.print(line(object))
            return
        }
        Swift.print("trip \(trip) as of sequence \(sequence) of \(last): " + counts.map { "\($0.0) \($0.1)" }.joined(separator: ", "))
        if let activity {
            Swift.print("activity: v\(activity.version) \(activity.phase) eta \(activity.etaSeconds)s; last decision: \(activity.lastDecision)")
        } else {
            Swift.print(state.ended > 0 ? "activity: ended" : "activity: none started")
        }
    }

    private func text(_ decision: OOADecision) -> String {
        let head = "\(seconds(decision.time.millisecondsSinceEpoch))  \(decision.tripID)  "
        switch decision.outcome {
        case .pushed(let push):
            let state = push.state
            var text = head + "\(push.kind.rawValue) v\(push.version)  \(push.reason.rawValue) (\(push.priority))  "
            text += "\(state.phase) eta \(state.etaSeconds)s progress \(state.progressPerMille / 10)%  key \(decision.notificationKey)"
            if push.coalesced > 0 { text += "  coalesced \(push.coalesced)" }
            return text
        case .debounced(let until): return head + "debounced until \(seconds(until.millisecondsSinceEpoch))"
        case .coalesced(let until): return head + "coalesced until \(seconds(until.millisecondsSinceEpoch))"
        case .throttled(let until): return head + "throttled until \(seconds(until.millisecondsSinceEpoch))"
        case .dropped(let reason): return head + "dropped: \(reason.rawValue)"
        }
    }

    private func fields(_ decision: OOADecision) -> [String: Any] {
        var fields: [String: Any] = ["time": Double(decision.time.millisecondsSinceEpoch) / 1_000, "trip": decision.tripID]
        switch decision.outcome {
        case .pushed(let push):
            fields["decision"] = "pushed"
            fields["kind"] = push.kind.rawValue
            fields["reason"] = push.reason.rawValue
            fields["priority"] = "\(push.priority)"
            fields["version"] = push.version
            fields["phase"] = push.state.phase.name
            fields["eta"] = push.state.etaSeconds
            fields["progress"] = Double(push.state.progressPerMille) / 1_000
            fields["coalesced"] = push.coalesced
            fields["notification_key"] = decision.notificationKey
        case .debounced(let until): fields.held("debounced", until: until)
        case .coalesced(let until): fields.held("coalesced", until: until)
        case .throttled(let until): fields.held("throttled", until: until)
        case .dropped(let reason):
            fields["decision"] = "dropped"
            fields["reason"] = reason.rawValue
        }
        return fields
    }

    private func line(_ object: [String: Any]) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    private func seconds(_ milliseconds: Int64) -> String {
        let fraction = String(milliseconds % 1_000)
        return "\(milliseconds / 1_000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)s"
    }
}

extension [String: Any] {
    fileprivate mutating func held(_ decision: String, until: Instant) {
        self["decision"] = decision
        self["until"] = Double(until.millisecondsSinceEpoch) / 1_000
    }
}
