import EventLog
import Onboarding
import OnboardingContract
import OnboardingHarness
import PlatformKit
import XCTest

/// Plugin precedence exactly as the seed's figures 8, 11 and 18 describe.
final class PluginTests: XCTestCase {
    func welcome(_ id: PluginID, applies: Bool, question: Question = .entry([.email])) -> any Plugin<OnboardingContext, Welcome> {
        AnyPlugin(id: id, isApplicable: { _ in applies }) { _ in Welcome(id: id, firstQuestion: question) }
    }

    /// Figure 8: the first applicable Welcome plugin; else the app's default.
    func test_entry_choosesTheFirstApplicableWelcome_elseTheDefault() throws {
        let log = InMemoryEventLog(clock: .constant(.epoch))
        var dependency = AppDependency(market: "us", clientID: "rider-1")
        dependency.welcomePlugins = [welcome("WelcomeA", applies: true), welcome("WelcomeB", applies: true)]
        XCTAssertEqual(try Entry(dependency: dependency, log: log).welcome.id, "WelcomeA")

        dependency.welcomePlugins = [welcome("WelcomeA", applies: false), welcome("WelcomeB", applies: false)]
        XCTAssertEqual(try Entry(dependency: dependency, log: log).welcome.id, "app.welcome")

        dependency.welcomePlugins = [welcome("WelcomeA", applies: true), welcome("WelcomeB", applies: true)]
        dependency.pluginSwitches = PluginSwitches(disabled: ["WelcomeA"])
        XCTAssertEqual(try Entry(dependency: dependency, log: log).welcome.id, "WelcomeB", "a switched-off plugin is skipped")

        let chosen = try log.events().map { try BinaryDecoder().decode(WelcomeChosen.self, from: $0.payload) }
        XCTAssertEqual(chosen.map(\.welcome), ["WelcomeA", "app.welcome", "WelcomeB"])
        XCTAssertEqual(chosen.map(\.isPlugin), [true, false, true])
    }

    /// Figure 9: the Welcome's client-defined question starts the attempt, with no network call.
    func test_welcome_forwardsItsQuestion_withoutARoundTrip() throws {
        let world = World()
        var dependency = world.dependency()
        dependency.welcomePlugins = [welcome("EmailWelcome", applies: true)]
        let orchestrator = try world.orchestrator(dependency)
        XCTAssertEqual(orchestrator.currentStep?.dataTypes, [.email])
        XCTAssertEqual(orchestrator.link.roundTrips, 0)
        try orchestrator.submit(.values([.email: "ada@example.com"]))
        XCTAssertEqual(orchestrator.scenario, .register)
        XCTAssertEqual(orchestrator.sequence.infoSteps.last?.dataTypes, [.termsAccepted])
        XCTAssertFalse(orchestrator.sequence.infoSteps.dropFirst().contains { $0.dataTypes == [.email] }, "the email is not asked twice")
    }

    /// Figure 11: applicable InfoStep plugins are prepended to the defaults; the first type match is built.
    func test_transformer_prefersApplicablePlugins_perType_elseDefaults() {
        let question = Question(id: "q", scenario: .register, steps: [StepInstruction([.oneTimeCode]), StepInstruction([.firstName, .lastName]), StepInstruction([.email])])
        let context = OnboardingContext(market: "us", scenario: .register)
        func plugin(_ id: PluginID, _ types: Set<DataType>, applies: Bool) -> any Plugin<OnboardingContext, InfoStepBuilder> {
            AnyPlugin(id: id, isApplicable: { _ in applies }) { _ in InfoStepBuilder(id: id, dataTypes: types) }
        }
        let plugins = [
            plugin("InfoStepB", [.firstName, .lastName], applies: true),
            plugin("InfoStepC", [.email], applies: false),
            plugin("InfoStepD", [.password], applies: true),
        ]
        let transformer = Transformer(plugins: plugins, switches: PluginSwitches(), theme: OnboardingTheme())
        XCTAssertEqual(transformer.transform(question, context: context).map(\.builder), ["default.oneTimeCode", "InfoStepB", "default.email"])

        let none = Transformer(plugins: [], switches: PluginSwitches(), theme: OnboardingTheme())
        XCTAssertEqual(none.transform(question, context: context).map(\.builder), ["default.oneTimeCode", "default.form", "default.email"])
        XCTAssertEqual(none.transform(question, context: context).map(\.scenario), [.register, .register, .register], "contextual reference is passed on")
    }

    /// Figure 18: applicable ConfigureStep plugins run in order through the Sequence, then the session goes to the app.
    func test_configureSteps_runInOrder_whenApplicable_thenTheSessionIsDelivered() throws {
        final class Ran: @unchecked Sendable { var ids: [String] = [] }
        let ran = Ran()
        func step(_ id: PluginID, _ applies: @escaping @Sendable (OnboardingContext) -> Bool) -> any Plugin<OnboardingContext, ConfigureStep> {
            AnyPlugin(id: id, isApplicable: applies) { _ in ConfigureStep(id: id) { _ in ran.ids.append(id.rawValue) } }
        }
        let world = World()
        var dependency = world.dependency()
        dependency.configureStepPlugins = [
            step("ConfigureStepA") { $0.market == "us" },
            step("ConfigureStepB") { $0.flags.contains("promo") },
            step("ConfigureStepC") { $0.scenario == .register && $0.mobileCountryCode == "+1" },
        ]
        let outcome = try world.run(registerScript, dependency)
        XCTAssertEqual(outcome.session?.scenario, .register)
        XCTAssertEqual(ran.ids, ["ConfigureStepA", "ConfigureStepC"])
        XCTAssertEqual(try world.decoded(ConfigureStepsChosen.self).last?.steps, ["ConfigureStepA", "ConfigureStepC"])

        ran.ids = []
        let signIn = try world.run("mobileNumber: +14155550123\noneTimeCode: {code}\npassword: analytical1engine", {
            var other = world.dependency("us", client: "rider-2")
            other.configureStepPlugins = [step("ConfigureStepC") { $0.scenario == .register }]
            return other
        }())
        XCTAssertEqual(signIn.session?.scenario, .signIn)
        XCTAssertEqual(ran.ids, [], "no applicable plugin: the session goes straight to the app")
        XCTAssertEqual(try world.decoded(SessionDelivered.self).count, 2)
    }
}
