import OnboardingContract
import PlatformKit

/// The inactive screen: its job is to forward a client-defined first question, so start-up needs no network call.
public struct Welcome: Sendable, Hashable {
    public var id: PluginID
    /// The question answered first (a mobile number by default; an email or social login in plugins).
    public var firstQuestion: Question

    public init(id: PluginID, firstQuestion: Question) {
        self.id = id
        self.firstQuestion = firstQuestion
    }
}
