import Foundation
import PlatformKit

/// Finds the repository's flow files: `fixtures/onboarding/flows` in `path` or a parent of it.
public enum FlowFixtures {
    public static let relativePath = "fixtures/onboarding/flows"

    /// The flows directory found walking up from `path`, if any.
    public static func directory(near path: String) -> String? {
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
