import PlatformKit

/// Finds the repository's flow files: `fixtures/onboarding/flows` in `path` or a parent of it.
public enum FlowFixtures {
    public static let relativePath = "fixtures/onboarding/flows"

    /// The flows directory found walking up from `path`, if any.
    public static func directory(near path: String) -> String? {
        RepositoryFixtures.directory(relativePath, near: path)
    }
}
