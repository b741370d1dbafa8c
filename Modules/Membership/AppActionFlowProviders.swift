import ActionCards

/// Eats-only actions: reached when they bubble past the shared providers in the Eats app.
public struct EatsActionFlowProvider: ActionFlowProvider {
    public var name: String { "eats" }
    public var actionTypes: Set<ActionType> { ActionType.eatsOnly }

    public init() {}

    public func flow(for action: Action) -> (any ActionFlow)? {
        switch action.type {
        case .openEatsStore: ClosureFlow { action, _ in .notify(kind: "eats", text: "opened store \(action.value ?? "home")") }
        case .applyPassToCart: ClosureFlow { _, context in .notify(kind: "eats", text: "membership savings applied to \(context.member)'s cart") }
        default: nil
        }
    }
}

/// Rides-only actions: reached when they bubble past the shared providers in the Rides app.
public struct RidesActionFlowProvider: ActionFlowProvider {
    public var name: String { "rides" }
    public var actionTypes: Set<ActionType> { ActionType.ridesOnly }

    public init() {}

    public func flow(for action: Action) -> (any ActionFlow)? {
        switch action.type {
        case .requestPassRide: ClosureFlow { action, _ in .notify(kind: "rides", text: "requested \(action.value ?? "UberX") with member pricing") }
        case .showRideSavings: ClosureFlow { _, context in .notify(kind: "rides", text: "ride savings of \(context.member)") }
        default: nil
        }
    }
}

/// The app a membership session runs in, and its provider chain: core → membership → app.
public enum MembershipApp: String, Sendable, CaseIterable {
    case eats
    case rides

    /// The chain of a session in this app.
    public func chain(client: MembershipClient) -> ActionFlowChain {
        let app: any ActionFlowProvider = switch self {
        case .eats: EatsActionFlowProvider()
        case .rides: RidesActionFlowProvider()
        }
        return ActionFlowChain([CoreActionFlowProvider(), MembershipActionFlowProvider(client: client), app])
    }

    /// Every action type some app handles: what display configs may use.
    public static var knownActions: Set<ActionType> {
        ActionType.core.union(ActionType.membership).union(ActionType.eatsOnly).union(ActionType.ridesOnly)
    }
}
