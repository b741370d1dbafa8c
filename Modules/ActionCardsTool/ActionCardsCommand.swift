import ArgumentParser

/// `actioncards`: draw, validate and run server-driven card screens.
public struct ActionCardsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "actioncards",
        abstract: "Draw, validate and run ActionCard screens (the membership display configs).",
        subcommands: [Render.self, Validate.self, Run.self, Inspect.self]
    )

    public init() {}
}

/// The tool's name, the prefix of its error lines on stderr (`actioncards: message`).
let toolName = "actioncards"
