import Foundation
import Synchronization

/// A fresh directory per test, removed at deinit, or when the process exits if it is still
/// there then: XCTest on Linux keeps every test case instance, and with it the directories they
/// hold, until the process ends.
public final class TemporaryDirectory: Sendable {
    public let url: URL

    public init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("eventlog-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        LiveDirectories.shared.insert(url.path)
    }

    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit {
        try? FileManager.default.removeItem(at: url)
        LiveDirectories.shared.remove(url.path)
    }
}

/// The temporary directories not removed yet; the first one created installs the exit handler
/// that removes them all.
private final class LiveDirectories: Sendable {
    static let shared = LiveDirectories()

    private let paths = Mutex<Set<String>>([])

    private init() {
        atexit { LiveDirectories.shared.removeAll() }
    }

    func insert(_ path: String) { _ = paths.withLock { $0.insert(path) } }

    func remove(_ path: String) { _ = paths.withLock { $0.remove(path) } }

    private func removeAll() {
        for path in paths.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
