/// How hard a commit waits for the disk (SQLite's `synchronous` in WAL mode).
public enum Durability: String, Sendable, CaseIterable {
    /// Every commit is on disk before `append` returns; survives power loss. The default.
    case full
    /// Commits survive a process crash; the last ones may roll back after a power loss.
    /// Several times faster for single-event appends: use it for simulations.
    case normal

    var pragma: String {
        switch self {
        case .full: "FULL"
        case .normal: "NORMAL"
        }
    }
}
