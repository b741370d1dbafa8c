import ActionCards
import ArgumentParser
import CommandLineSupport

/// `actioncards render SCREEN.json [--width N]`.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Draw a screen: the main cards, then the pinned ones, with each card's action.")

    @Argument(help: "A screen's display config (JSON).")
    var screen: String

    @Option(parsing: .unconditional, help: "Columns to draw in (at least 20).")
    var width = 60

    func validate() throws {
        if width < 20 { throw ValidationError("--width must be at least 20") }
    }

    func run() throws {
        try reportingFailure(tool: toolName) {
            let presentation = try ScreenCatalog.decodeScreen(file: screen)
            print(CardScreenPresenter(width: width).render(presentation), terminator: "")
        }
    }
}
