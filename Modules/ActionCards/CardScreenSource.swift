import PlatformKit

/// Where a session gets its screens: usually the back end over a `Transport`.
public struct CardScreenSource {
    /// The screen `id` with `params` for `member` at `instant`, or why it could not be loaded.
    public var fetch: (_ id: String, _ params: [String: String], _ member: String, _ instant: Instant) -> Result<CardScreenPresentation, ScreenLoadError>

    public init(fetch: @escaping (_ id: String, _ params: [String: String], _ member: String, _ instant: Instant) -> Result<CardScreenPresentation, ScreenLoadError>) {
        self.fetch = fetch
    }

    /// Serves fixed screens by id (tests, the `render` command).
    public static func fixed(_ screens: [String: CardScreenPresentation]) -> CardScreenSource {
        CardScreenSource { id, _, _, _ in
            screens[id].map { .success($0) } ?? .failure(ScreenLoadError(screen: id, reason: "no such screen"))
        }
    }
}

/// Why a screen did not load.
public struct ScreenLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var screen: String
    public var reason: String

    public init(screen: String, reason: String) {
        self.screen = screen
        self.reason = reason
    }

    public var description: String { "screen \(screen): \(reason)" }
}
