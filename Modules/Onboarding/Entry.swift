import EventLog
import OnboardingContract
import PlatformKit

/// The framework's root: inactive (a Welcome is shown) or active (an Orchestrator runs an attempt).
/// The app attaches it when it has no stored session and gets the session back through `state`.
public final class Entry {
    public enum State {
        case inactive(Welcome)
        case active(Orchestrator)
    }

    public private(set) var state: State
    private let dependency: any OnboardingDependency
    private let log: ClientLog
    private var attempts = 0
    /// The Welcome chosen when Entry was attached; Entry returns to it when it goes inactive.
    public let welcome: Welcome

    /// Attaches Entry: picks the first applicable Welcome plugin, else the app's default Welcome.
    public init(dependency: any OnboardingDependency, log: any EventLogWriter) throws {
        self.dependency = dependency
        self.log = ClientLog(writer: log)
        let defaultWelcome = dependency.defaultWelcome
        let point = PluginPoint(plugins: dependency.welcomePlugins, switches: dependency.pluginSwitches) { _ in defaultWelcome }
        let context = OnboardingContext(market: dependency.market, scenario: .entry, flags: dependency.experimentFlags)
        let welcome = point.resolve(context)
        try self.log.record(WelcomeChosen(client: dependency.clientID, welcome: welcome.id.rawValue, isPlugin: point.resolvingPlugin(context) != nil))
        self.welcome = welcome
        state = .inactive(welcome)
    }

    /// The user engaged: starts an attempt with the Welcome's client-defined question over `link`.
    @discardableResult
    public func activate(link: ServiceLink, attemptID: String? = nil) throws -> Orchestrator {
        if case .active(let orchestrator) = state { return orchestrator }
        attempts += 1
        let id = attemptID ?? "\(dependency.clientID)-\(attempts)"
        try log.record(EntryActivated(client: dependency.clientID, attempt: id))
        let orchestrator = try Orchestrator(attemptID: id, question: welcome.firstQuestion, dependency: dependency, link: link, log: log)
        state = .active(orchestrator)
        return orchestrator
    }

    /// The user cancelled (or the attempt failed): back to the Welcome.
    public func cancel(reason: String = "cancelled") throws {
        guard case .active(let orchestrator) = state else { return }
        try log.record(EntryDeactivated(client: dependency.clientID, attempt: orchestrator.attemptID, reason: reason))
        state = .inactive(welcome)
    }
}
