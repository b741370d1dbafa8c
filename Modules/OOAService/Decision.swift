import OutOfAppDSL
import PlatformKit

/// What a push does to the activity (and to the Android notification with the same key).
public enum PushKind: String, Sendable, Hashable, CaseIterable, Codable {
    /// Starts the Live Activity; posts the Android notification.
    case start
    /// Updates the activity; updates the Android notification in place (same key).
    case update
    /// Ends the activity; updates then dismisses the Android notification.
    case end
}

/// Why a push went out (or an activity ended).
public enum PushReason: String, Sendable, Hashable, CaseIterable, Codable {
    case tripStarted = "trip-started"
    case phaseChanged = "phase-changed"
    case etaChanged = "eta-changed"
    case locationChanged = "location-changed"
    case tripCompleted = "trip-completed"
    case tripCanceled = "trip-canceled"
    case lifetimeLimit = "lifetime-limit"
}

/// Why a change produced no push.
public enum DropReason: String, Sendable, Hashable, CaseIterable, Codable {
    /// Nothing a rule counts changed since the last delivered state.
    case insignificant
    /// Older than a change already seen for this trip.
    case outOfOrder = "out-of-order"
    /// The trip has no activity (it ended, or never started).
    case noActivity = "no-activity"
    /// The held changes came back to the delivered state before their release.
    case unchangedAtRelease = "unchanged-at-release"
    /// The held changes were overtaken by a newer state pushed at once (a phase change, the end
    /// of the activity).
    case superseded

    /// Whether the drop is the decision on a change received, not on a held state.
    public var answersAChange: Bool { self != .unchangedAtRelease && self != .superseded }
}

/// The state a push delivers.
public struct DeliveredState: Sendable, Hashable, Codable {
    public var phase: TripPhase
    public var etaSeconds: Int
    /// The progress bar's fill in per-mille (0...1000), never backwards within a phase.
    public var progressPerMille: Int

    public init(phase: TripPhase, etaSeconds: Int, progressPerMille: Int) {
        self.phase = phase
        self.etaSeconds = etaSeconds
        self.progressPerMille = progressPerMille
    }
}

/// One push to APNs and to the Android notification `notificationKey`.
public struct OOAPush: Sendable, Hashable {
    public var kind: PushKind
    public var reason: PushReason
    public var priority: PushPriority
    public var state: DeliveredState
    /// The payload version: 1, 2, 3… per trip, so clients ignore older updates.
    public var version: Int
    /// Changes merged into this push since the previous one.
    public var coalesced: Int
    /// The rider, on the push that starts the activity.
    public var riderID: String?

    public init(kind: PushKind, reason: PushReason, priority: PushPriority, state: DeliveredState, version: Int, coalesced: Int, riderID: String? = nil) {
        self.kind = kind
        self.reason = reason
        self.priority = priority
        self.state = state
        self.version = version
        self.coalesced = coalesced
        self.riderID = riderID
    }
}

extension OOAPush {
    /// Whether a push of `kind`, `reason` and `priority` is the decision on a change received:
    /// a start, an end the trip's own change asked for, or a high-priority update. A held state
    /// is never high-priority (such a change is pushed at once), so its release is not one.
    public static func answersAChange(kind: PushKind, reason: PushReason, priority: PushPriority) -> Bool {
        switch kind {
        case .start: true
        case .update: priority == .high
        case .end: reason != .lifetimeLimit
        }
    }
}

/// One decision of the service, with its reason: what "why didn't my Live Activity update?" reads.
public struct OOADecision: Sendable, Hashable {
    public enum Outcome: Sendable, Hashable {
        /// A push went out.
        case pushed(OOAPush)
        /// A low-priority change is held until `until`, when the newest held state goes out.
        case debounced(until: Instant)
        /// A change merged into an already held one (the newest wins), released at `until`.
        case coalesced(until: Instant)
        /// A held push exceeded the trip's budget; it goes out at `until` with the newest state.
        case throttled(until: Instant)
        /// No push, and why.
        case dropped(DropReason)
    }

    public var tripID: String
    /// When the decision took effect (a release happens at its due time, not at the tick).
    public var time: Instant
    public var outcome: Outcome

    /// Whether this is the decision on a change received: each change gets exactly one, at once
    /// (a push, a hold, a drop). The others answer a held state falling due or being superseded,
    /// or an activity's lifetime limit.
    public var answersAChange: Bool {
        switch outcome {
        case .pushed(let push): OOAPush.answersAChange(kind: push.kind, reason: push.reason, priority: push.priority)
        case .debounced, .coalesced: true
        case .throttled: false
        case .dropped(let reason): reason.answersAChange
        }
    }

    public init(tripID: String, time: Instant, outcome: Outcome) {
        self.tripID = tripID
        self.time = time
        self.outcome = outcome
    }

    /// The Android notification this trip's pushes update in place.
    public var notificationKey: String { String(concatenating: "ooa-", tripID) }
}

/// Running totals of the service.
public struct OOACounters: Sendable, Hashable, Codable {
    /// Trip-state changes received: each gets one decision that ``OOADecision/answersAChange``,
    /// so `changesIn` = pushes out − lifetime-limit ends + coalesced + dropped + states still held.
    public var changesIn = 0
    /// Pushes sent (starts, updates and ends).
    public var pushesOut = 0
    /// Changes merged into a held one.
    public var coalesced = 0
    /// Held pushes delayed by the budget.
    public var throttled = 0
    /// Changes (or held states) that produced no push.
    public var dropped = 0
    /// Activities ended (trip over or lifetime limit).
    public var ended = 0

    public init() {}
}
