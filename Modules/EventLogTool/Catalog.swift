import ArgumentParser
import CitySimulation
import EventLog
import LedgerDemo
import OnboardingHarness

/// Every module's events and projections the tools know.
public enum Catalog {
    /// Projections `verify` and `replay` know: the demo ledger and every projection of the platform
    /// (the city simulation's own and each feature module's).
    public static let projections: [any Projection] = [LedgerProjection()] + SimulationRun.projections

    /// The projection named `name`; a usage error naming the known ones when there is none.
    static func projection(named name: String) throws -> any Projection {
        guard let projection = projections.first(where: { $0.name == name }) else {
            throw ValidationError("unknown projection '\(name)'; known: \(projections.map(\.name).joined(separator: ", "))")
        }
        return projection
    }

    /// Every known event type, for the readable JSON view.
    public static let events: EventRegistry = {
        var registry = EventRegistry()
        for projection in projections { registry.merge(projection.events) }
        registry.merge(OnboardingEvents.registry)
        return registry
    }()
}
