import ArgumentParser
import ActionCardsTool

@main
enum ActionCardsMain {
    static func main() {
        ActionCardsCommand.main()
    }
}
