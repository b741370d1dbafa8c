import EventLog
import PlatformKit

// The service's state is the largest part of a snapshot (an account per onboarded user): it
// encodes and decodes without `Codable` (the synthesized encoding's keys, in its order). Open
// attempts are few and keep the `Codable` path.

extension OnboardingState: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) throws {
        writer.encode(accounts, forKey: "accounts")
        writer.encode(accountIDs, forKey: "accountIDs")
        try writer.encode(attempts, forKey: "attempts")
        writer.encode(closedAttempts, forKey: "closedAttempts")
        writer.encode(recentEntries, forKey: "recentEntries")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        accounts = try reader.decode([String: Account].self, forKey: "accounts")
        accountIDs = try reader.decode([IdentifierKey: String].self, forKey: "accountIDs")
        attempts = try reader.decode([String: Attempt].self, forKey: "attempts")
        closedAttempts = try reader.decode(Set<String>.self, forKey: "closedAttempts")
        recentEntries = try reader.decode([IdentifierKey: [Instant]].self, forKey: "recentEntries")
    }
}

extension Account: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        writer.encode(id, forKey: "id")
        writer.encode(market, forKey: "market")
        writer.encode(identifierKeys, forKey: "identifierKeys")
        writer.encodeIfPresent(maskedMobile, forKey: "maskedMobile")
        writer.encodeIfPresent(maskedEmail, forKey: "maskedEmail")
        writer.encodeIfPresent(firstName, forKey: "firstName")
        writer.encodeIfPresent(lastName, forKey: "lastName")
        writer.encodeIfPresent(passwordDigest, forKey: "passwordDigest")
        writer.encode(sessions, forKey: "sessions")
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        self.init(
            id: try reader.decode(String.self, forKey: "id"),
            market: try reader.decode(String.self, forKey: "market"),
            identifierKeys: try reader.decode([String].self, forKey: "identifierKeys"),
            maskedMobile: try reader.decodeIfPresent(String.self, forKey: "maskedMobile"),
            maskedEmail: try reader.decodeIfPresent(String.self, forKey: "maskedEmail"),
            firstName: try reader.decodeIfPresent(String.self, forKey: "firstName"),
            lastName: try reader.decodeIfPresent(String.self, forKey: "lastName"),
            passwordDigest: try reader.decodeIfPresent(String.self, forKey: "passwordDigest"),
            sessions: try reader.decode(Int.self, forKey: "sessions")
        )
    }
}
