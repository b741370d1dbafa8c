import OnboardingContract
import PlatformKit

/// One headless information-collection step: what it gathers, styled for the scenario, with its errors.
///
/// A script, the terminal or the simulation fills it; no UI toolkit involved.
public struct InfoStep: Sendable, Hashable {
    /// The builder that made it: a plugin's id, or `default.<type>` for the framework's defaults.
    public var builder: PluginID
    public var dataTypes: [DataType]
    /// Contextual reference from the question, for styling (sign in vs register vs recovery).
    public var scenario: Scenario
    public var theme: OnboardingTheme
    /// Errors this step claimed from the last reply.
    public var errors: [FieldError] = []

    public init(builder: PluginID, dataTypes: [DataType], scenario: Scenario, theme: OnboardingTheme) {
        self.builder = builder
        self.dataTypes = dataTypes
        self.scenario = scenario
        self.theme = theme
    }

    /// A title styled by scenario, e.g. "Sign in: password".
    public var title: String {
        let context = switch scenario {
        case .entry: "Get started"
        case .signIn: "Sign in"
        case .register: "Create your account"
        case .accountRecovery: "Recover your account"
        }
        return "\(context): " + dataTypes.map(\.rawValue).joined(separator: ", ")
    }
}

/// Builds info steps for the data types it handles: the output of the InfoStep plugin point.
public struct InfoStepBuilder: Sendable {
    public var id: PluginID
    /// The data types this builder can collect; it matches an instruction whose types all fall in this set.
    public var dataTypes: Set<DataType>
    private let make: @Sendable (StepInstruction, Scenario, OnboardingTheme) -> InfoStep

    public init(id: PluginID, dataTypes: Set<DataType>, make: (@Sendable (StepInstruction, Scenario, OnboardingTheme) -> InfoStep)? = nil) {
        self.id = id
        self.dataTypes = dataTypes
        self.make = make ?? { InfoStep(builder: id, dataTypes: $0.dataTypes, scenario: $1, theme: $2) }
    }

    /// Whether this builder can collect every data type of `instruction`.
    public func matches(_ instruction: StepInstruction) -> Bool {
        instruction.dataTypes.allSatisfy(dataTypes.contains)
    }

    public func build(_ instruction: StepInstruction, scenario: Scenario, theme: OnboardingTheme) -> InfoStep {
        make(instruction, scenario, theme)
    }
}
