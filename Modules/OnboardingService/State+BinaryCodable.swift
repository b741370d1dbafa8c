import EventLog
import PlatformKit

// The service's state is the largest part of a snapshot (an account per onboarded user): it
// encodes and decodes without `Codable` (the synthesized encoding's keys, in its order). Open
// attempts are few and keep the `Codable` path.

extension OnboardingState: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) throws {
        accounts.encode(to: &writer, forKey: "accounts")
        try writer.encode(attempts, forKey: "attempts")
        writer.encode(closedAttempts, forKey: "closedAttempts")
        writer.encode(recentEntries, forKey: "recentEntries")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        accounts = try reader.withBytes(forKey: "accounts") { try AccountTable(records: $0) }
        attempts = try reader.decode([String: Attempt].self, forKey: "attempts")
        closedAttempts = try reader.decode(Set<String>.self, forKey: "closedAttempts")
        recentEntries = try reader.decode([IdentifierKey: [Instant]].self, forKey: "recentEntries")
    }
}
