/// The flows every card session has: navigation, card updates, data, and notifications.
///
/// `sequence` and `perform` are run by the session itself (they only combine other actions).
public struct CoreActionFlowProvider: ActionFlowProvider {
    public var name: String { "core" }
    public var actionTypes: Set<ActionType> { ActionType.core }
    /// The screen `openHelp` pushes, with the topic as the `topic` parameter.
    public var helpScreen: String

    public init(helpScreen: String = "help") {
        self.helpScreen = helpScreen
    }

    public func flow(for action: Action) -> (any ActionFlow)? {
        switch action.type {
        case .navigateToScreen, .replaceScreen:
            return ClosureFlow { action, _ in
                guard let screen = action.screen else { return .completed(.failure("no screen")) }
                return .navigate(action.type == .replaceScreen ? .replace(screen: screen, params: action.params) : .push(screen: screen, params: action.params))
            }
        case .navigateBack: return ClosureFlow { _, _ in .navigate(.back) }
        case .navigateToRoot: return ClosureFlow { _, _ in .navigate(.root) }
        case .reload: return ClosureFlow { _, _ in .navigate(.reload) }
        case .dismiss: return ClosureFlow { _, _ in .navigate(.dismiss) }
        case .openHelp:
            let helpScreen = helpScreen
            return ClosureFlow { action, _ in .navigate(.push(screen: helpScreen, params: ["topic": action.value ?? "general"])) }
        case .updateCards: return ClosureFlow { action, _ in .updateCards(action.updates) }
        case .setData:
            return ClosureFlow { action, _ in
                guard let field = action.field else { return .completed(.failure("no field")) }
                return .setData(field: field, value: action.value ?? "")
            }
        case .clearData:
            return ClosureFlow { action, _ in
                guard let field = action.field else { return .completed(.failure("no field")) }
                return .setData(field: field, value: nil)
            }
        case .showAlert: return ClosureFlow { action, _ in .notify(kind: "alert", text: [action.title, action.message].compactMap { $0 }.joined(separator: ": ")) }
        case .showToast: return ClosureFlow { action, _ in .notify(kind: "toast", text: action.message ?? "") }
        case .openURL: return ClosureFlow { action, _ in .notify(kind: "url", text: action.value ?? "") }
        case .share: return ClosureFlow { action, _ in .notify(kind: "share", text: action.message ?? action.value ?? "") }
        case .copyToClipboard: return ClosureFlow { action, _ in .notify(kind: "clipboard", text: action.value ?? "") }
        case .trackEvent: return ClosureFlow { action, _ in .notify(kind: "analytics", text: action.value ?? "") }
        default: return nil
        }
    }
}
