import EventLog
import PlatformKit

// The service's state is the largest part of a snapshot (an account per onboarded user, an id
// per closed attempt): it encodes and decodes without `Codable` (the synthesized encoding's keys,
// in its order), and keeps the snapshot's bytes of accounts and ids rather than copy them. Open
// attempts are few and keep the `Codable` path.

extension OnboardingState: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) throws {
        accounts.encode(to: &writer, forKey: "accounts")
        try writer.encode(attempts, forKey: "attempts")
        closedAttempts.encode(to: &writer, forKey: "closedAttempts")
        writer.encode(recentEntries, forKey: "recentEntries")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        accounts = try AccountTable(records: reader.bytes(forKey: "accounts"))
        attempts = try reader.decode([String: Attempt].self, forKey: "attempts")
        closedAttempts = try IDSet(from: &reader, forKey: "closedAttempts")
        recentEntries = try reader.decode([IdentifierKey: [Instant]].self, forKey: "recentEntries")
    }
}
