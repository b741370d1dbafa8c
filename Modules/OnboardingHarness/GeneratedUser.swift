import Onboarding
import OnboardingContract
import PlatformKit

/// A synthetic user for simulations and benchmarks: valid answers, the delivered code, and
/// occasional mistakes (a bad email or a wrong code) drawn from a seeded source.
public struct GeneratedUser {
    public var mobileNumber: String
    public var firstName: String
    public var lastName: String
    public var email: String
    public var password: String
    /// Chance that one answered value is wrong the first time.
    public var mistakeRate: Double
    private let random: RandomSource

    /// A user with the mobile number `+1 555 <number>`, deterministic for a given `number`.
    public init(number: Int, random: RandomSource, mistakeRate: Double = 0) {
        let digits = String(number % 10_000_000)
        mobileNumber = "+1555" + String(repeating: "0", count: 7 - digits.count) + digits
        let suffix = String(repeating: "x", count: number % 3 + 1)
        firstName = "Rider"
        lastName = "Number" + suffix
        email = "rider\(number)@example.com"
        password = "secret\(number)pass"
        self.mistakeRate = mistakeRate
        self.random = random
    }

    /// The input for `prompt`.
    public func respond(_ prompt: StepPrompt) -> StepInput {
        var values: [DataType: String] = [:]
        let retrying = !prompt.step.errors.isEmpty
        for type in prompt.step.dataTypes {
            let wrong = !retrying && mistakeRate > 0 && random.bool(probability: mistakeRate)
            values[type] = value(for: type, code: prompt.deliveredCode, wrong: wrong)
        }
        return .values(values)
    }

    private func value(for type: DataType, code: String?, wrong: Bool) -> String {
        switch type {
        case .mobileNumber: mobileNumber
        case .email: wrong ? "rider.example.com" : email
        case .socialToken: "google:token-\(mobileNumber.dropFirst())"
        case .oneTimeCode: wrong ? String((code ?? "").reversed()) + "0" : code ?? ""
        case .firstName: firstName
        case .lastName: lastName
        case .password: wrong ? "short" : password
        case .termsAccepted, .privacyConsent: "yes"
        }
    }
}
