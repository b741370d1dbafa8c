/// One contribution to a `PluginPoint`: it decides whether it applies to a context and builds the output.
public protocol Plugin<Context, Output>: Sendable {
    /// What the plugin point is resolved for (e.g. the current trip state).
    associatedtype Context
    /// What an applicable plugin produces (e.g. a card model or a strategy).
    associatedtype Output

    /// The plugin's stable name, used by `PluginSwitches`.
    var id: PluginID { get }

    /// Whether this plugin wants to handle `context`.
    func isApplicable(to context: Context) -> Bool

    /// The plugin's output for a `context` it is applicable to.
    func build(for context: Context) -> Output
}
