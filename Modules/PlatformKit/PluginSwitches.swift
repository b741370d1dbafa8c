/// Which plugins are switched off, e.g. from feature flags. Everything not listed is enabled.
public struct PluginSwitches: Sendable, Hashable, Codable {
    /// The ids of switched-off plugins.
    public var disabled: Set<PluginID>

    /// Creates switches with the given plugins switched off (none by default).
    public init(disabled: Set<PluginID> = []) {
        self.disabled = disabled
    }

    /// Whether the plugin `id` may run.
    public func isEnabled(_ id: PluginID) -> Bool {
        !disabled.contains(id)
    }
}
