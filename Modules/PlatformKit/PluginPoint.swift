/// An extension point resolved from an ordered list of plugins, minus the switched-off ones, with a default.
///
/// Features register plugins instead of branching on state; flags switch plugins off by id.
public struct PluginPoint<Context, Output>: Sendable {
    /// The plugins in priority order: earlier ones win in `resolve`.
    public var plugins: [any Plugin<Context, Output>]
    /// Plugins switched off; they are skipped as if absent.
    public var switches: PluginSwitches
    /// Builds the output when no enabled plugin applies.
    public var makeDefault: @Sendable (Context) -> Output

    /// Creates a plugin point over `plugins` (in priority order) with `switches` and a default output.
    public init(
        plugins: [any Plugin<Context, Output>],
        switches: PluginSwitches = PluginSwitches(),
        default makeDefault: @escaping @Sendable (Context) -> Output
    ) {
        self.plugins = plugins
        self.switches = switches
        self.makeDefault = makeDefault
    }

    /// The output of the first enabled plugin applicable to `context`, else the default's.
    public func resolve(_ context: Context) -> Output {
        candidates(for: context).first?.build(for: context) ?? makeDefault(context)
    }

    /// The outputs of every enabled plugin applicable to `context`, in order; empty if none applies.
    public func resolveAll(_ context: Context) -> [Output] {
        candidates(for: context).map { $0.build(for: context) }
    }

    /// The id of the plugin `resolve(_:)` would use for `context`; `nil` means the default.
    public func resolvingPlugin(_ context: Context) -> PluginID? {
        candidates(for: context).first?.id
    }

    private func candidates(for context: Context) -> LazyFilterSequence<[any Plugin<Context, Output>]> {
        plugins.lazy.filter { switches.isEnabled($0.id) && $0.isApplicable(to: context) }
    }
}
