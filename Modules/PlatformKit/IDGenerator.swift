import Foundation
import Synchronization

/// Identifiers, injected: `sequential` for readable tests, `random` for reproducible runs, `live` for production.
public struct IDGenerator: Sendable {
    /// Returns a new identifier.
    public var next: @Sendable () -> String

    /// Creates a generator from a closure returning a new identifier per call.
    public init(next: @escaping @Sendable () -> String) {
        self.next = next
    }

    /// `"<prefix>-1"`, `"<prefix>-2"`, …; thread-safe, each number handed out once.
    public static func sequential(prefix: String) -> IDGenerator {
        let counter = Mutex(0)
        return IDGenerator {
            let number = counter.withLock { count in
                count += 1
                return count
            }
            return "\(prefix)-\(number)"
        }
    }

    /// Lowercase version-4 UUID strings built from `source`; deterministic for a seeded source.
    public static func random(_ source: RandomSource) -> IDGenerator {
        IDGenerator {
            var bytes = source.bytes(16)
            bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
            bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 4122 variant
            return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16]
                .map { Array(bytes[$0]).hexString }
                .joined(separator: "-")
        }
    }

    /// Lowercase `UUID()` strings from the system.
    public static var live: IDGenerator {
        IDGenerator { UUID().uuidString.lowercased() }
    }
}
