import Foundation

/// Finds a directory of the repository's fixtures (`relativePath`, e.g. `fixtures/onboarding/flows`)
/// in a directory or one of its parents, so that a tool finds them run from the repository, from a
/// folder inside it, or by the path of its build.
public enum RepositoryFixtures {
    /// `relativePath` found walking up from `path`, if any.
    public static func directory(_ relativePath: String, near path: String) -> String? {
        var url = URL(fileURLWithPath: path)
        while true {
            let candidate = url.appendingPathComponent(relativePath).path
            if FileKind(atPath: candidate) == .directory { return candidate }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }
}
