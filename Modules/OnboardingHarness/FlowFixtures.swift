import Foundation

/// Finds the repository's flow files: `fixtures/onboarding/flows` in `path` or a parent of it.
public enum FlowFixtures {
    public static let relativePath = "fixtures/onboarding/flows"

    /// The flows directory found walking up from `path`, if any.
    public static func directory(near path: String) -> String? {
        var url = URL(fileURLWithPath: path)
        while true {
            let candidate = url.appendingPathComponent(relativePath).path
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), isDirectory.boolValue { return candidate }
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return nil }
            url = parent
        }
    }
}
