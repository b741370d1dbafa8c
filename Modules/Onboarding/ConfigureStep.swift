import OnboardingContract
import PlatformKit

/// A self-contained step after the session (payment, promo code, permissions), built by another team.
///
/// It stores nothing in Info, makes its own requests if any, and completes on its own.
public struct ConfigureStep: Sendable {
    public var id: PluginID
    private let perform: @Sendable (Session) -> Void

    public init(id: PluginID, perform: @escaping @Sendable (Session) -> Void = { _ in }) {
        self.id = id
        self.perform = perform
    }

    /// Runs the step to completion.
    public func run(with session: Session) { perform(session) }
}
