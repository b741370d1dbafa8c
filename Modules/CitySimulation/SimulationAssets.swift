import ActionCards
import OnboardingService

/// The data-driven configuration a run reads once: onboarding flows per market and the
/// membership card screens. Loaded by the app from the fixtures directory.
public struct SimulationAssets: Sendable {
    public var flows: FlowCatalog
    public var screens: ScreenCatalog

    public init(flows: FlowCatalog, screens: ScreenCatalog) {
        self.flows = flows
        self.screens = screens
    }

    /// Loads `<fixtures>/onboarding/flows` and `<fixtures>/actioncards/membership`.
    public static func load(fixtures: String) throws -> SimulationAssets {
        let flows: FlowCatalog
        do {
            flows = try FlowCatalog.load(directory: fixtures + "/onboarding/flows")
        } catch {
            throw SimulationError("\(error)")
        }
        return SimulationAssets(flows: flows, screens: try ScreenCatalog.load(directory: fixtures + "/actioncards/membership"))
    }
}
