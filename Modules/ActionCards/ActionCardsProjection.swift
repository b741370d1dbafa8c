import EventLog

/// Card sessions and their analytics, folded from the log: each session's navigation stack and
/// pending cards; screen views, impressions and taps by screen analytics id; unhandled actions.
public struct ActionCardsProjection: Projection {
    public struct Session: Codable, Sendable, Equatable {
        public var screens: [String] = []
        public var pendingCards: [String] = []
        public var data: [String: String] = [:]
    }

    public struct State: Codable, Sendable, Equatable {
        /// By stream (`actioncards-<member>`).
        public var sessions: [String: Session] = [:]
        public var screenViews: [String: Int] = [:]
        public var impressions: [String: Int] = [:]
        public var taps: [String: Int] = [:]
        /// Unhandled actions by type.
        public var unhandled: [String: Int] = [:]
    }

    public init() {}
    public var name: String { "actioncards.sessions" }
    public var version: Int { 1 }
    public var initialState: State { State() }
    public var events: EventRegistry { ActionCardsEvents.registry }

    public func apply(_ event: any Event, envelope: RecordedEvent, to state: inout State) {
        let stream = envelope.streamID
        if let event = event.exactly(ScreenPresented.self) {
            state.screenViews[event.analyticsID, default: 0] += 1
            var session = state.sessions[stream] ?? Session()
            switch event.reason {
            case "open": session.screens = [event.screenID]
            case "push": session.screens.append(event.screenID)
            default:
                session.screens = Array(session.screens.prefix(max(0, event.depth - 1))) + [event.screenID]
            }
            state.sessions[stream] = session
        } else if type(of: event) == SessionDismissed.self {
            state.sessions[stream]?.screens = []
        } else if let event = event.exactly(CardImpression.self) {
            state.impressions[event.analyticsID, default: 0] += 1
        } else if let event = event.exactly(CardTapped.self) {
            state.taps[event.analyticsID, default: 0] += 1
        } else if let event = event.exactly(ActionUnhandled.self) {
            state.unhandled[event.actionType, default: 0] += 1
        } else if let event = event.exactly(CardPendingChanged.self) {
            var session = state.sessions[stream] ?? Session()
            session.pendingCards.removeAll { $0 == event.cardID }
            if event.pending { session.pendingCards.append(event.cardID) }
            state.sessions[stream] = session
        } else if let event = event.exactly(CardDataChanged.self) {
            state.sessions[stream, default: Session()].data[event.field] = event.value
        }
    }
}
