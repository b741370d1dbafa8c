import OnboardingContract
import PlatformKit

/// Preferences that style the framework's default info steps (colours, fonts, sizes).
public struct OnboardingTheme: Sendable, Hashable {
    public var accentColor: String
    public var fontName: String
    public var fontSize: Int

    public init(accentColor: String = "#000000", fontName: String = "System", fontSize: Int = 17) {
        self.accentColor = accentColor
        self.fontName = fontName
        self.fontSize = fontSize
    }
}

/// What a plugin's applicability is judged on: market, scenario and experiment flags.
public struct OnboardingContext: Sendable, Hashable {
    public var market: String
    public var scenario: Scenario
    public var flags: Set<String>
    /// The mobile country code once a mobile number was given, e.g. `+1`.
    public var mobileCountryCode: String?

    public init(market: String, scenario: Scenario, flags: Set<String> = [], mobileCountryCode: String? = nil) {
        self.market = market
        self.scenario = scenario
        self.flags = flags
        self.mobileCountryCode = mobileCountryCode
    }
}

/// What the app supplies to the framework (dependency inversion): identity, theme, default Welcome, plugins.
public protocol OnboardingDependency {
    var market: String { get }
    /// The app's id for this user or device, e.g. `rider-7`; names the client's event stream.
    var clientID: String { get }
    var theme: OnboardingTheme { get }
    var experimentFlags: Set<String> { get }
    /// Whether to ask the back end to batch steps (fewer round trips on poor networks).
    var batching: Bool { get }
    /// The Welcome used when no Welcome plugin applies.
    var defaultWelcome: Welcome { get }
    var welcomePlugins: [any Plugin<OnboardingContext, Welcome>] { get }
    var infoStepPlugins: [any Plugin<OnboardingContext, InfoStepBuilder>] { get }
    var configureStepPlugins: [any Plugin<OnboardingContext, ConfigureStep>] { get }
    var pluginSwitches: PluginSwitches { get }
}

/// A plain `OnboardingDependency`, for apps, tools and tests.
public struct AppDependency: OnboardingDependency {
    public var market: String
    public var clientID: String
    public var theme = OnboardingTheme()
    public var experimentFlags: Set<String> = []
    public var batching = true
    public var defaultWelcome = Welcome(id: "app.welcome", firstQuestion: .entry([.mobileNumber]))
    public var welcomePlugins: [any Plugin<OnboardingContext, Welcome>] = []
    public var infoStepPlugins: [any Plugin<OnboardingContext, InfoStepBuilder>] = []
    public var configureStepPlugins: [any Plugin<OnboardingContext, ConfigureStep>] = []
    public var pluginSwitches = PluginSwitches()

    public init(market: String, clientID: String) {
        self.market = market
        self.clientID = clientID
    }
}
