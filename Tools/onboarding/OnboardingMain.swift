import CommandLineSupport
import OnboardingTool

@main
enum OnboardingMain {
    static func main() {
        OnboardingCommand.runMain()
    }
}
