import PlatformKit
import RealtimeAPI

/// Renders one card type in one mode; switch it off (by id) and the card type disappears from that
/// mode without touching the core (the seed's BrowseCardPlugin / BulletinCardPlugin).
public struct TrackerCardPlugin: Plugin {
    public let id: PluginID
    public let kind: TrackerCardKind

    public init(id: PluginID, kind: TrackerCardKind) {
        self.id = id
        self.kind = kind
    }

    public func isApplicable(to kind: TrackerCardKind) -> Bool { kind == self.kind }
    public func build(for kind: TrackerCardKind) -> PluginID? { id }
}

/// The Browse and Bulletin plugin points, resolved once per card type.
public struct TrackerCardPlugins: Sendable {
    public let browse: PluginPoint<TrackerCardKind, PluginID?>
    public let bulletin: PluginPoint<TrackerCardKind, PluginID?>
    /// Resolved once; a short list searched linearly (cheaper than hashing per card).
    private let browseByKind: [(kind: TrackerCardKind, plugin: PluginID)]
    private let bulletinByKind: [(kind: TrackerCardKind, plugin: PluginID)]

    /// The standard plugins, minus those `switches` turn off.
    public init(switches: PluginSwitches = PluginSwitches()) {
        self.init(
            browse: PluginPoint(plugins: Self.plugins("browse", Self.browseKinds), switches: switches) { _ in nil },
            bulletin: PluginPoint(plugins: Self.plugins("bulletin", Self.bulletinKinds), switches: switches) { _ in nil }
        )
    }

    /// Custom plugin points (a new card type's plugin goes in one of these).
    public init(browse: PluginPoint<TrackerCardKind, PluginID?>, bulletin: PluginPoint<TrackerCardKind, PluginID?>) {
        self.browse = browse
        self.bulletin = bulletin
        browseByKind = Self.resolveAll(browse)
        bulletinByKind = Self.resolveAll(bulletin)
    }

    /// The Browse plugin for a card type, `nil` if none is enabled.
    public func browsePlugin(_ kind: TrackerCardKind) -> PluginID? { browseByKind.first { $0.kind == kind }?.plugin }
    /// The Bulletin plugin for a card type, `nil` if none is enabled.
    public func bulletinPlugin(_ kind: TrackerCardKind) -> PluginID? { bulletinByKind.first { $0.kind == kind }?.plugin }

    /// Card types shown in Browse (and Status): summaries, progress and errors.
    public static let browseKinds: [TrackerCardKind] = [
        .recentTrips, .dailyEarnings, .weeklyEarnings, .dxgyProgress, .consecutiveTripsProgress,
        .newDriverGuaranteeProgress, .loyaltyProgress, .error,
    ]
    /// Card types shown in Bulletin: completions, the last trip processed, loyalty milestones.
    public static let bulletinKinds: [TrackerCardKind] = [
        .recentTrips, .dxgyCompletion, .consecutiveTripsCompletion, .newDriverGuaranteeCompletion, .loyaltyProgress,
    ]

    /// `tracker.browse.trackerDailyEarningsCard`, `tracker.bulletin.trackerDxGyCompletionCard`, ….
    public static func pluginID(_ mode: String, _ kind: TrackerCardKind) -> PluginID {
        PluginID(rawValue: "tracker.\(mode).\(kind.rawValue)")
    }

    private static func plugins(_ mode: String, _ kinds: [TrackerCardKind]) -> [any Plugin<TrackerCardKind, PluginID?>] {
        kinds.map { TrackerCardPlugin(id: pluginID(mode, $0), kind: $0) }
    }

    private static func resolveAll(_ point: PluginPoint<TrackerCardKind, PluginID?>) -> [(kind: TrackerCardKind, plugin: PluginID)] {
        TrackerCardKind.allCases.compactMap { kind in point.resolve(kind).map { (kind, $0) } }
    }
}
