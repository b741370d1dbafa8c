import Foundation
import PlatformKit

/// The App Group directory the main app and the extension share: named files of bytes.
public struct SharedContainer: Sendable {
    /// The file's bytes, or `nil` if absent.
    public var read: @Sendable (String) -> [UInt8]?
    /// Writes the file whole.
    public var write: @Sendable (String, [UInt8]) throws -> Void

    public init(read: @escaping @Sendable (String) -> [UInt8]?, write: @escaping @Sendable (String, [UInt8]) throws -> Void) {
        self.read = read
        self.write = write
    }

    /// A directory on disk (the live container).
    public static func directory(_ path: String) -> SharedContainer {
        let root = URL(fileURLWithPath: path, isDirectory: true)
        return SharedContainer(
            read: { name in (try? Data(contentsOf: root.appendingPathComponent(name))).map(Array.init) },
            write: { name, bytes in
                try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
                try Data(bytes).write(to: root.appendingPathComponent(name), options: .atomic)
            }
        )
    }

    /// An in-memory container, for tests.
    public static func inMemory() -> SharedContainer {
        let files = Files()
        return SharedContainer(read: { files.read($0) }, write: { files.write($0, $1) })
    }

    /// The file name an image URL is cached under: stable across processes.
    public static func imageFile(for url: String) -> String {
        let hex = String(FNV1a.hash(url), radix: 16)
        return "image-" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The file the main app writes feature flags to at start-up.
    public static let flagsFile = "feature-flags.json"
}

private final class Files: @unchecked Sendable {
    private let lock = NSLock()
    private var files: [String: [UInt8]] = [:]

    func read(_ name: String) -> [UInt8]? { lock.withLock { files[name] } }
    func write(_ name: String, _ bytes: [UInt8]) { lock.withLock { files[name] = bytes } }
}
