import PlatformKit

/// Performs one kind of action: navigates, updates cards, or calls the back end.
///
/// Flows are synchronous and return what should happen as a value; the session applies it.
public protocol ActionFlow {
    func perform(_ action: Action, in context: ActionFlowContext) -> FlowResult
}

/// Gives the flow for an action, or `nil` to let the action bubble up the chain.
public protocol ActionFlowProvider {
    /// Names the provider in `actioncards.flow.completed` events.
    var name: String { get }
    /// The action types this provider handles (what a display-config validator accepts).
    var actionTypes: Set<ActionType> { get }
    func flow(for action: Action) -> (any ActionFlow)?
}

/// What a flow sees: who, where, when, and the shared ActionCardData.
public struct ActionFlowContext {
    public var member: String
    public var app: String
    public var now: Instant
    public var screen: CardScreenPresentation
    public var params: [String: String]
    public var data: ActionCardData
    public var cardID: String
}

/// How a flow ended, or what it asks the session to do.
public enum FlowResult {
    /// Done now; `followUp` (e.g. a route chosen by data) runs before the completion action.
    case completed(FlowOutcome)
    /// Change the navigation stack; succeeds when the screen loads.
    case navigate(NavigationStep)
    /// Patch cards of the top screen, all or nothing.
    case updateCards([CardUpdate])
    /// Set (or clear, with `nil`) a field of the ActionCardData.
    case setData(field: String, value: String?)
    /// Tell the user something outside the cards.
    case notify(kind: String, text: String)
    /// A back-end call whose answer arrives at `call.due`: the card stays pending until then.
    case awaiting(PendingCall)
}

/// The end of a flow: success or failure, a detail, and an optional follow-up action.
public struct FlowOutcome: Sendable {
    public var succeeded: Bool
    public var detail: String
    public var followUp: Action?

    public static func success(_ detail: String = "", then followUp: Action? = nil) -> FlowOutcome {
        FlowOutcome(succeeded: true, detail: detail, followUp: followUp)
    }

    public static func failure(_ detail: String) -> FlowOutcome {
        FlowOutcome(succeeded: false, detail: detail, followUp: nil)
    }
}

/// A back-end answer already computed (the transport is synchronous) but seen only at `due`.
public struct PendingCall: Sendable {
    public var due: Instant
    public var outcome: FlowOutcome

    public init(due: Instant, outcome: FlowOutcome) {
        self.due = due
        self.outcome = outcome
    }
}

/// A change of the navigation stack.
public enum NavigationStep: Sendable, Equatable {
    case push(screen: String, params: [String: String])
    case replace(screen: String, params: [String: String])
    case back
    case root
    case reload
    case dismiss
}

/// Providers asked in order, most general first; an action unknown to one bubbles to the next.
public struct ActionFlowChain {
    public var providers: [any ActionFlowProvider]

    public init(_ providers: [any ActionFlowProvider]) {
        self.providers = providers
    }

    /// The first flow offered for `action`, with its provider's name.
    public func flow(for action: Action) -> (flow: any ActionFlow, handler: String)? {
        for provider in providers {
            if let flow = provider.flow(for: action) { return (flow, provider.name) }
        }
        return nil
    }
}

/// A flow written as a closure.
public struct ClosureFlow: ActionFlow {
    let body: (Action, ActionFlowContext) -> FlowResult

    public init(_ body: @escaping (Action, ActionFlowContext) -> FlowResult) {
        self.body = body
    }

    public func perform(_ action: Action, in context: ActionFlowContext) -> FlowResult {
        body(action, context)
    }
}
