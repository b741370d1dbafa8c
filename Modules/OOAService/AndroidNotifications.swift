/// The Android side of a push: one ongoing notification per trip, updated in place by key.
///
/// A test double of the device's notification tray: `start` posts, `update` replaces the
/// notification with the same key, `end` dismisses it.
public struct AndroidNotificationTray: Sendable, Equatable {
    public struct Notification: Sendable, Equatable {
        public var key: String
        public var version: Int
        public var state: DeliveredState
    }

    /// Visible notifications by key.
    public private(set) var notifications: [String: Notification] = [:]
    /// How many notifications were ever posted (not updated).
    public private(set) var posted = 0

    public init() {}

    /// Applies the decision if it is a push; an older version than the shown one is ignored.
    public mutating func apply(_ decision: OOADecision) {
        guard case .pushed(let push) = decision.outcome else { return }
        let key = decision.notificationKey
        if let shown = notifications[key], shown.version >= push.version { return }
        switch push.kind {
        case .end:
            notifications[key] = nil
        case .start, .update:
            if notifications[key] == nil { posted += 1 }
            notifications[key] = Notification(key: key, version: push.version, state: push.state)
        }
    }
}
