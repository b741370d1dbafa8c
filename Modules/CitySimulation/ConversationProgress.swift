import PlatformKit

/// What comes next in a conversation the city steps through (a member's visit to the card
/// screens), one tap or arrived answer per step.
enum ConversationProgress<Outcome> {
    /// The next step is due at this time.
    case due(Instant)
    /// The conversation ended at the step's time, with this outcome to record.
    case ended(Outcome)
}
