/// The name of an action's type, as spelled in JSON (`"type": "navigateToScreen"`).
///
/// Open-ended: apps and features declare their own (see ``ActionFlowProvider``); a type nobody
/// handles is reported as unhandled when performed.
public struct ActionType: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
    public var description: String { rawValue }
}

extension ActionType {
    /// Pushes `screen` (with `params`); completes (success) when that screen is popped.
    public static let navigateToScreen: ActionType = "navigateToScreen"
    /// Replaces the top screen with `screen`.
    public static let replaceScreen: ActionType = "replaceScreen"
    /// Pops the top screen; its success action runs on the screen revealed.
    public static let navigateBack: ActionType = "navigateBack"
    /// Pops to the first screen of the stack.
    public static let navigateToRoot: ActionType = "navigateToRoot"
    /// Fetches the top screen again (a new screen view).
    public static let reload: ActionType = "reload"
    /// Replaces or patches cards of the top screen by id, all or nothing (no server call).
    public static let updateCards: ActionType = "updateCards"
    /// Performs `actions` in order.
    public static let sequence: ActionType = "sequence"
    /// Performs the screen's named action `field` (from the screen's `actions`).
    public static let perform: ActionType = "perform"
    /// Shows an alert (`title`, `message`).
    public static let showAlert: ActionType = "showAlert"
    /// Shows a transient message (`message`).
    public static let showToast: ActionType = "showToast"
    /// Closes the whole card flow.
    public static let dismiss: ActionType = "dismiss"
    /// Opens `url` outside the card screens.
    public static let openURL: ActionType = "openURL"
    /// Pushes the help screen for `topic`.
    public static let openHelp: ActionType = "openHelp"
    /// Opens the share sheet with `message`.
    public static let share: ActionType = "share"
    /// Copies `value` to the clipboard.
    public static let copyToClipboard: ActionType = "copyToClipboard"
    /// Stores `value` in the shared ``ActionCardData`` under `field`.
    public static let setData: ActionType = "setData"
    /// Removes `field` from the shared ``ActionCardData``.
    public static let clearData: ActionType = "clearData"
    /// Records a custom analytics event `name`.
    public static let trackEvent: ActionType = "trackEvent"

    /// The types every session handles (``CoreActionFlowProvider``).
    public static let core: Set<ActionType> = [
        .navigateToScreen, .replaceScreen, .navigateBack, .navigateToRoot, .reload, .updateCards, .sequence, .perform,
        .showAlert, .showToast, .dismiss, .openURL, .openHelp, .share, .copyToClipboard, .setData, .clearData, .trackEvent,
    ]
}
