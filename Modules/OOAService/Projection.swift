import EventLog
import OutOfAppDSL
import PlatformKit

/// The OOA service's decisions folded from the log: totals, and per live activity its last
/// push and last decision (what "why didn't my Live Activity update?" asks).
public struct OOAProjection: Projection {
    public struct Activity: Codable, Sendable, Equatable {
        public var version: Int
        public var phase: TripPhase
        public var etaSeconds: Int
        /// The last decision about this trip; it reads e.g. `dropped: insignificant`.
        public var lastDecision: Decision
    }

    /// A decision about a trip, kept as values (formatted only when read).
    public enum Decision: Codable, Sendable, Equatable, CustomStringConvertible {
        case pushed(PushKind, PushReason)
        case held(OOAChangeHeld.How, until: Instant)
        case throttled(until: Instant)
        case dropped(DropReason)

        public var description: String {
            switch self {
            case .pushed(let kind, let reason): "pushed \(kind.rawValue): \(reason.rawValue)"
            case .held(let how, let until): "\(how.rawValue) until \(until)"
            case .throttled(let until): "throttled until \(until)"
            case .dropped(let reason): "dropped: \(reason.rawValue)"
            }
        }
    }

    public struct State: Codable, Sendable, Equatable {
        public var pushes = 0
        public var held = 0
        public var coalesced = 0
        public var throttled = 0
        public var dropped = 0
        public var ended = 0
        /// Activities not ended yet, by trip id.
        public var activities: [String: Activity] = [:]

        public init() {}
    }

    public init() {}

    public var name: String { "ooa.decisions" }
    public var version: Int { 2 }
    public var initialState: State { State() }
    public var events: EventRegistry { Self.registry }

    /// Every OOA event.
    public static let registry: EventRegistry = {
        var registry = EventRegistry()
        registry.register(OOAPushSent.self)
        registry.register(OOAChangeHeld.self)
        registry.register(OOAPushThrottled.self)
        registry.register(OOAChangeDropped.self)
        return registry
    }()

    public func apply(_ event: any Event, envelope: RecordedEvent, to state: inout State) {
        if let push = event.exactly(OOAPushSent.self) {
            state.pushes += 1
            if push.kind == .end {
                state.ended += 1
                state.activities[push.trip] = nil
            } else {
                state.activities[push.trip] = Activity(
                    version: push.version, phase: push.phase, etaSeconds: push.etaSeconds,
                    lastDecision: .pushed(push.kind, push.reason)
                )
            }
        } else if let held = event.exactly(OOAChangeHeld.self) {
            state.held += 1
            if held.how == .coalesced { state.coalesced += 1 }
            state.activities[held.trip]?.lastDecision = .held(held.how, until: held.until)
        } else if let throttled = event.exactly(OOAPushThrottled.self) {
            state.throttled += 1
            state.activities[throttled.trip]?.lastDecision = .throttled(until: throttled.until)
        } else if let dropped = event.exactly(OOAChangeDropped.self) {
            state.dropped += 1
            state.activities[dropped.trip]?.lastDecision = .dropped(dropped.reason)
        }
    }
}
