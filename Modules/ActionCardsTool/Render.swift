import ActionCards
import ArgumentParser
import CommandLineSupport

/// `actioncards render SCREEN.json [--width N]`.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Draw a screen: the main cards, then the pinned ones, with each card's action.")

    @Argument(help: "A screen's display config (JSON).")
    var screen: String

    @Option(parsing: .unconditional, help: "Columns to draw in (20 to 1000).")
    var width = 60

    func validate() throws {
        if !(20...1000).contains(width) { throw ValidationError("--width must be 20 to 1000") }
    }

    func run() throws {
        try reportingFailure(tool: toolName) {
            let presentation = try ScreenCatalog.decodeScreen(file: screen)
            print(CardScreenPresenter(width: width).render(presentation), terminator: "")
        }
    }
}
