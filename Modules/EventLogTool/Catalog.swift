import EventLog
import EventLogSQLite
import LedgerDemo
import PlatformKit

/// Every module's events and projections the tools know; add each module's here as it lands.
public enum Catalog {
    /// Projections `verify` replays against their snapshots.
    public static let projections: [any Projection] = [LedgerProjection()]

    /// Every known event type, for the readable JSON view.
    public static let events: EventRegistry = {
        var registry = EventRegistry()
        for projection in projections { registry.merge(projection.events) }
        return registry
    }()
}
