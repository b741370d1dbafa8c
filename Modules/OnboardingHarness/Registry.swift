import EventLog
import Onboarding
import OnboardingService

/// Every onboarding event type, back end and client, for tools that decode the shared log.
public enum OnboardingEvents {
    public static let registry: EventRegistry = {
        var registry = OnboardingProjection.registry
        registry.merge(OnboardingClientEvents.registry)
        return registry
    }()
}
