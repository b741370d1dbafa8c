/// A plugin made of closures, for small plugins and tests.
public struct AnyPlugin<Context, Output>: Plugin {
    /// The plugin's stable name.
    public let id: PluginID
    private let applies: @Sendable (Context) -> Bool
    private let builds: @Sendable (Context) -> Output

    /// Creates a plugin that applies where `isApplicable` says (everywhere by default) and outputs `build`.
    public init(
        id: PluginID,
        isApplicable: @escaping @Sendable (Context) -> Bool = { _ in true },
        build: @escaping @Sendable (Context) -> Output
    ) {
        self.id = id
        self.applies = isApplicable
        self.builds = build
    }

    /// Calls the `isApplicable` closure.
    public func isApplicable(to context: Context) -> Bool {
        applies(context)
    }

    /// Calls the `build` closure.
    public func build(for context: Context) -> Output {
        builds(context)
    }
}
