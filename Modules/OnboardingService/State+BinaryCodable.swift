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
        accounts = try AccountTable(from: &reader, forKey: "accounts")
        attempts = try reader.decode([String: Attempt].self, forKey: "attempts")
        closedAttempts = try reader.decode(Set<String>.self, forKey: "closedAttempts")
        recentEntries = try reader.decode([IdentifierKey: [Instant]].self, forKey: "recentEntries")
    }
}

// An account's strings go between the packed buffer and the snapshot bytes without becoming
// `String`s (the keys are packed last, and written third).
extension Account: BinaryEncodable, BinaryDecodable {
    public func encode(to writer: inout BinaryKeyedWriter) {
        strings.withPackedBytes { Self.encode(packed: $0, sessions: sessions, to: &writer) }
    }

    public init(from reader: inout BinaryKeyedReader) throws {
        var strings = PackedStrings(reservingCapacity: 512)
        let sessions = try Self.decode(from: &reader, into: &strings).sessions
        strings.shrinkToFit()
        self.init(strings: strings, sessions: sessions)
    }

    /// Writes the account of packed strings `packed` and `sessions`.
    static func encode(packed: UnsafeBufferPointer<UInt8>, sessions: Int, to writer: inout BinaryKeyedWriter) {
        PackedStrings.withFields(of: packed) { fields in
            var fields = fields
            let id = fields.nextField(), market = fields.nextField()
            let maskedMobile = fields.nextField(), maskedEmail = fields.nextField()
            let firstName = fields.nextField(), lastName = fields.nextField()
            let passwordSalt = fields.nextField(), passwordDigest = fields.nextField()
            writer.encodeIfPresent(utf8: id, forKey: "id")
            writer.encodeIfPresent(utf8: market, forKey: "market")
            let keys = fields
            withUnsafeTemporaryAllocation(of: UnsafeBufferPointer<UInt8>.self, capacity: keys.reduce(0) { count, _ in count + 1 }) { buffer in
                for (index, key) in keys.enumerated() { buffer.initializeElement(at: index, to: key ?? UnsafeBufferPointer(start: nil, count: 0)) }
                writer.encode(utf8Strings: buffer, forKey: "identifierKeys")
            }
            writer.encodeIfPresent(utf8: maskedMobile, forKey: "maskedMobile")
            writer.encodeIfPresent(utf8: maskedEmail, forKey: "maskedEmail")
            writer.encodeIfPresent(utf8: firstName, forKey: "firstName")
            writer.encodeIfPresent(utf8: lastName, forKey: "lastName")
            joining(salt: passwordSalt, digest: passwordDigest) { writer.encodeIfPresent(utf8: $0, forKey: "passwordDigest") }
        }
        writer.encode(sessions, forKey: "sessions")
    }

    /// Packs the strings of the account `reader` reads into `strings` (in the order of `Field`:
    /// the keys last); returns its id and sessions.
    static func decode(from reader: inout BinaryKeyedReader, into strings: inout PackedStrings) throws -> (id: String, sessions: Int) {
        let id = try reader.decode(String.self, forKey: "id")
        strings.append(id)
        strings.append(try reader.decode(String.self, forKey: "market"))
        func append(_ key: StaticString) throws {
            try reader.withUTF8IfPresent(forKey: key) { strings.append(utf8: $0) }
        }
        try append("maskedMobile")
        try append("maskedEmail")
        try append("firstName")
        try append("lastName")
        try reader.withUTF8IfPresent(forKey: "passwordDigest") { utf8 in
            let parts = PasswordParts.split(utf8: utf8)
            strings.append(utf8: parts.salt)
            strings.append(utf8: parts.digest)
        }
        // The keys are written third but packed last: read after the rest (and after `sessions`,
        // so only the keys are looked up out of the written order).
        let sessions = try reader.decode(Int.self, forKey: "sessions")
        try reader.forEachUTF8(inStringsForKey: "identifierKeys") { strings.append(utf8: $0) }
        return (id, sessions)
    }

    /// Calls `body` with the UTF-8 of `salt$digest`, or of `digest` alone if there is no salt.
    private static func joining(
        salt: UnsafeBufferPointer<UInt8>?, digest: UnsafeBufferPointer<UInt8>?, _ body: (UnsafeBufferPointer<UInt8>?) -> Void
    ) {
        guard let salt, let digest else { return body(digest) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: salt.count + 1 + digest.count) { buffer in
            _ = buffer.initialize(fromContentsOf: salt)
            buffer[salt.count] = UInt8(ascii: "$")
            _ = UnsafeMutableBufferPointer(rebasing: buffer[(salt.count + 1)...]).initialize(fromContentsOf: digest)
            body(UnsafeBufferPointer(buffer))
        }
    }
}
