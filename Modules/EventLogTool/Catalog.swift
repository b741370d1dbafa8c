import CitySimulation
import EventLog
import LedgerDemo
import OnboardingHarness

/// Every module's events and projections the tools know.
public enum Catalog {
    /// Projections `verify` and `replay` know: the demo ledger and every projection of the platform
    /// (the city simulation's own and each feature module's).
    public static let projections: [any Projection] = [LedgerProjection()] + SimulationRun.projections

    /// Every known event type, for the readable JSON view.
    public static let events: EventRegistry = {
        var registry = EventRegistry()
        for projection in projections { registry.merge(projection.events) }
        registry.merge(OnboardingEvents.registry)
        return registry
    }()
}
