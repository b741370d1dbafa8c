import CommandLineSupport
import ActionCardsTool

@main
enum ActionCardsMain {
    static func main() {
        ActionCardsCommand.runMain()
    }
}
