import OnboardingContract
import PlatformKit

/// Turns a question into info steps: applicable InfoStep plugins are prepended to the defaults and,
/// for each client instruction, the first builder matching its data types builds the step.
public struct Transformer {
    public var plugins: PluginPoint<OnboardingContext, InfoStepBuilder>
    public var theme: OnboardingTheme

    /// The framework's defaults: one builder per data type, then a form for any combination.
    public static let defaults: [InfoStepBuilder] =
        DataType.allCases.map { InfoStepBuilder(id: PluginID(rawValue: "default.\($0.rawValue)"), dataTypes: [$0]) }
        + [InfoStepBuilder(id: "default.form", dataTypes: Set(DataType.allCases))]

    public init(plugins: [any Plugin<OnboardingContext, InfoStepBuilder>], switches: PluginSwitches, theme: OnboardingTheme) {
        self.plugins = PluginPoint(plugins: plugins, switches: switches) { _ in Transformer.defaults[Transformer.defaults.count - 1] }
        self.theme = theme
    }

    /// The info steps for `question`, in instruction order.
    public func transform(_ question: Question, context: OnboardingContext) -> [InfoStep] {
        let builders = plugins.resolveAll(context) + Self.defaults
        return question.steps.map { instruction in
            let builder = builders.first { $0.matches(instruction) } ?? plugins.makeDefault(context)
            return builder.build(instruction, scenario: question.scenario, theme: theme)
        }
    }
}
