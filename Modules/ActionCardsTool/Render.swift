import ActionCards
import ArgumentParser
import CommandLineSupport

/// `actioncards render SCREEN.json [--width N]`.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Draw a screen: the main cards, then the pinned ones, with each card's action.")

    @Argument(help: "A screen's display config (JSON).")
    var screen: String

    @Option(help: "Columns to draw in (at least 20).")
    var width = 60

    func run() throws {
        try reportingFailure(tool: toolName) {
            let presentation = try ScreenCatalog.decodeScreen(file: screen)
            print(CardScreenPresenter(width: width).render(presentation), terminator: "")
        }
    }
}
