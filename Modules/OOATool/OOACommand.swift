import ArgumentParser

/// `ooa`: draw, check and replay the out-of-app surfaces' payloads and pushes.
public struct OOACommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "ooa",
        abstract: "Render and validate Live Activity / Android notification payloads; replay trip traces through the OOA service; inspect a trip's decisions in a log.",
        subcommands: [Render.self, Validate.self, Replay.self, Inspect.self]
    )

    public init() {}
}

/// The tool's name, the prefix of its error lines on stderr (`ooa: message`).
let toolName = "ooa"
