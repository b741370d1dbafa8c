import EventLog
import OnboardingContract
import PlatformKit

/// Client-side events, on the stream `onboarding-client-<clientID>`: Entry's state, plugin choices, the session hand-off.
public protocol OnboardingClientEvent: Event {
    var client: String { get }
}

extension OnboardingClientEvent {
    public var streamID: String { String(concatenating: "onboarding-client-", client) }
}

/// Entry attached a Welcome: a plugin's, or the app's default.
public struct WelcomeChosen: OnboardingClientEvent {
    public static let eventType = "onboarding.client.welcome.chosen"
    public var client: String
    public var welcome: String
    public var isPlugin: Bool
}

/// Entry went active (Orchestrator attached) for a new attempt.
public struct EntryActivated: OnboardingClientEvent {
    public static let eventType = "onboarding.client.entry.activated"
    public var client: String
    public var attempt: String
}

/// Entry went back to its Welcome (the user cancelled, or the attempt failed).
public struct EntryDeactivated: OnboardingClientEvent {
    public static let eventType = "onboarding.client.entry.deactivated"
    public var client: String
    public var attempt: String
    public var reason: String
}

/// Transformer built a question's info steps; `builders` names each step's builder (plugin or default).
public struct InfoStepsBuilt: OnboardingClientEvent {
    public static let eventType = "onboarding.client.steps.built"
    public var client: String
    public var attempt: String
    public var questionID: String
    public var builders: [String]
}

/// The client sent nothing: no requested data type was dirty.
public struct AnswerWithheld: OnboardingClientEvent {
    public static let eventType = "onboarding.client.answer.withheld"
    public var client: String
    public var attempt: String
    public var questionID: String
}

/// A request got no reply after every retry.
public struct RequestFailed: OnboardingClientEvent {
    public static let eventType = "onboarding.client.request.failed"
    public var client: String
    public var attempt: String
    public var error: String
}

/// The applicable ConfigureStep plugins after the session, in order (possibly none).
public struct ConfigureStepsChosen: OnboardingClientEvent {
    public static let eventType = "onboarding.client.configure.chosen"
    public var client: String
    public var attempt: String
    public var steps: [String]
}

/// The session was handed to the app (the token itself is not logged).
public struct SessionDelivered: OnboardingClientEvent {
    public static let eventType = "onboarding.client.session.delivered"
    public var client: String
    public var attempt: String
    public var account: String
    public var scenario: Scenario
}

/// Every client event type.
public enum OnboardingClientEvents {
    public static let registry: EventRegistry = {
        var registry = EventRegistry()
        registry.register(WelcomeChosen.self)
        registry.register(EntryActivated.self)
        registry.register(EntryDeactivated.self)
        registry.register(InfoStepsBuilt.self)
        registry.register(AnswerWithheld.self)
        registry.register(RequestFailed.self)
        registry.register(ConfigureStepsChosen.self)
        registry.register(SessionDelivered.self)
        return registry
    }()
}

/// Appends client events to the caller's log.
struct ClientLog {
    let writer: any EventLogWriter

    func record(_ events: any OnboardingClientEvent...) throws {
        try writer.record(events.map { TypedEvent($0, stream: $0.streamID) })
    }
}
